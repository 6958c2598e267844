/**
 * How a message shows (spec section 2), in the reader's language: a notice written from its kind
 * and parameters, an application decision as success or failure with the reason, and any other
 * message as it was stored. Messages stored before notices had kinds still carry a decision in
 * `extra`, and answers kept on this device from then carry no `notice` at all.
 */
import type { I18n } from "@lingui/core";
import type { Message } from "../../../../contract/messages.ts";
import { tr } from "../../../i18n/translate.ts";
import { messageText as t } from "./text.ts";

export type Decision = { status: "approved" | "rejected"; reason: string | null };

type Shown = Pick<Message, "msg_type" | "extra" | "content"> & { notice?: Message["notice"] };

const reasonOf = (reason: string | undefined): string | null => {
  const trimmed = reason?.trim() ?? "";
  return trimmed === "" ? null : trimmed;
};

/** The application decision a system message carries, or null for any other message. */
export function decisionOf(message: Omit<Shown, "content">): Decision | null {
  if (message.msg_type !== "system") return null;
  const notice = message.notice;
  if (notice?.kind === "application_decision") {
    const { status, reason } = notice.params;
    return status === "approved" ? { status, reason: null } : { status, reason: reasonOf(reason) };
  }
  if (notice) return null;
  const status = message.extra.deal_status;
  if (status === undefined) return null;
  if (status === "approved") return { status, reason: null };
  return { status: "rejected", reason: reasonOf(message.extra.deal_reason) };
}

export type MessageView =
  | { kind: "decision"; status: Decision["status"]; title: string; reason: string | null }
  | { kind: "text"; text: string; feedbackId: number | null };

export function messageView(i18n: I18n, message: Shown): MessageView {
  const decision = decisionOf(message);
  if (decision)
    return {
      kind: "decision",
      status: decision.status,
      title: i18n._(decision.status === "approved" ? t.approved : t.rejected),
      reason: decision.reason === null ? null : tr(i18n, t.reason, { reason: decision.reason }),
    };
  const notice = message.notice;
  if (notice?.kind === "feedback_reply") {
    const { feedback_id: feedbackId, reply } = notice.params;
    return {
      kind: "text",
      text: tr(i18n, t.feedbackReply, { feedbackId: String(feedbackId), reply }),
      feedbackId,
    };
  }
  return { kind: "text", text: message.content, feedbackId: message.extra.feedback_id ?? null };
}
