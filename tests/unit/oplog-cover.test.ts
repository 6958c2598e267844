/**
 * The rollups' buckets and cover: any range of whole UTC hours is covered exactly by maximal
 * quarters, then months, then days, then hours, checked against a brute-force cover built hour by
 * hour; and the site's days (UTC+8) start at 16:00 UTC.
 */
import { describe, expect, it } from "vitest";
import {
  type BucketRun,
  bucketEnd,
  bucketsAt,
  cover,
  GRAIN,
  type Grain,
  isSiteDay,
  monthFloor,
  siteDayFloor,
} from "../../server/modules/oplog/buckets.ts";
import { HOUR_MS } from "../../server/modules/oplog/time-zone.ts";
import { seededRandom } from "../../server/seeded-random.ts";

/** The buckets of the runs, as "grain:bucket", and the hours they hold. */
function expand(runs: readonly BucketRun[]): { buckets: string[]; hours: number[] } {
  const buckets: string[] = [];
  const hours: number[] = [];
  for (const run of runs) {
    let bucket = run.from;
    while (bucket < run.to) {
      const next = bucketEnd(run.grain, bucket);
      buckets.push(`${run.grain}:${bucket}`);
      for (let hour = bucket; hour < next; hour++) hours.push(hour);
      bucket = next;
    }
  }
  return { buckets: buckets.sort(), hours: hours.sort((a, b) => a - b) };
}

/** Whole quarters inside the range, then whole months, then whole days, then the hours left. */
function bruteForce(start: number, end: number): string[] {
  const buckets: string[] = [];
  let hour = start;
  while (hour < end) {
    const { day, month, quarter } = bucketsAt(hour * HOUR_MS);
    const fits = (grain: Grain, bucket: number) => bucket === hour && bucketEnd(grain, hour) <= end;
    const grain = fits(GRAIN.quarter, quarter)
      ? GRAIN.quarter
      : fits(GRAIN.month, month)
        ? GRAIN.month
        : fits(GRAIN.day, day)
          ? GRAIN.day
          : GRAIN.hour;
    buckets.push(`${grain}:${hour}`);
    hour = bucketEnd(grain, hour);
  }
  return buckets.sort();
}

const hourAt = (y: number, m: number, d: number, h = 0) => Date.UTC(y, m, d, h) / HOUR_MS;

describe("the cover of a range of hours", () => {
  it.each([
    ["one hour", hourAt(2025, 0, 1, 5), hourAt(2025, 0, 1, 6)],
    ["within a day", hourAt(2025, 0, 1, 5), hourAt(2025, 0, 1, 20)],
    ["a Shanghai day (16:00 to 16:00 UTC)", hourAt(2025, 0, 31, 16), hourAt(2025, 1, 1, 16)],
    ["a calendar month", hourAt(2025, 1, 1), hourAt(2025, 2, 1)],
    ["a leap February and a bit", hourAt(2024, 0, 31, 16), hourAt(2024, 2, 1, 3)],
    ["a year in Shanghai", hourAt(2024, 11, 31, 16), hourAt(2025, 11, 31, 16)],
    ["a UTC year", hourAt(2025, 0, 1), hourAt(2026, 0, 1)],
    ["a quarter and a month", hourAt(2025, 3, 1), hourAt(2025, 7, 1)],
    ["empty", hourAt(2025, 0, 1), hourAt(2025, 0, 1)],
  ])("%s", (_label, start, end) => {
    const runs = cover(start, end);
    expect(expand(runs).buckets).toEqual(bruteForce(start, end));
    expect(runs.length).toBeLessThanOrEqual(7);
  });

  it("matches the brute-force cover on random ranges of up to two years", () => {
    const random = seededRandom(42);
    const origin = hourAt(2023, 0, 1);
    for (let i = 0; i < 400; i++) {
      const start = origin + Math.floor(random() * 2 * 8760);
      const end = start + Math.floor(random() ** 1.5 * 2 * 8760);
      const runs = cover(start, end);
      const { buckets, hours } = expand(runs);
      expect(buckets, `${start}..${end}`).toEqual(bruteForce(start, end));
      expect(hours).toEqual(Array.from({ length: end - start }, (_, k) => start + k));
      expect(runs.length).toBeLessThanOrEqual(7);
      for (const run of runs) {
        if (run.grain === GRAIN.day) expect(run.from % 24).toBe(0);
        if (run.grain === GRAIN.month) expect(monthFloor(run.from)).toBe(run.from);
        if (run.grain === GRAIN.quarter) expect(new Date(run.from * HOUR_MS).getUTCMonth() % 3).toBe(0);
      }
    }
  });
});

describe("bucket ends", () => {
  it("are an hour, a day, the next month or the next quarter after the start", () => {
    expect(bucketEnd(GRAIN.hour, hourAt(2025, 1, 28, 23))).toBe(hourAt(2025, 2, 1));
    expect(bucketEnd(GRAIN.day, hourAt(2024, 1, 28))).toBe(hourAt(2024, 1, 29));
    expect(bucketEnd(GRAIN.month, hourAt(2024, 1, 1))).toBe(hourAt(2024, 2, 1));
    expect(bucketEnd(GRAIN.month, hourAt(2024, 11, 1))).toBe(hourAt(2025, 0, 1));
    expect(bucketEnd(GRAIN.quarter, hourAt(2024, 9, 1))).toBe(hourAt(2025, 0, 1));
    expect(bucketEnd(GRAIN.siteDay, hourAt(2024, 9, 1, 16))).toBe(hourAt(2024, 9, 2, 16));
    expect(bucketsAt(Date.UTC(2025, 11, 31, 23, 59)).month).toBe(hourAt(2025, 11, 1));
  });
});

describe("the site's days", () => {
  it("start at 16:00 UTC (midnight in Asia/Shanghai) and last 24 hours", () => {
    expect(siteDayFloor(hourAt(2025, 2, 5, 16))).toBe(hourAt(2025, 2, 5, 16));
    expect(siteDayFloor(hourAt(2025, 2, 5, 15))).toBe(hourAt(2025, 2, 4, 16));
    expect(siteDayFloor(hourAt(2025, 2, 6, 3))).toBe(hourAt(2025, 2, 5, 16));
    expect(isSiteDay(hourAt(2025, 2, 5, 16), hourAt(2025, 2, 6, 16))).toBe(true);
    expect(isSiteDay(hourAt(2025, 2, 5, 0), hourAt(2025, 2, 6, 0))).toBe(false);
    expect(bucketsAt(Date.UTC(2025, 4, 20, 9, 30)).quarter).toBe(hourAt(2025, 3, 1));
  });
});
