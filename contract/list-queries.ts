/**
 * The query parts the personal centre's and the admin screens' lists share (spec sections 3, 7
 * and 9): paging, free-text filters, submit-date ranges and ids in the path.
 */
import { z } from "zod";
import { cleanText } from "./text-schemas.ts";

/** The largest row id a path or query may name (a 32-bit integer column). */
export const ROW_ID_MAX = 2_147_483_647;
/** Deeper pages than this are not offered by any list. */
export const PAGE_NO_MAX = 100_000;

export const rowIdSchema = z.coerce.number().int().positive().max(ROW_ID_MAX);

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

/**
 * Dates are the site's (spec section 9: Asia/Shanghai, +08:00, which keeps no daylight saving):
 * `YYYY-MM-DD` names that day from 00:00:00 to 23:59:59.
 */
export const SITE_UTC_OFFSET_MS = 8 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds since the epoch at the start of a site date, or null when it is no real date. */
export function siteDayStart(date: string): number | null {
  const match = DATE_PATTERN.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(year, month - 1, day);
  const back = new Date(utc);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day)
    return null;
  return utc - SITE_UTC_OFFSET_MS;
}

/** Milliseconds since the epoch just after a site date ends (the next day's start). */
export const siteDayEnd = (date: string): number | null => {
  const start = siteDayStart(date);
  return start === null ? null : start + DAY_MS;
};

export const siteDateSchema = z
  .string()
  .regex(DATE_PATTERN, "must be a date YYYY-MM-DD")
  .refine((date) => siteDayStart(date) !== null, { message: "no such date" });
