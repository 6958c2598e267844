/**
 * System messages: what a reader is told when an administrator replies to their feedback or
 * decides their researcher application. A notice is kept as a kind and its parameters, and is
 * written in the reader's language where it is read (notice-texts.ts). The message is written in
 * the transaction of the action; the same notice goes out by e-mail after it commits, and a
 * failed mail is only logged, so it never undoes or fails the administrator's action.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { ApplicationDecision } from "../../../contract/application-rules.ts";
import type { MessageExtra, MsgType, Notice } from "../../../contract/messages.ts";
import type { Database } from "../../db/schema.ts";
import type { MessageSender } from "../auth/messages.ts";
import { insertMessage } from "./message-repository.ts";
import { noticeMail } from "./notice-texts.ts";

/** A notice to one reader. */
export type ReaderNotice = {
  userId: number;
  /** The reader's e-mail address, or null when they have none (no mail is sent). */
  email: string | null;
  notice: Notice;
};

const SYSTEM: MsgType = "system";

export function feedbackReplyNotice(
  reader: { id: number; email: string | null },
  feedbackId: number,
  reply: string,
): ReaderNotice {
  return {
    userId: reader.id,
    email: reader.email,
    notice: { kind: "feedback_reply", params: { feedback_id: feedbackId, reply } },
  };
}

export function applicationDecisionNotice(
  reader: { id: number; email: string | null },
  decision: ApplicationDecision,
  reason: string,
): ReaderNotice {
  return {
    userId: reader.id,
    email: reader.email,
    notice: { kind: "application_decision", params: { status: decision, reason } },
  };
}

/** The spec's `extra` of the notice's message, which clients that do not read `notice` show. */
function extraOf(notice: Notice): MessageExtra {
  if (notice.kind === "feedback_reply") return { feedback_id: notice.params.feedback_id };
  return { deal_status: notice.params.status, deal_reason: notice.params.reason };
}

/** Writes the notice as a system message to the reader; call it inside the action's transaction. */
export async function writeNotice(db: Kysely<Database>, notice: ReaderNotice, now: number): Promise<number> {
  return insertMessage(db, {
    userId: notice.userId,
    msgType: SYSTEM,
    content: "",
    extra: JSON.stringify(extraOf(notice.notice)),
    notice: notice.notice,
    sendAt: now,
  });
}

/** Mails the notice when the reader has an address; call it after the transaction has committed. */
export async function mailNotice(
  ctx: { sender: MessageSender; log: FastifyBaseLogger },
  notice: ReaderNotice,
): Promise<void> {
  if (!notice.email) return;
  try {
    await ctx.sender.send({ channel: "email", receiver: notice.email, ...noticeMail(notice.notice) });
  } catch (error) {
    ctx.log.error({ err: error, userId: notice.userId }, "mailing a notice failed; the message is kept");
  }
}
