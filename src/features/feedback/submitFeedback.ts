/**
 * Sending feedback: the image (if any) is uploaded to storage first, then `feedback/add` carries
 * its key. A failed upload has its own message; a refused send leaves the form as it was. A send
 * may also be queued on this device (offline), to reach the server later.
 */
import type { MessageDescriptor } from "@lingui/core";
import type { QuestionType } from "../../../contract/feedback.ts";
import type { Feedback, FeedbackAddRequest } from "../../../contract/feedback-schemas.ts";
import { feedbackErrors as e, feedbackText as t } from "./messages.ts";

/** What the feedback is about: the reader's place and selection. */
export type FeedbackTarget = Pick<
  FeedbackAddRequest,
  "source" | "sutra_uid" | "reel_uid" | "page_id" | "block_id" | "cids" | "origin_text"
>;

export type FeedbackForm = { questionType: QuestionType; suggestion: string; image: File | null };

export type FeedbackSteps = {
  /** Posts the image to storage; answers its key. */
  upload(file: File): Promise<string>;
  /** Answers the stored feedback, or null when it was queued to be sent later. */
  add(body: FeedbackAddRequest): Promise<Feedback | null>;
};

export type FeedbackOutcome =
  | { kind: "sent"; feedback: Feedback }
  | { kind: "queued" }
  | { kind: "refused"; message: MessageDescriptor };

export async function submitFeedback(
  steps: FeedbackSteps,
  target: FeedbackTarget,
  form: FeedbackForm,
): Promise<FeedbackOutcome> {
  let attachment: string | null = null;
  if (form.image) {
    try {
      attachment = await steps.upload(form.image);
    } catch {
      return { kind: "refused", message: e.uploadFailed };
    }
  }
  try {
    const feedback = await steps.add({
      ...target,
      feedback_type: "reading",
      question_type: form.questionType,
      suggestion: form.suggestion.trim(),
      attachment,
    });
    return feedback ? { kind: "sent", feedback } : { kind: "queued" };
  } catch {
    return { kind: "refused", message: t.failed };
  }
}
