/** Reads and writes of the `application` and `application_log` tables. */
import type { Kysely, Selectable } from "kysely";
import type { ApplyForm } from "../../../contract/applications.ts";
import { countedPage, type PageRequest } from "../../db/paging.ts";
import type { ApplicationTable, Database } from "../../db/schema.ts";
import { containsText } from "../../db/text-match.ts";

type Db = Kysely<Database>;
export type ApplicationRow = Selectable<ApplicationTable>;

const COLUMNS = [
  "id",
  "user_id",
  "real_name",
  "company",
  "intro",
  "purpose",
  "latest_status",
  "latest_deal_by",
  "latest_deal_at",
  "created_at",
  "updated_at",
] as const;

export async function findApplicationOfUser(db: Db, userId: number): Promise<ApplicationRow | null> {
  const row = await db
    .selectFrom("application")
    .select(COLUMNS)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ?? null;
}

/** A first application; fails on the unique user when the reader already has one. */
export async function insertApplication(
  db: Db,
  userId: number,
  form: ApplyForm,
  now: number,
): Promise<number> {
  const row = await db
    .insertInto("application")
    .values({
      user_id: userId,
      real_name: form.real_name,
      company: form.company,
      intro: form.intro,
      purpose: form.purpose,
      latest_status: "pending",
      latest_deal_by: null,
      latest_deal_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Submits a rejected application again with the new form; null when the reader's is not rejected. */
export async function resubmitApplication(
  db: Db,
  userId: number,
  form: ApplyForm,
  now: number,
): Promise<number | null> {
  const row = await db
    .updateTable("application")
    .set({
      real_name: form.real_name,
      company: form.company,
      intro: form.intro,
      purpose: form.purpose,
      latest_status: "pending",
      updated_at: now,
    })
    .where("user_id", "=", userId)
    .where("latest_status", "=", "rejected")
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Decides a pending application; false when it is not pending (or not there). */
export async function decideApplication(
  db: Db,
  id: number,
  decision: { status: string; adminId: number; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable("application")
    .set({
      latest_status: decision.status,
      latest_deal_by: decision.adminId,
      latest_deal_at: decision.now,
      updated_at: decision.now,
    })
    .where("id", "=", id)
    .where("latest_status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export type NewApplicationLog = {
  applicationId: number;
  status: string;
  reason: string;
  dealBy: number | null;
  dealAt: number;
};

export async function insertApplicationLog(db: Db, log: NewApplicationLog): Promise<void> {
  await db
    .insertInto("application_log")
    .values({
      application_id: log.applicationId,
      status: log.status,
      reason: log.reason,
      deal_by: log.dealBy,
      deal_at: log.dealAt,
    })
    .execute();
}

/** An application's history, newest first, with who decided each entry. */
export async function listApplicationLogs(db: Db, applicationId: number) {
  return db
    .selectFrom("application_log")
    .leftJoin("user", "user.id", "application_log.deal_by")
    .select([
      "application_log.status",
      "application_log.reason",
      "application_log.deal_by",
      "application_log.deal_at",
      "user.username as deal_username",
      "user.nickname as deal_nickname",
    ])
    .where("application_log.application_id", "=", applicationId)
    .orderBy("application_log.deal_at", "desc")
    .orderBy("application_log.id", "desc")
    .execute();
}
export type ApplicationLogRow = Awaited<ReturnType<typeof listApplicationLogs>>[number];

function joined(db: Db) {
  return db
    .selectFrom("application")
    .innerJoin("user as applicant", "applicant.id", "application.user_id")
    .leftJoin("user as dealer", "dealer.id", "application.latest_deal_by");
}

const ADMIN_SELECTION = [
  ...COLUMNS.map((column) => `application.${column}` as const),
  "applicant.username",
  "applicant.nickname",
  "applicant.email",
  "applicant.phone",
  "dealer.username as latest_deal_username",
] as const;

export type AdminApplicationFilter = {
  realName?: string | undefined;
  username?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  latestStatus?: string | undefined;
};

export async function listApplicationsForAdmin(db: Db, filter: AdminApplicationFilter, page: PageRequest) {
  let query = joined(db);
  const { realName, username, email, phone, latestStatus } = filter;
  if (realName) query = query.where((eb) => containsText(eb.ref("application.real_name"), realName));
  if (username) query = query.where((eb) => containsText(eb.ref("applicant.username"), username));
  if (email) query = query.where((eb) => containsText(eb.ref("applicant.email"), email));
  if (phone) query = query.where((eb) => containsText(eb.ref("applicant.phone"), phone));
  if (latestStatus) query = query.where("application.latest_status", "=", latestStatus);
  return countedPage(query, page, (filtered) =>
    filtered
      .select(ADMIN_SELECTION)
      .orderBy("application.updated_at", "desc")
      .orderBy("application.id", "desc"),
  );
}
export type AdminApplicationRow = Awaited<ReturnType<typeof listApplicationsForAdmin>>["rows"][number];

export async function findApplicationForAdmin(db: Db, id: number): Promise<AdminApplicationRow | null> {
  const row = await joined(db).select(ADMIN_SELECTION).where("application.id", "=", id).executeTakeFirst();
  return row ?? null;
}
