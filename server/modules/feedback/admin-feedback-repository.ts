/** The administrator's reads of feedback, with the reader's account and the last administrator who dealt with it. */
import type { Kysely } from "kysely";
import type { FeedbackSort } from "../../../contract/feedback.ts";
import { countedPage, type PageRequest } from "../../db/paging.ts";
import type { Database } from "../../db/schema.ts";
import { containsText } from "../../db/text-match.ts";
import { FEEDBACK_COLUMNS, type FeedbackRow } from "./feedback-repository.ts";

type Db = Kysely<Database>;

export type AdminFeedbackRow = FeedbackRow & {
  user_name: string;
  nick_name: string;
  email: string | null;
  phone: string | null;
  avatar: string;
  last_deal_username: string | null;
};

export type AdminFeedbackFilter = {
  username?: string | undefined;
  /** A sutra uid, or part of a sutra's name in either script. */
  sutra?: string | undefined;
  /** Submitted at or after `from` and before `until` (ms since the epoch). */
  from?: number | null;
  until?: number | null;
  questionType?: string | undefined;
  status?: string | undefined;
  sort: FeedbackSort;
};

const columns = FEEDBACK_COLUMNS.map((column) => `feedback.${column}` as const);

function joined(db: Db) {
  return db
    .selectFrom("feedback")
    .innerJoin("user as reader", "reader.id", "feedback.user_id")
    .leftJoin("user as dealer", "dealer.id", "feedback.last_deal_by");
}

const SELECTION = [
  ...columns,
  "reader.username as user_name",
  "reader.nickname as nick_name",
  "reader.email",
  "reader.phone",
  "reader.avatar",
  "dealer.username as last_deal_username",
] as const;

export async function listFeedbackForAdmin(
  db: Db,
  filter: AdminFeedbackFilter,
  page: PageRequest,
): Promise<{ total: number; rows: AdminFeedbackRow[] }> {
  let query = joined(db);
  const { username, sutra, from, until, questionType, status } = filter;
  if (username) query = query.where((eb) => containsText(eb.ref("reader.username"), username));
  if (sutra)
    query = query.where((eb) =>
      eb.or([
        eb("feedback.sutra_uid", "=", sutra),
        eb(
          "feedback.sutra_uid",
          "in",
          eb
            .selectFrom("sutra")
            .select("sutra.uid")
            .where((inner) =>
              inner.or([
                containsText(inner.ref("sutra.name_sim"), sutra),
                containsText(inner.ref("sutra.name_trad"), sutra),
              ]),
            ),
        ),
      ]),
    );
  if (from !== undefined && from !== null) query = query.where("feedback.created_at", ">=", from);
  if (until !== undefined && until !== null) query = query.where("feedback.created_at", "<", until);
  if (questionType) query = query.where("feedback.question_type", "=", questionType);
  if (status) query = query.where("feedback.status", "=", status);
  const direction = filter.sort === "created_at" ? "asc" : "desc";
  return countedPage(query, page, (filtered) =>
    filtered.select(SELECTION).orderBy("feedback.created_at", direction).orderBy("feedback.id", direction),
  );
}

export async function findFeedbackForAdmin(db: Db, id: number): Promise<AdminFeedbackRow | null> {
  const row = await joined(db).select(SELECTION).where("feedback.id", "=", id).executeTakeFirst();
  return row ?? null;
}

/** The administrator's reply sets the status and leaves a reply unread for the reader. */
export async function recordAdminReply(
  db: Db,
  id: number,
  reply: { status: string; adminId: number; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable("feedback")
    .set({
      status: reply.status,
      last_deal_by: reply.adminId,
      last_deal_at: reply.now,
      has_unread_log: 1,
      updated_at: reply.now,
    })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
