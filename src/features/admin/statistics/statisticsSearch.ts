/**
 * The statistics screen's choices in the address: the range (a quick range by name, or first and
 * last day), the trend's indicators (at least one, comma-joined) and its granularity. Defaults
 * are left out: the last 7 days, visits only, by day.
 */
import {
  OPLOG_INDICATORS,
  OPLOG_TIME_TYPES,
  type OplogIndicator,
  type OplogTimeType,
} from "../../../../contract/oplog-rules.ts";
import { isWallDate } from "../../list-screen/wallTime.ts";
import {
  type DayRange,
  DEFAULT_QUICK_RANGE,
  QUICK_RANGES,
  type QuickRange,
  quickRangeDays,
} from "./quickRanges.ts";

export type StatisticsRange = { kind: "quick"; name: QuickRange } | ({ kind: "days" } & DayRange);

export type StatisticsSearch = {
  range: StatisticsRange;
  indicators: OplogIndicator[];
  time_type: OplogTimeType;
};

export const DEFAULT_INDICATORS: readonly OplogIndicator[] = ["count"];
export const DEFAULT_TIME_TYPE: OplogTimeType = "day";

export type PrintedStatisticsSearch = Record<string, string>;

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

const isQuickRange = (value: string): value is QuickRange =>
  (QUICK_RANGES as readonly string[]).includes(value);

function readRange(raw: Record<string, unknown>): StatisticsRange {
  const start = text(raw.start);
  const end = text(raw.end);
  if (isWallDate(start) && isWallDate(end)) {
    return start <= end ? { kind: "days", start, end } : { kind: "days", start: end, end: start };
  }
  const name = text(raw.range);
  return { kind: "quick", name: isQuickRange(name) ? name : DEFAULT_QUICK_RANGE };
}

function readIndicators(value: unknown): OplogIndicator[] {
  const named = text(value)
    .split(",")
    .map((item) => item.trim());
  const chosen = OPLOG_INDICATORS.filter((indicator) => named.includes(indicator));
  return chosen.length > 0 ? chosen : [...DEFAULT_INDICATORS];
}

export function readStatisticsSearch(raw: Record<string, unknown>): StatisticsSearch {
  const timeType = text(raw.time_type);
  return {
    range: readRange(raw),
    indicators: readIndicators(raw.indicators),
    time_type: OPLOG_TIME_TYPES.find((type) => type === timeType) ?? DEFAULT_TIME_TYPE,
  };
}

export function printStatisticsSearch(search: StatisticsSearch): PrintedStatisticsSearch {
  const printed: PrintedStatisticsSearch = {};
  if (search.range.kind === "days") {
    printed.start = search.range.start;
    printed.end = search.range.end;
  } else if (search.range.name !== DEFAULT_QUICK_RANGE) {
    printed.range = search.range.name;
  }
  const indicators = search.indicators.join(",");
  if (indicators !== DEFAULT_INDICATORS.join(",")) printed.indicators = indicators;
  if (search.time_type !== DEFAULT_TIME_TYPE) printed.time_type = search.time_type;
  return printed;
}

/** The route's `validateSearch`. */
export function validateStatisticsSearch(raw: Record<string, unknown>): PrintedStatisticsSearch {
  return printStatisticsSearch(readStatisticsSearch(raw));
}

/** The first and last day the range covers when today is `today`. */
export function rangeDays(range: StatisticsRange, today: string): DayRange {
  return range.kind === "quick" ? quickRangeDays(range.name, today) : { start: range.start, end: range.end };
}

/** The indicators after one is ticked or cleared, in the contract's order; null when none would be left. */
export function toggleIndicator(
  current: readonly OplogIndicator[],
  indicator: OplogIndicator,
  checked: boolean,
): OplogIndicator[] | null {
  const next = OPLOG_INDICATORS.filter((item) => (item === indicator ? checked : current.includes(item)));
  return next.length > 0 ? next : null;
}
