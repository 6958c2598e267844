/**
 * Researcher applications (spec sections 2, 4, 6, 7): a reader applies when they have no
 * application or theirs was rejected; an administrator decides a pending one once. An approval
 * gives the researcher role and ends the reader's access tokens (refresh tokens kept, so the next
 * refresh carries the role); every decision writes the reader one message. All of a decision
 * commits together; the mail goes after.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Role } from "../../../contract/accounts.ts";
import { type ApplicationStatus, mayApply } from "../../../contract/application-rules.ts";
import {
  type AdminApplication,
  type AdminApplicationDetail,
  type AdminApplicationListQuery,
  type ApplicationStatusResult,
  type ApplyForm,
  adminApplicationSchema,
  type Deal,
} from "../../../contract/applications.ts";
import { type Paged, pageOf } from "../../../contract/envelope.ts";
import { pageRequestOf } from "../../db/paging.ts";
import type { Database } from "../../db/schema.ts";
import { ApiError, notFound } from "../../errors.ts";
import type { MessageSender } from "../auth/messages.ts";
import { updateUserEndingSessions } from "../auth/sessions.ts";
import { findUserById } from "../auth/user-repository.ts";
import { applicationDecisionNotice, mailNotice, writeNotice } from "../messages/notices.ts";
import {
  type AdminApplicationRow,
  type ApplicationRow,
  decideApplication,
  findApplicationForAdmin,
  findApplicationOfUser,
  insertApplication,
  insertApplicationLog,
  listApplicationLogs,
  listApplicationsForAdmin,
  resubmitApplication,
} from "./application-repository.ts";

type Db = Kysely<Database>;
export type ApplicationCtx = { db: Db; now: () => number; sender: MessageSender; log: FastifyBaseLogger };

const RESEARCHER: Role = "researcher";
const statusOf = (value: string): ApplicationStatus =>
  adminApplicationSchema.shape.latest_status.parse(value);

const NONE: ApplicationStatusResult = {
  latest_status: null,
  real_name: "",
  company: "",
  intro: "",
  purpose: "",
  created_at: null,
  updated_at: null,
  apply_logs: [],
};

async function statusResult(db: Db, row: ApplicationRow | null): Promise<ApplicationStatusResult> {
  if (!row) return NONE;
  const logs = await listApplicationLogs(db, row.id);
  return {
    latest_status: statusOf(row.latest_status),
    real_name: row.real_name,
    company: row.company,
    intro: row.intro,
    purpose: row.purpose,
    created_at: row.created_at,
    updated_at: row.updated_at,
    apply_logs: logs.map((log) => ({
      status: statusOf(log.status),
      reason: log.reason,
      deal_at: log.deal_at,
    })),
  };
}

export async function applicationStatus(db: Db, userId: number): Promise<ApplicationStatusResult> {
  return statusResult(db, await findApplicationOfUser(db, userId));
}

const refusal = (status: ApplicationStatus | null): ApiError =>
  new ApiError(
    422,
    status === "approved"
      ? "your application has been approved: there is nothing to apply for"
      : "your application is pending: it can be submitted again only after a rejection",
  );

/** Submits the reader's application: a first one, or again after a rejection; 422 otherwise. */
export async function apply(
  ctx: ApplicationCtx,
  userId: number,
  form: ApplyForm,
): Promise<ApplicationStatusResult> {
  const existing = await findApplicationOfUser(ctx.db, userId);
  const latest = existing ? statusOf(existing.latest_status) : null;
  if (!mayApply(latest)) throw refusal(latest);
  const now = ctx.now();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const id = existing
        ? await resubmitApplication(trx, userId, form, now)
        : await insertApplication(trx, userId, form, now);
      // Decided or submitted by another request since it was read.
      if (id === null) throw refusal("pending");
      await insertApplicationLog(trx, {
        applicationId: id,
        status: "pending",
        reason: "",
        dealBy: null,
        dealAt: now,
      });
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // A first application sent twice at once: the other one is stored (the reader's is unique).
    const stored = await findApplicationOfUser(ctx.db, userId);
    if (stored && existing === null) throw refusal(statusOf(stored.latest_status));
    throw error;
  }
  return applicationStatus(ctx.db, userId);
}

function toAdminApplication(row: AdminApplicationRow): AdminApplication {
  return {
    _id: row.id,
    user_id: row.user_id,
    real_name: row.real_name,
    company: row.company,
    username: row.username,
    nickname: row.nickname,
    email: row.email,
    phone: row.phone,
    latest_status: statusOf(row.latest_status),
    intro: row.intro,
    purpose: row.purpose,
    created_at: row.created_at,
    updated_at: row.updated_at,
    latest_deal_username: row.latest_deal_username,
    latest_deal_at: row.latest_deal_at,
  };
}

export async function listAdminApplications(
  db: Db,
  query: AdminApplicationListQuery,
): Promise<Paged<AdminApplication>> {
  const { total, rows } = await listApplicationsForAdmin(
    db,
    {
      realName: query.real_name,
      username: query.username,
      email: query.email,
      phone: query.phone,
      latestStatus: query.latest_status,
    },
    pageRequestOf(query),
  );
  return pageOf(total, query, rows.map(toAdminApplication));
}

export async function adminApplicationDetail(db: Db, id: number): Promise<AdminApplicationDetail> {
  const row = await findApplicationForAdmin(db, id);
  if (!row) throw notFound("application", String(id));
  const logs = await listApplicationLogs(db, id);
  return {
    ...toAdminApplication(row),
    apply_logs: logs.map((log) => ({
      status: statusOf(log.status),
      reason: log.reason,
      deal_at: log.deal_at,
      deal_by: log.deal_by,
      deal_username: log.deal_username,
      deal_nickname: log.deal_nickname,
    })),
  };
}

/** Decides a pending application (422 when it is decided already, and nothing changes). */
export async function decide(
  ctx: ApplicationCtx,
  adminId: number,
  id: number,
  deal: Deal,
): Promise<AdminApplicationDetail> {
  const now = ctx.now();
  const notice = await ctx.db.transaction().execute(async (trx) => {
    if (!(await decideApplication(trx, id, { status: deal.status, adminId, now }))) {
      const row = await findApplicationForAdmin(trx, id);
      if (!row) throw notFound("application", String(id));
      throw new ApiError(422, `this application is ${row.latest_status}: only a pending one can be decided`);
    }
    const row = await findApplicationForAdmin(trx, id);
    const reader = row ? await findUserById(trx, row.user_id) : null;
    if (!row || !reader) throw notFound("application", String(id));
    await insertApplicationLog(trx, {
      applicationId: id,
      status: deal.status,
      reason: deal.reason,
      dealBy: adminId,
      dealAt: now,
    });
    if (deal.status === "approved" && !reader.roles.includes(RESEARCHER))
      await updateUserEndingSessions(
        trx,
        reader.id,
        { roles: [...reader.roles, RESEARCHER] },
        now,
        "access tokens",
      );
    const decided = applicationDecisionNotice(reader, deal.status, deal.reason);
    await writeNotice(trx, decided, now);
    return decided;
  });
  await mailNotice(ctx, notice);
  return adminApplicationDetail(ctx.db, id);
}
