/**
 * A reader's messages (contract/messages.ts): listing marks the page read, the update deletes,
 * and the remind counts feed the home page's new-message prompt.
 */
import type { Kysely } from "kysely";
import type { z } from "zod";
import { type Paged, pageOf } from "../../../contract/envelope.ts";
import type { AppLocale } from "../../../contract/locale-rules.ts";
import {
  type Message,
  type MsgRemind,
  messageExtraSchema,
  type messageListQuery,
  messageSchema,
  type Notice,
  noticeSchema,
} from "../../../contract/messages.ts";
import { pageRequestOf } from "../../db/paging.ts";
import type { Database } from "../../db/schema.ts";
import { notFound } from "../../errors.ts";
import { countFeedbackWithUnreadLogs } from "../feedback/conversation-repository.ts";
import {
  countUnreadMessages,
  listMessages,
  type MessageRow,
  markMessageDeleted,
  markMessagesRead,
} from "./message-repository.ts";
import { noticeText } from "./notice-texts.ts";

type Db = Kysely<Database>;

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The row's notice; null for a message kept as text, or a kind this server does not know. */
function noticeOf(row: MessageRow): Notice | null {
  if (row.kind === null) return null;
  const notice = noticeSchema.safeParse({ kind: row.kind, params: parseJson(row.params) });
  return notice.success ? notice.data : null;
}

function toMessage(row: MessageRow, locale: AppLocale): Message {
  const extra = messageExtraSchema.safeParse(parseJson(row.extra));
  const notice = noticeOf(row);
  return {
    _id: row.id,
    content: notice ? noticeText(notice, locale) : row.content,
    notice,
    is_read: row.is_read !== 0,
    msg_type: messageSchema.shape.msg_type.parse(row.msg_type),
    send_at: row.send_at,
    extra: extra.success ? extra.data : {},
  };
}

/**
 * A page of the reader's messages, newest first, each as it was before this view, its notices
 * written in `locale`; the page is read now.
 */
export async function readMessages(
  db: Db,
  userId: number,
  query: z.output<typeof messageListQuery>,
  locale: AppLocale,
): Promise<Paged<Message>> {
  const { total, rows } = await listMessages(db, { userId, msgType: query.msg_type }, pageRequestOf(query));
  await markMessagesRead(
    db,
    userId,
    rows.filter((row) => row.is_read === 0).map((row) => row.id),
  );
  return pageOf(
    total,
    query,
    rows.map((row) => toMessage(row, locale)),
  );
}

export async function deleteMessage(db: Db, userId: number, messageId: number): Promise<void> {
  if (!(await markMessageDeleted(db, userId, messageId))) throw notFound("message", String(messageId));
}

export async function msgRemind(db: Db, userId: number): Promise<MsgRemind> {
  const [myMsgNum, feedbackMsgNum] = await Promise.all([
    countUnreadMessages(db, userId),
    countFeedbackWithUnreadLogs(db, userId),
  ]);
  return { my_msg_num: myMsgNum, feedback_msg_num: feedbackMsgNum };
}
