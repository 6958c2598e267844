/**
 * What the operation-log calls must answer, counted plainly from the raw `oplog` rows: every event
 * looked at, labels read from Intl directly. A range is given by its exact UTC instants; the
 * statistics count the whole UTC hours around it (contract/oplog-rules.ts).
 */
import type { OplogCount, OplogGroup, OplogTrend } from "../../contract/oplog.ts";
import type { OplogGroupType, OplogIndicator, OplogTimeType } from "../../contract/oplog-rules.ts";
import type { RawRow } from "./oplog-setup.ts";

const HOUR_MS = 3_600_000;

/** A range as the calls take it (wall times in a zone) and the UTC instants it names. */
export type Window = { label: string; zone: string; start: string; end: string; from: string; to: string };
export type Filter = { userid?: number; event_id?: string[] };

const instant = (iso: string) => Date.parse(iso);

/** The range's exact instants, `to` exclusive. */
export const exactSpan = (w: Window) => ({ from: instant(w.from), to: instant(w.to) });

/** The statistics' span: the exact one rounded out to whole UTC hours. */
export const hourSpan = (w: Window) => ({
  from: Math.floor(instant(w.from) / HOUR_MS) * HOUR_MS,
  to: Math.ceil(instant(w.to) / HOUR_MS) * HOUR_MS,
});

const within = (rows: readonly RawRow[], span: { from: number; to: number }) =>
  rows.filter((row) => row.created_at >= span.from && row.created_at < span.to);

const passes = (filter: Filter) => (row: RawRow) =>
  (filter.userid === undefined || row.user_id === filter.userid) &&
  (filter.event_id === undefined || filter.event_id.includes(row.event_id));

function keywordOf(row: RawRow): string | null {
  if (row.event_id !== "FULLTEXT_SEARCH") return null;
  const keyword = (JSON.parse(row.extra) as { keyword?: unknown }).keyword;
  return typeof keyword === "string" && keyword.trim() !== "" ? keyword.trim() : null;
}

const distinct = (values: Iterable<string>) => new Set([...values].filter((v) => v !== "")).size;
const visitors = (rows: readonly RawRow[]) =>
  rows.filter((r) => r.user_id === null).map((r) => r.anonymous_uuid);

export function expectedCount(rows: readonly RawRow[], w: Window): OplogCount {
  const inRange = within(rows, hourSpan(w));
  const keywords = new Map<string, number>();
  for (const row of inRange) {
    const keyword = keywordOf(row);
    if (keyword !== null) keywords.set(keyword, (keywords.get(keyword) ?? 0) + 1);
  }
  const top = [...keywords].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 10);
  return {
    count: inRange.length,
    anonymous: distinct(visitors(inRange)),
    login: inRange.filter((r) => r.event_id === "LOGIN").length,
    register: inRange.filter((r) => r.event_id === "REGESTER").length,
    ip: distinct(inRange.map((r) => r.ip)),
    fulltext_search: { keywords: top.map(([k]) => k), counts: top.map(([, n]) => n) },
  };
}

/** The label of the local hour, day or month in which the UTC hour holding `at` starts. */
export function labelAt(zone: string, unit: OplogTimeType, at: number): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
  }).formatToParts(Math.floor(at / HOUR_MS) * HOUR_MS);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const month = `${get("year")}-${get("month")}`;
  if (unit === "month") return month;
  return unit === "day" ? `${month}-${get("day")}` : `${month}-${get("day")} ${get("hour")}`;
}

export function expectedTrend(rows: readonly RawRow[], w: Window, unit: OplogTimeType): OplogTrend {
  const span = hourSpan(w);
  const labels: string[] = [];
  for (let at = span.from; at < span.to; at += HOUR_MS) {
    const label = labelAt(w.zone, unit, at);
    if (labels.at(-1) !== label) labels.push(label);
  }
  const byLabel = new Map<string, RawRow[]>(labels.map((label) => [label, []]));
  for (const row of within(rows, span)) byLabel.get(labelAt(w.zone, unit, row.created_at))?.push(row);
  return {
    labels,
    rows: labels.map((label) => {
      const of = byLabel.get(label) ?? [];
      return {
        count: of.length,
        anonymous: distinct(visitors(of)),
        login: of.filter((r) => r.event_id === "LOGIN").length,
        register: of.filter((r) => r.event_id === "REGESTER").length,
        ip: distinct(of.map((r) => r.ip)),
      } satisfies Record<OplogIndicator, number>;
    }),
  };
}

