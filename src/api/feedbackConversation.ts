/**
 * The reader's own feedback and its conversation (spec section 7, "Feedback"): the list, the
 * log of replies (reading it marks the replies read) and the reader's continuation.
 */
import type { Paged } from "../../contract/envelope.ts";
import { FEEDBACK_LOG_PAGE_SIZE } from "../../contract/feedback.ts";
import type { ContinueFeedback, FeedbackLog } from "../../contract/feedback-conversation.ts";
import type { Feedback } from "../../contract/feedback-schemas.ts";
import type { ApiClient } from "./client.ts";

export type FeedbackListRequest = { pageNo: number; pageSize: number; sutraUids: readonly string[] };

export function fetchMyFeedbacks(
  api: ApiClient,
  request: FeedbackListRequest,
  signal?: AbortSignal,
): Promise<Paged<Feedback>> {
  const searchParams: Record<string, string | number> = {
    page_no: request.pageNo,
    page_size: request.pageSize,
    sort_by: "-created_at",
  };
  if (request.sutraUids.length > 0) searchParams.sutra_uids = request.sutraUids.join(",");
  return api.getResult<Paged<Feedback>>(api.http.get("feedbacks", { searchParams, signal }));
}

export function fetchFeedbackLogs(
  api: ApiClient,
  feedbackId: number,
  signal?: AbortSignal,
): Promise<Paged<FeedbackLog>> {
  return api.getResult<Paged<FeedbackLog>>(
    api.http.get(`feedback/${feedbackId}/logs`, {
      searchParams: { page_no: 1, page_size: FEEDBACK_LOG_PAGE_SIZE },
      signal,
    }),
  );
}

export async function continueFeedback(
  api: ApiClient,
  feedbackId: number,
  body: ContinueFeedback,
): Promise<void> {
  await api.getResult<unknown>(api.http.post(`feedback/${feedbackId}/continue_feedback`, { json: body }));
}
