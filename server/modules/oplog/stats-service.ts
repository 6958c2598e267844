/**
 * The counters and the group tiles of the operation log, from the rollups only: range totals
 * (counters, top keywords, tiles by user or by event) read the fewest buckets covering the range;
 * time tiles read the hour buckets and sum them per hour, day or month label of the request's
 * zone. Trends are in trend.ts.
 */
import type { Kysely } from "kysely";
import { type Paged, pageOf } from "../../../contract/envelope.ts";
import type { OplogCount, OplogGroup, OplogGroupQuery } from "../../../contract/oplog.ts";
import { TOP_KEYWORDS } from "../../../contract/oplog-rules.ts";
import type { Database } from "../../db/schema.ts";
import { type BucketRun, cover, GRAIN } from "./buckets.ts";
import { labelOfHour } from "./labels.ts";
import { type DistinctKind, VISITOR_USER_ID } from "./rollup-batch.ts";
import { emptySketch, estimate, mergeEncoded } from "./sketch.ts";
import type { StatsRange } from "./stats-range.ts";
import {
  countsByEvent,
  type EventFilter,
  eventsPerUser,
  hourlyCounts,
  sketchesIn,
  topKeywords,
  usersByEvents,
} from "./stats-repository.ts";
import { displayNames } from "./users-repository.ts";

type Db = Kysely<Database>;

const hourRun = (range: StatsRange): BucketRun => ({
  grain: GRAIN.hour,
  from: range.startHour,
  to: range.endHour,
});

async function distinctOver(db: Db, kind: DistinctKind, runs: readonly BucketRun[]): Promise<number> {
  let sketch = emptySketch();
  for (const row of await sketchesIn(db, kind, runs)) sketch = mergeEncoded(sketch, row.sketch);
  return estimate(sketch);
}

export async function countStats(db: Db, range: StatsRange): Promise<OplogCount> {
  const runs = cover(range.startHour, range.endHour);
  const [events, anonymous, ip, keywords] = await Promise.all([
    countsByEvent(db, runs, {}),
    distinctOver(db, "anonymous", runs),
    distinctOver(db, "ip", runs),
    topKeywords(db, runs, TOP_KEYWORDS),
  ]);
  const of = (eventId: string) => events.find((row) => row.event_id === eventId)?.n ?? 0;
  return {
    count: events.reduce((sum, row) => sum + row.n, 0),
    anonymous,
    login: of("LOGIN"),
    register: of("REGESTER"),
    ip,
    fulltext_search: {
      keywords: keywords.map((row) => row.keyword),
      counts: keywords.map((row) => row.n),
    },
  };
}

/** A page of users by events, most first (ties by id), and how many users there are. */
function rankedUsers(
  totals: ReadonlyMap<number, number>,
  page: { limit: number; offset: number },
): { total: number; rows: { user_id: number; n: number }[] } {
  const ranked = [...totals].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  return {
    total: ranked.length,
    rows: ranked.slice(page.offset, page.offset + page.limit).map(([user_id, n]) => ({ user_id, n })),
  };
}

const filterOf = (query: OplogGroupQuery): EventFilter => ({
  userId: query.userid,
  eventIds: query.event_id,
});

export async function groupStats(
  db: Db,
  range: StatsRange,
  query: OplogGroupQuery,
): Promise<Paged<OplogGroup>> {
  const page = { limit: query.page_size, offset: (query.page_no - 1) * query.page_size };
  const runs = cover(range.startHour, range.endHour);
  const filter = filterOf(query);

  if (query.group_type === "userid") {
    const { total, rows } =
      filter.userId === undefined && !filter.eventIds?.length
        ? rankedUsers(await eventsPerUser(db, runs), page)
        : await usersByEvents(db, runs, filter, page);
    const names = await displayNames(
      db,
      rows.map((row) => row.user_id).filter((id) => id !== VISITOR_USER_ID),
    );
    const list = rows.map((row) => {
      const signedIn = row.user_id !== VISITOR_USER_ID;
      return {
        name: signedIn ? (names.get(row.user_id) ?? null) : null,
        userid: signedIn ? row.user_id : null,
        count: row.n,
      };
    });
    return pageOf(total, query, list);
  }

  let tiles: OplogGroup[];
  if (query.group_type === "event_id") {
    const rows = await countsByEvent(db, runs, filter);
    rows.sort((a, b) => b.n - a.n || (a.event_id < b.event_id ? -1 : 1));
    tiles = rows.map((row) => ({ name: row.event_id, userid: null, count: row.n }));
  } else {
    tiles = [];
    for (const hour of await hourlyCounts(db, hourRun(range), filter)) {
      const name = labelOfHour(range.zone, query.group_type, hour.bucket);
      const last = tiles.at(-1);
      if (last?.name === name) last.count += hour.n;
      else tiles.push({ name, userid: null, count: hour.n });
    }
  }
  return pageOf(tiles.length, query, tiles.slice(page.offset, page.offset + page.limit));
}