/** Every tile of a grouping, in the order the call pages them. */
export function expectedGroups(
  rows: readonly RawRow[],
  w: Window,
  groupType: OplogGroupType,
  filter: Filter,
  names: ReadonlyMap<number, string>,
): OplogGroup[] {
  const inRange = within(rows, hourSpan(w)).filter(passes(filter));
  const counts = new Map<string, number>();
  const keyOf = (row: RawRow): string =>
    groupType === "userid"
      ? String(row.user_id ?? 0)
      : groupType === "event_id"
        ? row.event_id
        : labelAt(w.zone, groupType, row.created_at);
  for (const row of inRange) counts.set(keyOf(row), (counts.get(keyOf(row)) ?? 0) + 1);
  const entries = [...counts];
  if (groupType === "userid") {
    entries.sort((a, b) => b[1] - a[1] || Number(a[0]) - Number(b[0]));
    return entries.map(([id, count]) => ({
      name: id === "0" ? null : (names.get(Number(id)) ?? null),
      userid: id === "0" ? null : Number(id),
      count,
    }));
  }
  if (groupType === "event_id") entries.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  else entries.sort((a, b) => (a[0] < b[0] ? -1 : 1));
  return entries.map(([name, count]) => ({ name, userid: null, count }));
}

/** The list's rows, newest first, over the exact range. */
export function expectedList(rows: readonly RawRow[], w: Window, filter: Filter): RawRow[] {
  return within(rows, exactSpan(w))
    .filter(passes(filter))
    .sort((a, b) => b.created_at - a.created_at || b.id - a.id);
}

/**
 * The ranges the statistics are checked over, the events being spread from 2025-02-20 to
 * 2025-04-02 (UTC): day boundaries of one zone that are mid-day in another, month ends, a whole
 * quarter, New York's 23-hour day, ends within hours, a half-hour zone.
 */
export const WINDOWS: Window[] = [
  {
    label: "two Shanghai days across a month end",
    zone: "Asia/Shanghai",
    start: "2025-02-28",
    end: "2025-03-01 23:59:59",
    from: "2025-02-27T16:00:00Z",
    to: "2025-03-01T16:00:00Z",
  },
  {
    label: "thirteen UTC days",
    zone: "UTC",
    start: "2025-02-26",
    end: "2025-03-10 23:59:59",
    from: "2025-02-26T00:00:00Z",
    to: "2025-03-11T00:00:00Z",
  },
  {
    label: "New York days around its 23-hour day",
    zone: "America/New_York",
    start: "2025-03-08",
    end: "2025-03-10 23:59:59",
    from: "2025-03-08T05:00:00Z",
    to: "2025-03-11T04:00:00Z",
  },
  {
    label: "all of it in Shanghai",
    zone: "Asia/Shanghai",
    start: "2025-02-20",
    end: "2025-04-01 23:59:59",
    from: "2025-02-19T16:00:00Z",
    to: "2025-04-01T16:00:00Z",
  },
  {
    label: "one UTC month",
    zone: "UTC",
    start: "2025-03-01",
    end: "2025-03-31 23:59:59",
    from: "2025-03-01T00:00:00Z",
    to: "2025-04-01T00:00:00Z",
  },
  {
    label: "UTC days around a whole quarter",
    zone: "UTC",
    start: "2024-12-20",
    end: "2025-04-01 23:59:59",
    from: "2024-12-20T00:00:00Z",
    to: "2025-04-02T00:00:00Z",
  },
  {
    label: "a Shanghai afternoon",
    zone: "Asia/Shanghai",
    start: "2025-03-05 13:00:00",
    end: "2025-03-05 17:59:59",
    from: "2025-03-05T05:00:00Z",
    to: "2025-03-05T10:00:00Z",
  },
  {
    label: "UTC ends within hours",
    zone: "UTC",
    start: "2025-03-05 13:30:00",
    end: "2025-03-07 08:15:59",
    from: "2025-03-05T13:30:00Z",
    to: "2025-03-07T08:16:00Z",
  },
  {
    label: "Kolkata days, half an hour off UTC",
    zone: "Asia/Kolkata",
    start: "2025-03-02",
    end: "2025-03-04 23:59:59",
    from: "2025-03-01T18:30:00Z",
    to: "2025-03-04T18:30:00Z",
  },
];
