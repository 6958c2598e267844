/** Feedback calls (spec section 7): `POST /v1/feedback/add`. */
import { IDEMPOTENCY_HEADER } from "../../contract/feedback.ts";
import type { Feedback, FeedbackAddRequest } from "../../contract/feedback-schemas.ts";
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
  return api.getResult<Feedback>(request);
}
