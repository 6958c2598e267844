/**
 * The administrator's feedback list (spec sections 2, 3, 7): the table's columns, and where each
 * feedback was sent from in the readers. Its address is feedbackSearch.ts.
 */
import type { FeedbackStatus } from "../../../../contract/feedback.ts";
import type { Feedback } from "../../../../contract/feedback-schemas.ts";
import type { StatusColor } from "../../feedback/conversation/conversationView.ts";

export const FEEDBACK_COLUMN_IDS = [
  "reader",
  "place",
  "types",
  "suggestion",
  "attachment",
  "createdAt",
  "status",
  "lastDeal",
] as const;
export type FeedbackColumnId = (typeof FEEDBACK_COLUMN_IDS)[number];
export const FEEDBACK_COLUMNS_KEY = "canon-reader.columns.admin-feedback";

export type ReaderPlace = { label: string; href: string };

/**
 * The reader at the place the feedback was sent from: the reel scrolled to the first selected
 * line or character, or the page with the selection marked; null when neither is known.
 */
export function readerPlace(
  feedback: Pick<Feedback, "source" | "reel_uid" | "page_id" | "cids">,
): ReaderPlace | null {
  const [first] = feedback.cids;
  if (feedback.source === "by_reel" && feedback.reel_uid) {
    const query = first ? `?${new URLSearchParams({ cid: first })}` : "";
    return { label: feedback.reel_uid, href: `/scroll/${encodeURIComponent(feedback.reel_uid)}${query}` };
  }
  if (feedback.page_id) {
    const query = first ? `?${new URLSearchParams({ cid: feedback.cids.join(",") })}` : "";
    return { label: feedback.page_id, href: `/page/${encodeURIComponent(feedback.page_id)}${query}` };
  }
  return null;
}

/** The badge colour of an admin status. */
export function feedbackStatusColor(status: FeedbackStatus): StatusColor {
  switch (status) {
    case "pending":
      return "informative";
    case "processing":
      return "warning";
    case "completed_valid":
      return "success";
    case "completed_invalid":
      return "danger";
  }
}
