/**
 * The conversation on a feedback (spec sections 2, 3, 4, 7): the reader's list of their feedback,
 * the log of administrators' replies and the reader's continuations, and the administrator's
 * list, detail and reply.
 */
import { z } from "zod";
import {
  ADMIN_FEEDBACK_LOG_PAGE_SIZE,
  ATTACHMENT_KEY_MAX,
  charCount,
  FEEDBACK_LOG_PAGE_SIZE,
  FEEDBACK_LOG_SENDERS,
  FEEDBACK_PAGE_SIZE,
  FEEDBACK_SORTS,
  FEEDBACK_STATUSES,
  QUESTION_TYPES,
  REPLY_MAX,
  USER_STATUSES,
} from "./feedback.ts";
import { feedbackSchema } from "./feedback-schemas.ts";
import { isSutraUid } from "./ids.ts";
import { containsFilter, pageQuery, rowIdSchema, siteDateSchema } from "./list-queries.ts";
import { adminListQuery } from "./spec-names.ts";
import { cleanText } from "./text-schemas.ts";

const SUTRA_UIDS_MAX = 100;

/** `sutra_uids` comma-joined (`a,b`) or repeated (`sutra_uids=a&sutra_uids=b`). */
const sutraUidsFilter = z
  .union([z.string().max(64 * SUTRA_UIDS_MAX), z.array(z.string().max(64)).max(SUTRA_UIDS_MAX)])
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(",")).map((uid) => uid.trim()).filter((uid) => uid !== ""),
  )
  .pipe(z.array(z.string().refine(isSutraUid, { message: "not a sutra uid" })).max(SUTRA_UIDS_MAX));

export const feedbackListQuery = pageQuery(FEEDBACK_PAGE_SIZE, 100).extend({
  sutra_uids: sutraUidsFilter.optional(),
  sort_by: z.enum(FEEDBACK_SORTS).default("-created_at"),
});
export type FeedbackListQuery = z.output<typeof feedbackListQuery>;

export const feedbackIdParams = z.object({ id: rowIdSchema });
export const adminFeedbackParams = z.object({ feedback_id: rowIdSchema });

export const feedbackLogsQuery = pageQuery(FEEDBACK_LOG_PAGE_SIZE, FEEDBACK_LOG_PAGE_SIZE);
export const adminFeedbackLogsQuery = adminListQuery(
  pageQuery(ADMIN_FEEDBACK_LOG_PAGE_SIZE, FEEDBACK_LOG_PAGE_SIZE),
);

/**
 * One entry of the conversation, oldest first. A reader sees an administrator's reply without the
 * administrator's account (deal_by and deal_username null; the screen labels it with the role);
 * the administrator sees who wrote every entry.
 */
export const feedbackLogSchema = z.object({
  _id: z.number().int(),
  feedback_id: z.number().int(),
  sender: z.enum(FEEDBACK_LOG_SENDERS),
  content: z.string(),
  /** Where the attached image is served, or null. */
  attachment: z.string().nullable(),
  /** The status the entry set; a reader's continuation carries pending, shown without a status. */
  status: z.enum(FEEDBACK_STATUSES),
  user_status: z.enum(USER_STATUSES),
  /** Milliseconds since the epoch. */
  deal_at: z.number().int(),
  deal_by: z.number().int().nullable(),
  deal_username: z.string().nullable(),
});
export type FeedbackLog = z.infer<typeof feedbackLogSchema>;

const replyContent = z
  .string()
  .trim()
  .min(1, { message: "the reply is required" })
  .refine((text) => charCount(text) <= REPLY_MAX, { message: `at most ${REPLY_MAX} characters` })
  .superRefine(cleanText("multi-line"));
/** The key of an image uploaded under the `feedback` policy, or empty for none. */
const replyAttachment = z.string().max(ATTACHMENT_KEY_MAX).nullish();

/** The reader's continuation: its status is always pending (the reader does not change the status). */
export const continueFeedbackBody = z.object({
  status: z.literal("pending").optional(),
  content: replyContent,
  attachment: replyAttachment,
});
export type ContinueFeedback = z.output<typeof continueFeedbackBody>;

/** An administrator's reply, setting the feedback's status. */
export const adminContinueFeedbackBody = z.object({
  status: z.enum(FEEDBACK_STATUSES),
  content: replyContent,
  attachment: replyAttachment,
});
export type AdminContinueFeedback = z.output<typeof adminContinueFeedbackBody>;

/**
 * The administrator's list (spec section 2, admin feedback): `username` and `sutra` (a sutra uid,
 * or part of a sutra's name) match by containment, the dates name the submit days (inclusive).
 */
export const adminFeedbackListQuery = adminListQuery(
  pageQuery(FEEDBACK_PAGE_SIZE, 100).extend({
    username: containsFilter(50),
    sutra: containsFilter(100),
    start_date: siteDateSchema.optional(),
    end_date: siteDateSchema.optional(),
    question_type: z.enum(QUESTION_TYPES).optional(),
    status: z.enum(FEEDBACK_STATUSES).optional(),
    sort_by: z.enum(FEEDBACK_SORTS).default("-created_at"),
  }),
);
export type AdminFeedbackListQuery = z.output<typeof adminFeedbackListQuery>;

export const adminFeedbackSchema = feedbackSchema.extend({
  user_id: z.number().int(),
  user_name: z.string(),
  nick_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  avatar: z.string(),
  last_deal_by: z.number().int().nullable(),
  last_deal_username: z.string().nullable(),
  last_deal_at: z.number().int().nullable(),
  updated_at: z.number().int(),
});
export type AdminFeedback = z.infer<typeof adminFeedbackSchema>;
