/**
 * The administrator's side of feedback (spec section 7, "Feedback"): the filtered list, one
 * feedback with its reader, its conversation, and the reply that sets its status.
 */
import type { Paged } from "../../contract/envelope.ts";
import { ADMIN_FEEDBACK_LOG_PAGE_SIZE } from "../../contract/feedback.ts";
import type {
  AdminContinueFeedback,
  AdminFeedback,
  FeedbackLog,
} from "../../contract/feedback-conversation.ts";
import type { ApiClient } from "./client.ts";

/** `query` is the list screen's query: filters with empty values removed, order, page and size. */
export function fetchAdminFeedbacks(
  api: ApiClient,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<Paged<AdminFeedback>> {
  return api.getResult<Paged<AdminFeedback>>(
    api.http.get("admin/feedbacks", { searchParams: query, signal }),
  );
}

export function fetchAdminFeedback(
  api: ApiClient,
  feedbackId: number,
  signal?: AbortSignal,
): Promise<AdminFeedback> {
  return api.getResult<AdminFeedback>(api.http.get(`admin/feedback/${feedbackId}`, { signal }));
}

/** The whole conversation, oldest first, read 100 entries at a time (spec section 9). */
export async function fetchAdminFeedbackLogs(
  api: ApiClient,
  feedbackId: number,
  signal?: AbortSignal,
): Promise<FeedbackLog[]> {
  const logs: FeedbackLog[] = [];
  for (let pageNo = 1; ; pageNo += 1) {
    const page = await api.getResult<Paged<FeedbackLog>>(
      api.http.get(`admin/feedback/${feedbackId}/logs`, {
        searchParams: { page_no: pageNo, page_size: ADMIN_FEEDBACK_LOG_PAGE_SIZE },
        signal,
      }),
    );
    logs.push(...page.list);
    if (page.list.length === 0 || pageNo >= page.page_count) return logs;
  }
}

/** Replies and sets the status; a refusal (400) is shown by the reply form with the server's msg. */
export function replyToFeedback(
  api: ApiClient,
  feedbackId: number,
  reply: AdminContinueFeedback,
): Promise<FeedbackLog> {
  return api.getResult<FeedbackLog>(
    api.http.post(`admin/feedback/${feedbackId}/continue_feedback`, { json: reply }),
    { quietStatuses: [400] },
  );
}
