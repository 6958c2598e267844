/**
 * The rollups' buckets. Every bucket is named by the hours since the epoch at its start, so the
 * buckets of one grain sort in time order and a run of them is a range of numbers. The grains are
 * the UTC hour, day, calendar month and calendar quarter, and, for the distinct-count sketches
 * only, the site's day (spec section 9: Asia/Shanghai, UTC+8, which keeps no daylight saving):
 * the statistics screens ask for days in that zone most, and such a day is otherwise 24 hour
 * sketches to merge.
 *
 * A range of whole UTC hours is covered exactly by the fewest UTC buckets: whole quarters, then
 * whole months at either side of them, then whole days, then hours at either end. That is at most
 * seven runs, each a range scan of one grain.
 */
import { SITE_UTC_OFFSET_MS } from "../../../contract/list-queries.ts";
import { HOUR_MS } from "./time-zone.ts";

export const GRAIN = { hour: 0, day: 1, month: 2, quarter: 3, siteDay: 4 } as const;
export type Grain = (typeof GRAIN)[keyof typeof GRAIN];

const HOURS_PER_DAY = 24;
/** The hour of a UTC day at which the site's day starts (16:00 for UTC+8). */
const SITE_DAY_START_HOUR = (HOURS_PER_DAY - SITE_UTC_OFFSET_MS / HOUR_MS) % HOURS_PER_DAY;

/** Buckets `from` (inclusive) to `to` (exclusive) of one grain. */
export type BucketRun = { grain: Grain; from: number; to: number };

export const hourOf = (instant: number): number => Math.floor(instant / HOUR_MS);

export const dayFloor = (hour: number): number => Math.floor(hour / HOURS_PER_DAY) * HOURS_PER_DAY;
export const dayCeil = (hour: number): number => Math.ceil(hour / HOURS_PER_DAY) * HOURS_PER_DAY;

/** The hour at which the site's day holding `hour` starts. */
export const siteDayFloor = (hour: number): number =>
  dayFloor(hour - SITE_DAY_START_HOUR) + SITE_DAY_START_HOUR;

/** The hour at which the UTC month (of `months` months: 1, or 3 for quarters) holding `hour` starts. */
function periodFloor(hour: number, months: number): number {
  const date = new Date(hour * HOUR_MS);
  date.setUTCMonth(date.getUTCMonth() - (date.getUTCMonth() % months), 1);
  date.setUTCHours(0);
  return hourOf(date.getTime());
}

function periodAfter(hour: number, months: number): number {
  const date = new Date(periodFloor(hour, months) * HOUR_MS);
  date.setUTCMonth(date.getUTCMonth() + months);
  return hourOf(date.getTime());
}

export const monthFloor = (hour: number): number => periodFloor(hour, 1);
/** The hour at which the next UTC month after the one holding `hour` starts. */
export const nextMonth = (hour: number): number => periodAfter(hour, 1);
export const quarterFloor = (hour: number): number => periodFloor(hour, 3);
export const nextQuarter = (hour: number): number => periodAfter(hour, 3);

const ceilWith = (floor: (hour: number) => number, after: (hour: number) => number) => (hour: number) =>
  floor(hour) === hour ? hour : after(hour);
const monthCeil = ceilWith(monthFloor, nextMonth);
const quarterCeil = ceilWith(quarterFloor, nextQuarter);

/** The buckets an instant falls in, one of each grain. */
export function bucketsAt(instant: number): Record<keyof typeof GRAIN, number> {
  const hour = hourOf(instant);
  return {
    hour,
    day: dayFloor(hour),
    month: monthFloor(hour),
    quarter: quarterFloor(hour),
    siteDay: siteDayFloor(hour),
  };
}

/** The hour after the bucket of `grain` starting at `bucket`. */
export function bucketEnd(grain: Grain, bucket: number): number {
  if (grain === GRAIN.hour) return bucket + 1;
  if (grain === GRAIN.day || grain === GRAIN.siteDay) return bucket + HOURS_PER_DAY;
  return grain === GRAIN.month ? nextMonth(bucket) : nextQuarter(bucket);
}

/** Whether the hours `from` to `to` are exactly one site day. */
export const isSiteDay = (from: number, to: number): boolean =>
  to - from === HOURS_PER_DAY && siteDayFloor(from) === from;

/** The fewest UTC buckets covering the hours `start` to `end` (exclusive). */
export function cover(start: number, end: number): BucketRun[] {
  const runs: BucketRun[] = [];
  const add = (grain: Grain, from: number, to: number) => {
    if (from < to) runs.push({ grain, from, to });
  };
  const firstDay = dayCeil(start);
  const lastDay = dayFloor(end);
  if (firstDay >= lastDay) {
    add(GRAIN.hour, start, end);
    return runs;
  }
  const firstMonth = monthCeil(firstDay);
  const lastMonth = monthFloor(lastDay);
  add(GRAIN.hour, start, firstDay);
  if (firstMonth >= lastMonth) {
    add(GRAIN.day, firstDay, lastDay);
  } else {
    const firstQuarter = quarterCeil(firstMonth);
    const lastQuarter = quarterFloor(lastMonth);
    add(GRAIN.day, firstDay, firstMonth);
    if (firstQuarter >= lastQuarter) {
      add(GRAIN.month, firstMonth, lastMonth);
    } else {
      add(GRAIN.month, firstMonth, firstQuarter);
      add(GRAIN.quarter, firstQuarter, lastQuarter);
      add(GRAIN.month, lastQuarter, lastMonth);
    }
    add(GRAIN.day, lastMonth, lastDay);
  }
  add(GRAIN.hour, lastDay, end);
  return runs;
}
