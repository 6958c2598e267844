/**
 * A reader's messages (spec sections 2, 3, 7): system notices (an administrator's reply to their
 * feedback, the decision on their researcher application) and messages from other users, and
 * the counts behind the home page's new-message prompt.
 *
 * Reading: `GET /v1/messages` marks the messages of the page it answers as read. Each answers
 * `is_read` as it was before this view, so the screen shows the unread dot on what is new, and
 * the unread count (`my_msg_num`) drops at once. `POST /v1/messages/{id}/update` with
 * `{ "is_deleted": true }` deletes.
 *
 * A notice the server writes is kept as a kind and its parameters (`notice`), never as text, and is
 * written in the language of whoever reads it: the web app writes it from `notice` in its own
 * language, and `content` holds it in the language of the request (the `lang` cookie, else
 * `Accept-Language`, else simplified Chinese). A message stored as text has no `notice` and is
 * answered as it was stored.
 */
import { z } from "zod";
import { APPLICATION_DECISIONS } from "./application-rules.ts";
import { pageQuery, rowIdSchema } from "./list-queries.ts";
import { withSpecNames } from "./spec-names.ts";

export const MSG_TYPES = ["friend", "system"] as const;
export type MsgType = (typeof MSG_TYPES)[number];
/** Spec section 9: messages are listed 10 to a page. */
export const MESSAGE_PAGE_SIZE = 10;

export const messageListQuery = withSpecNames(
  pageQuery(MESSAGE_PAGE_SIZE, 100).extend({ msg_type: z.enum(MSG_TYPES).optional() }),
  { msgType: "msg_type" },
);

export const messageParams = z.object({ message_id: rowIdSchema });

/** The update the spec uses, and the only one: deleting the message, as `{ "is_deleted": true }`. */
export const messageUpdateBody = z.object({ is_deleted: z.literal(true) });

/** What a system message says beyond its text, for the screen to show it in the reader's language. */
export const messageExtraSchema = z.object({
  /** An application decision: approved shows success, anything else failure with the reason. */
  deal_status: z.enum(["approved", "rejected"]).optional(),
  deal_reason: z.string().optional(),
  /** A reply to this feedback of the reader's. */
  feedback_id: z.number().int().optional(),
});
export type MessageExtra = z.infer<typeof messageExtraSchema>;

/** The notices the server writes into a reader's messages, each a kind with its parameters. */
export const noticeSchema = z.discriminatedUnion("kind", [
  z.object({
    /** An administrator replied to the reader's feedback. */
    kind: z.literal("feedback_reply"),
    params: z.object({ feedback_id: z.number().int(), reply: z.string() }),
  }),
  z.object({
    /** An administrator decided the reader's researcher application; the reason may be empty. */
    kind: z.literal("application_decision"),
    params: z.object({ status: z.enum(APPLICATION_DECISIONS), reason: z.string() }),
  }),
]);
export type Notice = z.infer<typeof noticeSchema>;
export type NoticeKind = Notice["kind"];

export const messageSchema = z.object({
  _id: z.number().int(),
  /** A notice in the request's language; any other message as it was stored. */
  content: z.string(),
  /** What the notice says as a kind and its parameters; null for a message stored as text. */
  notice: noticeSchema.nullable(),
  is_read: z.boolean(),
  msg_type: z.enum(MSG_TYPES),
  /** Milliseconds since the epoch. */
  send_at: z.number().int(),
  extra: messageExtraSchema,
});
export type Message = z.infer<typeof messageSchema>;

/** `GET /v1/user/msg_remind`: unread messages, and feedback with replies the reader has not opened. */
export const msgRemindSchema = z.object({
  my_msg_num: z.number().int().nonnegative(),
  feedback_msg_num: z.number().int().nonnegative(),
});
export type MsgRemind = z.infer<typeof msgRemindSchema>;
