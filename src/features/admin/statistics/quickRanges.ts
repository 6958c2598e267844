/**
 * The statistics screen's quick ranges (spec section 2): today, yesterday, the last 7 days (the
 * default, spec section 9), the last 30 days and this year, as whole days counted back from
 * today in the administrator's time zone.
 */
import { addDays, dayBounds, wallDate } from "../../list-screen/wallTime.ts";

export const QUICK_RANGES = ["today", "yesterday", "last7", "last30", "year"] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];
export const DEFAULT_QUICK_RANGE: QuickRange = "last7";

/** First and last day (YYYY-MM-DD), both included. */
export type DayRange = { start: string; end: string };

/** The days a quick range covers when today is `today`; the ranges up to today end today. */
export function quickRangeDays(range: QuickRange, today: string): DayRange {
  switch (range) {
    case "today":
      return { start: today, end: today };
    case "yesterday": {
      const yesterday = addDays(today, -1);
      return { start: yesterday, end: yesterday };
    }
    case "last7":
      return { start: addDays(today, -6), end: today };
    case "last30":
      return { start: addDays(today, -29), end: today };
    case "year":
      return { start: `${today.slice(0, 4)}-01-01`, end: today };
  }
}

/** The quick range's calls' start and end, from the instant `now` as a clock in `timeZone` shows it. */
export function quickRangeTimes(range: QuickRange, now: number, timeZone: string): DayRange {
  const days = quickRangeDays(range, wallDate(now, timeZone));
  return dayBounds(days.start, days.end);
}
