/**
 * Feedback on the text (spec sections 3, 4, 5, 7, 9): its kinds, statuses and limits as plain
 * values; the request and result schemas of `POST /v1/feedback/add` are in feedback-schemas.ts,
 * those of the conversation that follows (replies, continuations, the admin's lists) in
 * feedback-conversation.ts.
 */

export const FEEDBACK_TYPES = ["reading", "vernacular", "summary", "product"] as const;
export const QUESTION_TYPES = ["content_error", "content_missing", "punctuation_error", "other"] as const;
export const FEEDBACK_SOURCES = ["by_reel", "by_page"] as const;
/** What the admin sets; `pending` is where every new feedback starts. */
export const FEEDBACK_STATUSES = ["pending", "processing", "completed_valid", "completed_invalid"] as const;
/** What the reader sees for each admin status. */
export const USER_STATUSES = ["submitted", "processing", "completed", "refused"] as const;

export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export type QuestionType = (typeof QUESTION_TYPES)[number];
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
export type UserStatus = (typeof USER_STATUSES)[number];

/** Spec section 9: suggestion and reply at most 500 characters; a selection at most 500. */
export const SUGGESTION_MAX = 500;
export const ORIGIN_TEXT_MAX = 500;
/** Line or char ids of the selection. */
export const CIDS_MAX = 500;
export const ATTACHMENT_KEY_MAX = 300;
/** Spec section 9: a reply or continuation at most 500 characters. */
export const REPLY_MAX = 500;

/** Spec section 9: the reader's list and the admin's list 10, the reader's logs 200, the admin's 100. */
export const FEEDBACK_PAGE_SIZE = 10;
export const FEEDBACK_LOG_PAGE_SIZE = 200;
export const ADMIN_FEEDBACK_LOG_PAGE_SIZE = 100;

/** Who wrote a feedback log entry: an administrator's reply or the reader's continuation. */
export const FEEDBACK_LOG_SENDERS = ["admin", "reader"] as const;
export type FeedbackLogSender = (typeof FEEDBACK_LOG_SENDERS)[number];
export const FEEDBACK_SORTS = ["-created_at", "created_at"] as const;
export type FeedbackSort = (typeof FEEDBACK_SORTS)[number];
export { IDEMPOTENCY_HEADER } from "./idempotency.ts";

const USER_STATUS_OF: Record<FeedbackStatus, UserStatus> = {
  pending: "submitted",
  processing: "processing",
  completed_valid: "completed",
  completed_invalid: "refused",
};

export const userStatusOf = (status: FeedbackStatus): UserStatus => USER_STATUS_OF[status];

/** Spec section 4: completed feedback (resolved or refused) cannot be continued by the reader. */
export const isContinuable = (status: FeedbackStatus): boolean =>
  status === "pending" || status === "processing";

/** Characters as a reader counts them: a character outside the BMP is one, not two. */
export const charCount = (text: string): number => Array.from(text).length;
