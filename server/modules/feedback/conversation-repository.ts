/**
 * Reads and writes of a feedback's conversation: the `feedback_log` table, the reader's own
 * feedback list, and the feedback's unread-reply flag.
 */
import type { Kysely } from "kysely";
import type { FeedbackSort } from "../../../contract/feedback.ts";
import { countedPage, type PageRequest } from "../../db/paging.ts";
import type { Database } from "../../db/schema.ts";
import { FEEDBACK_COLUMNS, type FeedbackRow } from "./feedback-repository.ts";

type Db = Kysely<Database>;

export type FeedbackLogRow = {
  id: number;
  feedback_id: number;
  sender: string;
  author_id: number | null;
  author_username: string | null;
  content: string;
  attachment: string | null;
  status: string;
  created_at: number;
};

export async function findOwnFeedback(db: Db, userId: number, id: number): Promise<FeedbackRow | null> {
  const row = await db
    .selectFrom("feedback")
    .select(FEEDBACK_COLUMNS)
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ?? null;
}

/** One page of the reader's feedback, optionally of some sutras only. */
export async function listOwnFeedback(
  db: Db,
  filter: { userId: number; sutraUids?: string[] | undefined; sort: FeedbackSort },
  page: PageRequest,
): Promise<{ total: number; rows: FeedbackRow[] }> {
  let query = db.selectFrom("feedback").where("user_id", "=", filter.userId);
  if (filter.sutraUids && filter.sutraUids.length > 0)
    query = query.where("sutra_uid", "in", filter.sutraUids);
  const direction = filter.sort === "created_at" ? "asc" : "desc";
  return countedPage(query, page, (filtered) =>
    filtered.select(FEEDBACK_COLUMNS).orderBy("created_at", direction).orderBy("id", direction),
  );
}

const LOG_COLUMNS = [
  "feedback_log.id",
  "feedback_log.feedback_id",
  "feedback_log.sender",
  "feedback_log.author_id",
  "user.username as author_username",
  "feedback_log.content",
  "feedback_log.attachment",
  "feedback_log.status",
  "feedback_log.created_at",
] as const;

function logsWithAuthors(db: Db) {
  return db.selectFrom("feedback_log").leftJoin("user", "user.id", "feedback_log.author_id");
}

/** One page of a feedback's conversation, oldest first. */
export async function listFeedbackLogs(
  db: Db,
  feedbackId: number,
  page: PageRequest,
): Promise<{ total: number; rows: FeedbackLogRow[] }> {
  const query = logsWithAuthors(db).where("feedback_log.feedback_id", "=", feedbackId);
  return countedPage(query, page, (filtered) =>
    filtered.select(LOG_COLUMNS).orderBy("feedback_log.created_at", "asc").orderBy("feedback_log.id", "asc"),
  );
}

export async function findFeedbackLog(db: Db, id: number): Promise<FeedbackLogRow> {
  return logsWithAuthors(db).select(LOG_COLUMNS).where("feedback_log.id", "=", id).executeTakeFirstOrThrow();
}

export type NewFeedbackLog = {
  feedbackId: number;
  sender: string;
  authorId: number;
  content: string;
  attachment: string | null;
  status: string;
  createdAt: number;
};

export async function insertFeedbackLog(db: Db, log: NewFeedbackLog): Promise<number> {
  const row = await db
    .insertInto("feedback_log")
    .values({
      feedback_id: log.feedbackId,
      sender: log.sender,
      author_id: log.authorId,
      content: log.content,
      attachment: log.attachment,
      status: log.status,
      created_at: log.createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Stamps the reader's feedback as continued, if it still may be (its status among `open`): false
 * when it is not theirs or is completed.
 */
export async function touchOpenFeedback(
  db: Db,
  userId: number,
  id: number,
  open: readonly string[],
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable("feedback")
    .set({ updated_at: now })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("status", "in", open)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markRepliesRead(db: Db, userId: number, id: number): Promise<void> {
  await db
    .updateTable("feedback")
    .set({ has_unread_log: 0 })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("has_unread_log", "<>", 0)
    .execute();
}

export async function countFeedbackWithUnreadLogs(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom("feedback")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("has_unread_log", "<>", 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
