/** How a feedback's conversation shows, for the reader and the administrator alike (spec section 4). */
import type { FeedbackLog } from "../../../../contract/feedback-conversation.ts";

/**
 * Whether an entry shows the status it set. Entries with the pending status (every reader's
 * continuation, and a reply that left the feedback pending) are hidden from status display.
 */
export const showsLogStatus = (log: Pick<FeedbackLog, "status">): boolean => log.status !== "pending";

/** The badge colours the conversation's statuses use. */
export type StatusColor = "informative" | "warning" | "success" | "danger";
