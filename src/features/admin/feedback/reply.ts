/**
 * The administrator's reply to a feedback (spec sections 4, 5): content required, at most 500
 * characters, and the status it sets. A reply is possible whatever the status, a completed
 * feedback included (the server allows it; only the reader can no longer continue).
 */
import type { MessageDescriptor } from "@lingui/core";
import type { FeedbackStatus } from "../../../../contract/feedback.ts";
import { isContinuable } from "../../../../contract/feedback.ts";
import type { AdminContinueFeedback } from "../../../../contract/feedback-conversation.ts";
import { checkReply } from "../../personal/feedback/feedbackView.ts";

/** What a reply sets: it deals with the feedback, so it no longer leaves it pending. */
export const REPLY_STATUSES = [
  "processing",
  "completed_valid",
  "completed_invalid",
] as const satisfies readonly FeedbackStatus[];
export type ReplyStatus = (typeof REPLY_STATUSES)[number];

export type ReplyValues = { status: ReplyStatus; content: string };

/** The status offered first: the feedback's own, or processing while it is pending. */
export const initialReplyStatus = (current: FeedbackStatus): ReplyStatus =>
  REPLY_STATUSES.find((status) => status === current) ?? "processing";

/** A completed (resolved or refused) feedback: the reader cannot continue it. */
export const isCompleted = (status: FeedbackStatus): boolean => !isContinuable(status);

export const checkAdminReply = (values: ReplyValues): MessageDescriptor | null => checkReply(values.content);

export const replyBody = (values: ReplyValues): AdminContinueFeedback => ({
  status: values.status,
  content: values.content.trim(),
});
