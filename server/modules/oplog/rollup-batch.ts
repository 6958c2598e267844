/**
 * A batch of events summed in memory before it reaches the rollups: counts per hour first (one map
 * update per table and event), then the coarser buckets from the hours (buckets.ts; the site's day
 * for the distinct values only), so each rollup row a batch touches is written once.
 */
import { dayFloor, GRAIN, type Grain, hourOf, monthFloor, quarterFloor, siteDayFloor } from "./buckets.ts";

/** What the rollups need of one event. */
export type RollupInput = {
  created_at: number;
  event_id: string;
  /** Null for a visitor not signed in. */
  user_id: number | null;
  anonymous_uuid: string;
  ip: string;
  /** The keyword of a full-text search. */
  keyword: string | null;
};

export const DISTINCT_KINDS = ["anonymous", "ip"] as const;
export type DistinctKind = (typeof DISTINCT_KINDS)[number];

/** The rollups' user id of visitors not signed in. */
export const VISITOR_USER_ID = 0;

export type EventCount = { grain: Grain; bucket: number; event_id: string; n: number };
export type UserCount = { grain: Grain; bucket: number; user_id: number; n: number };
export type UserEventCount = { grain: Grain; bucket: number; user_id: number; event_id: string; n: number };
export type KeywordCount = { grain: Grain; bucket: number; keyword: string; n: number };
export type DistinctValues = { kind: DistinctKind; grain: Grain; bucket: number; values: Set<string> };

export type RollupRows = {
  events: EventCount[];
  users: UserCount[];
  userEvents: UserEventCount[];
  keywords: KeywordCount[];
  distinct: DistinctValues[];
};

/** The keyword of a full-text search event's details, when it has one. */
export function searchKeyword(eventId: string, extra: Record<string, unknown>): string | null {
  if (eventId !== "FULLTEXT_SEARCH") return null;
  const keyword = typeof extra.keyword === "string" ? extra.keyword.trim() : "";
  return keyword === "" ? null : keyword;
}

type Keyed<T> = Map<string, T>;

function bump<T extends { n: number }>(map: Keyed<T>, key: string, make: () => T, by: number): void {
  const row = map.get(key);
  if (row) row.n += by;
  else map.set(key, { ...make(), n: by });
}

const SEP = "\u0000";

/** The UTC buckets holding an hour bucket, coarser than it. */
function coarser(hour: number): [Grain, number][] {
  return [
    [GRAIN.day, dayFloor(hour)],
    [GRAIN.month, monthFloor(hour)],
    [GRAIN.quarter, quarterFloor(hour)],
  ];
}

export function rollUp(inputs: Iterable<RollupInput>): RollupRows {
  const events: Keyed<EventCount> = new Map();
  const users: Keyed<UserCount> = new Map();
  const userEvents: Keyed<UserEventCount> = new Map();
  const keywords: Keyed<KeywordCount> = new Map();
  const distinct: Keyed<DistinctValues> = new Map();

  const addDistinct = (kind: DistinctKind, grain: Grain, bucket: number, values: Iterable<string>) => {
    const key = `${kind}${SEP}${grain}${SEP}${bucket}`;
    let row = distinct.get(key);
    if (!row) {
      row = { kind, grain, bucket, values: new Set() };
      distinct.set(key, row);
    }
    for (const value of values) row.values.add(value);
  };

  for (const input of inputs) {
    const bucket = hourOf(input.created_at);
    const userId = input.user_id ?? VISITOR_USER_ID;
    const event_id = input.event_id;
    const grain = GRAIN.hour;
    bump(events, `${bucket}${SEP}${event_id}`, () => ({ grain, bucket, event_id, n: 0 }), 1);
    bump(users, `${bucket}${SEP}${userId}`, () => ({ grain, bucket, user_id: userId, n: 0 }), 1);
    bump(
      userEvents,
      `${bucket}${SEP}${userId}${SEP}${event_id}`,
      () => ({ grain, bucket, user_id: userId, event_id, n: 0 }),
      1,
    );
    const keyword = input.keyword;
    if (keyword !== null)
      bump(keywords, `${bucket}${SEP}${keyword}`, () => ({ grain, bucket, keyword, n: 0 }), 1);
    if (input.ip !== "") addDistinct("ip", grain, bucket, [input.ip]);
    if (input.user_id === null && input.anonymous_uuid !== "")
      addDistinct("anonymous", grain, bucket, [input.anonymous_uuid]);
  }

  const spread = <T extends { grain: Grain; bucket: number; n: number }>(
    hours: Keyed<T>,
    keyOf: (row: T) => string,
  ) => {
    const all: T[] = [];
    const wider: Keyed<T> = new Map();
    for (const row of hours.values()) {
      all.push(row);
      for (const [grain, bucket] of coarser(row.bucket)) {
        bump(wider, `${grain}${SEP}${bucket}${SEP}${keyOf(row)}`, () => ({ ...row, grain, bucket }), row.n);
      }
    }
    return all.concat([...wider.values()]);
  };

  for (const row of [...distinct.values()]) {
    for (const [grain, bucket] of coarser(row.bucket)) addDistinct(row.kind, grain, bucket, row.values);
    addDistinct(row.kind, GRAIN.siteDay, siteDayFloor(row.bucket), row.values);
  }

  return {
    events: spread(events, (row) => row.event_id),
    users: spread(users, (row) => String(row.user_id)),
    userEvents: spread(userEvents, (row) => `${row.user_id}${SEP}${row.event_id}`),
    keywords: spread(keywords, (row) => row.keyword),
    distinct: [...distinct.values()],
  };
}
