/**
 * Researcher applications (spec sections 2, 3, 4, 7): the reader's form and the status screen's
 * answer, and the administrator's list, detail and decision.
 */
import { z } from "zod";
import {
  APPLICATION_DECISIONS,
  APPLICATION_PAGE_SIZE,
  APPLICATION_STATUSES,
  COMPANY_MAX,
  INTRO_MAX,
  PURPOSE_MAX,
  REAL_NAME_MAX,
  REASON_MAX,
} from "./application-rules.ts";
import { charCount } from "./feedback.ts";
import { containsFilter, pageQuery, rowIdSchema } from "./list-queries.ts";
import { adminListQuery, withSpecNames } from "./spec-names.ts";
import type { TextKind } from "./text-rules.ts";
import { cleanText } from "./text-schemas.ts";

const formText = (max: number, kind: TextKind) =>
  z
    .string()
    .trim()
    .min(1, { message: "required" })
    .refine((text) => charCount(text) <= max, { message: `at most ${max} characters` })
    .superRefine(cleanText(kind));

export const applyBody = withSpecNames(
  z.object({
    real_name: formText(REAL_NAME_MAX, "single-line"),
    company: formText(COMPANY_MAX, "single-line"),
    intro: formText(INTRO_MAX, "multi-line"),
    purpose: formText(PURPOSE_MAX, "multi-line"),
  }),
  { realName: "real_name" },
);
export type ApplyForm = z.output<typeof applyBody>;

const applicationStatusSchema = z.enum(APPLICATION_STATUSES);

/** The reader's view of one entry of the history: a submission (pending) or a decision. */
export const applyLogSchema = z.object({
  status: applicationStatusSchema,
  reason: z.string(),
  /** Milliseconds since the epoch. */
  deal_at: z.number().int(),
});

/**
 * `GET /v1/applications/status`. A reader who never applied gets `latest_status: null`, empty
 * texts and no logs, so the form starts empty. `apply_logs` are newest first: after a rejection
 * the first one carries its reason.
 */
export const applicationStatusResult = z.object({
  latest_status: applicationStatusSchema.nullable(),
  real_name: z.string(),
  company: z.string(),
  intro: z.string(),
  purpose: z.string(),
  created_at: z.number().int().nullable(),
  updated_at: z.number().int().nullable(),
  apply_logs: z.array(applyLogSchema),
});
export type ApplicationStatusResult = z.infer<typeof applicationStatusResult>;

export const adminApplicationListQuery = adminListQuery(
  pageQuery(APPLICATION_PAGE_SIZE, 100).extend({
    real_name: containsFilter(REAL_NAME_MAX),
    username: containsFilter(50),
    email: containsFilter(254),
    phone: containsFilter(20),
    latest_status: applicationStatusSchema.optional(),
  }),
  { realName: "real_name", latestStatus: "latest_status" },
);
export type AdminApplicationListQuery = z.output<typeof adminApplicationListQuery>;

export const applicationParams = z.object({ apply_id: rowIdSchema });

export const adminApplicationSchema = z.object({
  _id: z.number().int(),
  user_id: z.number().int(),
  real_name: z.string(),
  company: z.string(),
  username: z.string(),
  nickname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  latest_status: applicationStatusSchema,
  intro: z.string(),
  purpose: z.string(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  latest_deal_username: z.string().nullable(),
  latest_deal_at: z.number().int().nullable(),
});
export type AdminApplication = z.infer<typeof adminApplicationSchema>;

/** An entry of the history as the administrator sees it: who decided (null for a submission). */
export const adminApplyLogSchema = applyLogSchema.extend({
  deal_by: z.number().int().nullable(),
  deal_username: z.string().nullable(),
  deal_nickname: z.string().nullable(),
});

export const adminApplicationDetail = adminApplicationSchema.extend({
  apply_logs: z.array(adminApplyLogSchema),
});
export type AdminApplicationDetail = z.infer<typeof adminApplicationDetail>;

/** A decision: a rejection needs its reason; an approval may leave it empty. */
export const dealBody = z
  .object({
    status: z.enum(APPLICATION_DECISIONS),
    reason: z
      .string()
      .trim()
      .refine((text) => charCount(text) <= REASON_MAX, { message: `at most ${REASON_MAX} characters` })
      .superRefine(cleanText("multi-line"))
      .default(""),
  })
  .refine((deal) => deal.status !== "rejected" || deal.reason !== "", {
    path: ["reason"],
    message: "a rejection needs its reason",
  });
export type Deal = z.output<typeof dealBody>;
