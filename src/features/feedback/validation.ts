/**
 * The feedback form's rules (spec section 5): a question type and a suggestion of at most 500
 * characters, without control or bidirectional formatting characters, are required; the one
 * optional image is a png or jpeg of at most 5 MB.
 */
import { charCount, QUESTION_TYPES, type QuestionType, SUGGESTION_MAX } from "../../../contract/feedback.ts";
import { isCleanText } from "../../../contract/text-rules.ts";
import { UPLOAD_RULES } from "../../../contract/upload-rules.ts";
import type { Check } from "../account/validation.ts";
import { feedbackErrors as e } from "./messages.ts";

export const FEEDBACK_IMAGE_TYPES = ["image/png", "image/jpeg"] as const;
export const FEEDBACK_IMAGE_ACCEPT = "image/png,image/jpeg,.png,.jpg,.jpeg";
export const FEEDBACK_IMAGE_MAX_BYTES = UPLOAD_RULES.feedback.maxBytes;
const EXTENSIONS = ["png", "jpg", "jpeg"];

export const isQuestionType = (value: string): value is QuestionType =>
  (QUESTION_TYPES as readonly string[]).includes(value);

export const checkQuestionType = (value: string): Check =>
  isQuestionType(value) ? null : e.questionTypeRequired;

export function checkSuggestion(value: string): Check {
  const text = value.trim();
  if (text === "") return e.suggestionRequired;
  if (charCount(text) > SUGGESTION_MAX) return e.suggestionTooLong;
  return isCleanText(text, "multi-line") ? null : e.suggestionChars;
}

/** No image is fine; a chosen one must be a png or jpeg of at most 5 MB. */
export function checkFeedbackImage(file: Pick<File, "name" | "type" | "size"> | null): Check {
  if (!file) return null;
  const extension = file.name.split(".").at(-1)?.toLowerCase() ?? "";
  const typed = (FEEDBACK_IMAGE_TYPES as readonly string[]).includes(file.type);
  if (!typed || !EXTENSIONS.includes(extension)) return e.imgTypeError;
  return file.size > FEEDBACK_IMAGE_MAX_BYTES ? e.imgSizeError : null;
}
