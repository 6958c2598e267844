/**
 * The schemas of `POST /v1/feedback/add` (spec sections 3, 4, 5, 7): the reader's selection,
 * question type, suggestion and one optional image, and the stored feedback it answers.
 */
import { z } from "zod";
import {
  ATTACHMENT_KEY_MAX,
  CIDS_MAX,
  charCount,
  FEEDBACK_SOURCES,
  FEEDBACK_STATUSES,
  FEEDBACK_TYPES,
  ORIGIN_TEXT_MAX,
  QUESTION_TYPES,
  SUGGESTION_MAX,
  USER_STATUSES,
} from "./feedback.ts";
import { isPageUid, isReelUid, isSutraUid, parseCharId, parseLineId } from "./ids.ts";
import { cleanText } from "./text-schemas.ts";

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
      })
      .superRefine(cleanText("multi-line")),
    suggestion: z
      .string()
      .trim()
      .min(1, { message: "the suggestion is required" })
      .refine((text) => charCount(text) <= SUGGESTION_MAX, {
        message: `at most ${SUGGESTION_MAX} characters`,
      })
      .superRefine(cleanText("multi-line")),
    /** The key of an image uploaded under the `feedback` policy, or empty for none. */
    attachment: z.string().max(ATTACHMENT_KEY_MAX).nullish(),
    /** Empty only for a page that carries text of its own and belongs to no sutra. */
    sutra_uid: z
      .string()
      .max(64)
      .refine((uid) => uid === "" || isSutraUid(uid), { message: "not a sutra uid" })
      .default(""),
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
      if (body.sutra_uid === "")
        ctx.addIssue({ code: "custom", path: ["sutra_uid"], message: "required by_reel" });
      else if (!body.reel_uid)
        ctx.addIssue({ code: "custom", path: ["reel_uid"], message: "required by_reel" });
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
