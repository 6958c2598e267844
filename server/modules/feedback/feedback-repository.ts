/** Reads and writes of the `feedback` table, and the canon lookups that check what it refers to. */
import type { Insertable, Kysely, Selectable } from "kysely";
import type { Database, FeedbackTable } from "../../db/schema.ts";

type Db = Kysely<Database>;
export type FeedbackRow = Selectable<FeedbackTable>;
export type NewFeedback = Omit<Insertable<FeedbackTable>, "id">;

export const FEEDBACK_COLUMNS = [
  "id",
  "user_id",
  "feedback_type",
  "question_type",
  "source",
  "tripitaka_uid",
  "sutra_uid",
  "reel_uid",
  "page_id",
  "block_id",
  "cids",
  "origin_text",
  "suggestion",
  "attachment",
  "status",
  "has_unread_log",
  "last_deal_by",
  "last_deal_at",
  "client_key",
  "created_at",
  "updated_at",
] as const;

export async function insertFeedback(db: Db, row: NewFeedback): Promise<FeedbackRow> {
  const { id } = await db.insertInto("feedback").values(row).returning("id").executeTakeFirstOrThrow();
  return db.selectFrom("feedback").select(FEEDBACK_COLUMNS).where("id", "=", id).executeTakeFirstOrThrow();
}

export async function findByClientKey(
  db: Db,
  userId: number,
  clientKey: string,
): Promise<FeedbackRow | null> {
  const row = await db
    .selectFrom("feedback")
    .select(FEEDBACK_COLUMNS)
    .where("user_id", "=", userId)
    .where("client_key", "=", clientKey)
    .executeTakeFirst();
  return row ?? null;
}

export async function findSutra(db: Db, sutraUid: string): Promise<{ tripitaka_uid: string } | null> {
  const row = await db
    .selectFrom("sutra")
    .select(["tripitaka_uid"])
    .where("uid", "=", sutraUid)
    .executeTakeFirst();
  return row ?? null;
}

export async function reelOfSutraExists(db: Db, reelUid: string, sutraUid: string): Promise<boolean> {
  const row = await db
    .selectFrom("reel")
    .select(["uid"])
    .where("uid", "=", reelUid)
    .where("sutra_uid", "=", sutraUid)
    .executeTakeFirst();
  return row !== undefined;
}

/** The pages a reel's text is on. */
export async function pagesOfReel(db: Db, reelUid: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom("line")
    .select(["page_uid"])
    .distinct()
    .where("reel_uid", "=", reelUid)
    .execute();
  return new Set(rows.map((r) => r.page_uid));
}

/** The sutras whose text is on a page, or null when there is no such page. */
export async function sutrasOnPage(db: Db, pageUid: string): Promise<string[] | null> {
  const row = await db
    .selectFrom("page")
    .select(["sutra_uids"])
    .where("uid", "=", pageUid)
    .executeTakeFirst();
  if (!row) return null;
  const sutras: unknown = JSON.parse(row.sutra_uids);
  return Array.isArray(sutras) ? sutras.filter((uid): uid is string => typeof uid === "string") : [];
}
