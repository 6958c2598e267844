/** Feedback calls (spec section 7): `POST /v1/feedback/add`. */
import {
  type Feedback,
  type FeedbackAddRequest,
  feedbackSchema,
  IDEMPOTENCY_HEADER,
} from "../../contract/feedback.ts";
import type { ApiClient } from "./client.ts";

/** Sends one feedback; a repeat with the same `idempotencyKey` is stored once. */
export function addFeedback(
  api: ApiClient,
  body: FeedbackAddRequest,
  idempotencyKey: string,
): Promise<Feedback> {
  const request = api.http.post("feedback/add", {
    json: body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
  return api.getResult(feedbackSchema, request);
}
