/** Reads and writes of the `message` table. */
import type { Kysely, Selectable } from "kysely";
import type { Notice } from "../../../contract/messages.ts";
import { countedPage, type PageRequest } from "../../db/paging.ts";
import type { Database, MessageTable } from "../../db/schema.ts";

type Db = Kysely<Database>;
export type MessageRow = Selectable<MessageTable>;

const COLUMNS = [
  "id",
  "user_id",
  "msg_type",
  "content",
  "extra",
  "kind",
  "params",
  "is_read",
  "is_deleted",
  "send_at",
] as const;

export type NewMessage = {
  userId: number;
  msgType: string;
  content: string;
  extra: string;
  /** A notice's kind and parameters; null for a message kept as its text. */
  notice: Notice | null;
  sendAt: number;
};

export async function insertMessage(db: Db, message: NewMessage): Promise<number> {
  const row = await db
    .insertInto("message")
    .values({
      user_id: message.userId,
      msg_type: message.msgType,
      content: message.content,
      extra: message.extra,
      kind: message.notice?.kind ?? null,
      params: message.notice ? JSON.stringify(message.notice.params) : null,
      send_at: message.sendAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One page of the user's messages that are not deleted, newest first. */
export async function listMessages(
  db: Db,
  filter: { userId: number; msgType?: string | undefined },
  page: PageRequest,
): Promise<{ total: number; rows: MessageRow[] }> {
  let query = db.selectFrom("message").where("user_id", "=", filter.userId).where("is_deleted", "=", 0);
  if (filter.msgType) query = query.where("msg_type", "=", filter.msgType);
  return countedPage(query, page, (filtered) =>
    filtered.select(COLUMNS).orderBy("send_at", "desc").orderBy("id", "desc"),
  );
}

export async function markMessagesRead(db: Db, userId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("message")
    .set({ is_read: 1 })
    .where("user_id", "=", userId)
    .where("id", "in", ids)
    .where("is_read", "=", 0)
    .execute();
}

/** Marks the user's message deleted (and read); false when the user has no such message. */
export async function markMessageDeleted(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .updateTable("message")
    .set({ is_deleted: 1, is_read: 1 })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countUnreadMessages(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom("message")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("is_deleted", "=", 0)
    .where("is_read", "=", 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
