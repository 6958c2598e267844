/**
 * Feedback on the text (spec sections 3, 4, 5, 7): `POST /v1/feedback/add` with the reader's
 * selection, question type, suggestion and one optional image, and the stored feedback it answers.
 */
import { z } from "zod";
import { isPageUid, isReelUid, isSutraUid, parseCharId, parseLineId } from "./ids.ts";

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
/** Header a queued write carries so that sending it twice stores it once. */
export const IDEMPOTENCY_HEADER = "idempotency-key";

const USER_STATUS_OF: Record<FeedbackStatus, UserStatus> = {
  pending: "submitted",
  processing: "processing",
  completed_valid: "completed",
  completed_invalid: "refused",
};

export const userStatusOf = (status: FeedbackStatus): UserStatus => USER_STATUS_OF[status];

/** Characters as a reader counts them: a character outside the BMP is one, not two. */
export const charCount = (text: string): number => Array.from(text).length;

const isPosition = (id: string): boolean => parseLineId(id) !== null || parseCharId(id) !== null;

export const feedbackAddBody = z
  .object({
    feedback_type: z.enum(FEEDBACK_TYPES).default("reading"),
    question_type: z.enum(QUESTION_TYPES),
    source: z.enum(FEEDBACK_SOURCES),
    origin_text: z
      .string()
      .default("")
      .refine((text) => charCount(text) <= ORIGIN_TEXT_MAX, {
        message: `at most ${ORIGIN_TEXT_MAX} characters`,
      }),
    suggestion: z
      .string()
      .trim()
      .min(1, { message: "the suggestion is required" })
      .refine((text) => charCount(text) <= SUGGESTION_MAX, {
        message: `at most ${SUGGESTION_MAX} characters`,
      }),
    /** The key of an image uploaded under the `feedback` policy, or empty for none. */
    attachment: z.string().max(ATTACHMENT_KEY_MAX).nullish(),
    sutra_uid: z.string().max(64).refine(isSutraUid, { message: "not a sutra uid" }),
    reel_uid: z.string().max(64).refine(isReelUid, { message: "not a reel uid" }).nullish(),
    page_id: z.string().max(64).refine(isPageUid, { message: "not a page uid" }).nullish(),
    block_id: z.string().max(64).nullish(),
    cids: z
      .array(z.string().max(64).refine(isPosition, { message: "not a line or char id" }))
      .max(CIDS_MAX)
      .default([]),
  })
  .superRefine((body, ctx) => {
    if (body.source === "by_reel") {
      if (!body.reel_uid) ctx.addIssue({ code: "custom", path: ["reel_uid"], message: "required by_reel" });
      else if (!body.reel_uid.startsWith(`${body.sutra_uid}_`))
        ctx.addIssue({ code: "custom", path: ["reel_uid"], message: "not a reel of sutra_uid" });
    } else if (!body.page_id) {
      ctx.addIssue({ code: "custom", path: ["page_id"], message: "required by_page" });
    }
  });
export type FeedbackAddRequest = z.input<typeof feedbackAddBody>;
export type FeedbackAdd = z.output<typeof feedbackAddBody>;

export const feedbackSchema = z.object({
  _id: z.number().int(),
  feedback_type: z.enum(FEEDBACK_TYPES),
  question_type: z.enum(QUESTION_TYPES),
  source: z.enum(FEEDBACK_SOURCES),
  sutra_uid: z.string(),
  reel_uid: z.string().nullable(),
  page_id: z.string().nullable(),
  block_id: z.string().nullable(),
  cids: z.array(z.string()),
  origin_text: z.string(),
  suggestion: z.string(),
  /** Where the attached image is served, or null. */
  attachment: z.string().nullable(),
  status: z.enum(FEEDBACK_STATUSES),
  user_status: z.enum(USER_STATUSES),
  has_unread_log: z.boolean(),
  /** Milliseconds since the epoch. */
  created_at: z.number().int(),
});
export type Feedback = z.infer<typeof feedbackSchema>;
