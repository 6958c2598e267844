/**
 * Hour, day and month labels in a time zone over a range of UTC hour buckets: an hour bucket
 * belongs to the label in which it starts (a local day in Asia/Shanghai is the 24 UTC hours from
 * 16:00 the day before; a day that daylight saving shortens or lengthens has 23 or 25). An hour a
 * zone skips has no label; one it repeats is one label of two buckets.
 */
import { HOUR_MS, type LabelUnit, labelOf, nextLabelStart, startOfLabel, type Zone } from "./time-zone.ts";

export const labelOfHour = (zone: Zone, unit: LabelUnit, hour: number): string =>
  labelOf(zone.toWall(hour * HOUR_MS), unit);

/** Labels in time order, each with the first hour bucket it holds. */
export type LabelRun = { labels: string[]; firstHours: number[] };

/**
 * Every label holding at least one of the hours `start` to `end` (exclusive), in time order, or
 * null when there are more than `max`.
 */
export function labelsOver(
  zone: Zone,
  unit: LabelUnit,
  start: number,
  end: number,
  max: number,
): LabelRun | null {
  const run: LabelRun = { labels: [], firstHours: [] };
  let wall = startOfLabel(zone.toWall(start * HOUR_MS), unit);
  let from = start;
  while (from < end) {
    const next = nextLabelStart(wall, unit);
    const nextFrom = Math.max(from, Math.ceil(zone.toInstant(next) / HOUR_MS));
    if (nextFrom > from) {
      if (run.labels.length === max) return null;
      run.labels.push(labelOf(wall, unit));
      run.firstHours.push(from);
    }
    from = nextFrom;
    wall = next;
  }
  return run;
}

/** The index of the label holding hour bucket `hour` (which must not precede the first label). */
export function labelIndexOf(run: LabelRun, hour: number): number {
  let low = 0;
  let high = run.firstHours.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((run.firstHours[middle] ?? 0) <= hour) low = middle;
    else high = middle - 1;
  }
  return low;
}
