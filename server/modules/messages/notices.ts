/**
 * System messages: what a reader is told when an administrator replies to their feedback or
 * decides their researcher application. The message is written in the transaction of the action;
 * the same notice goes out by e-mail after it commits, and a failed mail is only logged, so it
 * never undoes or fails the administrator's action.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { ApplicationDecision } from "../../../contract/application-rules.ts";
import type { MessageExtra, MsgType } from "../../../contract/messages.ts";
import type { Database } from "../../db/schema.ts";
import type { MessageSender } from "../auth/messages.ts";
import { insertMessage } from "./message-repository.ts";

export type Notice = {
  userId: number;
  /** The reader's e-mail address, or null when they have none (no mail is sent). */
  email: string | null;
  subject: string;
  content: string;
  extra: MessageExtra;
};

const SYSTEM: MsgType = "system";
const MAIL_FOOTER = "登录后可在“我的消息”中查看。";

export function feedbackReplyNotice(
  reader: { id: number; email: string | null },
  feedbackId: number,
  reply: string,
): Notice {
  return {
    userId: reader.id,
    email: reader.email,
    subject: "您的反馈有了新的回复",
    content: `您的反馈（编号 ${feedbackId}）有了新的回复：${reply}`,
    extra: { feedback_id: feedbackId },
  };
}

export function applicationDecisionNotice(
  reader: { id: number; email: string | null },
  decision: ApplicationDecision,
  reason: string,
): Notice {
  return {
    userId: reader.id,
    email: reader.email,
    subject: "研究者申请结果",
    content: decision === "approved" ? "您的研究者申请已通过。" : `您的研究者申请未通过。原因：${reason}`,
    extra: { deal_status: decision, deal_reason: reason },
  };
}

/** Writes the notice as a system message to the reader; call it inside the action's transaction. */
export async function writeNotice(db: Kysely<Database>, notice: Notice, now: number): Promise<number> {
  return insertMessage(db, {
    userId: notice.userId,
    msgType: SYSTEM,
    content: notice.content,
    extra: JSON.stringify(notice.extra),
    sendAt: now,
  });
}

/** Mails the notice when the reader has an address; call it after the transaction has committed. */
export async function mailNotice(
  ctx: { sender: MessageSender; log: FastifyBaseLogger },
  notice: Notice,
): Promise<void> {
  if (!notice.email) return;
  try {
    await ctx.sender.send({
      channel: "email",
      receiver: notice.email,
      subject: notice.subject,
      body: `${notice.content}\n\n${MAIL_FOOTER}`,
    });
  } catch (error) {
    ctx.log.error({ err: error, userId: notice.userId }, "mailing a notice failed; the message is kept");
  }
}
