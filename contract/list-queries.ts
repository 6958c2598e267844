/**
 * The query parts the personal centre's and the admin screens' lists share (spec sections 3, 7
 * and 9): paging, free-text filters, submit-date ranges and ids in the path.
 */
import { z } from "zod";
import { DATE_PATTERN, siteDayStart } from "./site-dates.ts";
import { cleanText } from "./text-schemas.ts";

export { SITE_UTC_OFFSET_MS, siteDayEnd, siteDayStart } from "./site-dates.ts";

/** The largest row id a path or query may name (a 32-bit integer column). */
export const ROW_ID_MAX = 2_147_483_647;
/** Deeper pages than this are not offered by any list. */
export const PAGE_NO_MAX = 100_000;

export const rowIdSchema = z.coerce.number().int().positive().max(ROW_ID_MAX);

/**
 * `page_size` of a JSON body: one of `choices` (spec section 9: 10, 20, 50 or 100), `fallback` when
 * absent; the OpenAPI document lists the choices.
 */
export function pageSizeChoice(choices: readonly number[], fallback: number) {
  return z.literal(choices, { error: `must be one of ${choices.join(", ")}` }).default(fallback);
}

/** `page_size` of a query string (or a body that may send it as digits): as `pageSizeChoice`. */
export function pageSizeChoiceQuery(choices: readonly number[], fallback: number) {
  return z.preprocess(
    (value) => (typeof value === "string" && /^\d{1,6}$/.test(value) ? Number(value) : value),
    pageSizeChoice(choices, fallback),
  );
}

/** `page_no` from 1 and `page_size` from 1 to `maxSize`, `defaultSize` when absent. */
export function pageQuery(defaultSize: number, maxSize: number) {
  return z.object({
    page_no: z.coerce.number().int().min(1).max(PAGE_NO_MAX).default(1),
    page_size: z.coerce.number().int().min(1).max(maxSize).default(defaultSize),
  });
}

/** A filter matching any row whose field contains it (trimmed; an empty one matches every row). */
export const containsFilter = (max: number) =>
  z.string().trim().max(max).superRefine(cleanText("storable")).optional();

export const siteDateSchema = z
  .string()
  .regex(DATE_PATTERN, "must be a date YYYY-MM-DD")
  .refine((date) => siteDayStart(date) !== null, { message: "no such date" });
