/** How a message shows (spec section 2): an application decision as success or failure with the reason. */
import type { Message } from "../../../../contract/messages.ts";

export type Decision = { status: "approved" | "rejected"; reason: string | null };

/** The application decision a system message carries, or null for any other message. */
export function decisionOf(message: Pick<Message, "msg_type" | "extra">): Decision | null {
  const status = message.extra.deal_status;
  if (message.msg_type !== "system" || status === undefined) return null;
  if (status === "approved") return { status, reason: null };
  const reason = message.extra.deal_reason?.trim() ?? "";
  return { status: "rejected", reason: reason === "" ? null : reason };
}
