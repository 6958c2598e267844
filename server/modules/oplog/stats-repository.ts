/**
 * Reads of the rollups for the statistics. Every query names runs of buckets (buckets.ts) and reads
 * each run with its own range scan, the filters in its condition, the runs joined by UNION ALL (a
 * disjunction of ranges costs SQLite a pass that removes duplicate keys, three times the scans):
 *
 *   no filter, or events only   oplog_event_rollup        (grain, bucket, event_id)
 *   grouping by user            oplog_user_packed         (grain, bucket), closed buckets
 *                               oplog_user_rollup         (grain, bucket, user_id), open ones
 *   … filtered by events        oplog_user_event_rollup   (grain, event_id, bucket, user_id)
 *   one user                    oplog_user_event_rollup   index (user_id, grain, bucket, event_id)
 *   distinct counts             oplog_distinct_sketch     (kind, grain, bucket), and an index
 *                                                         holding the stored counts
 */
import { type AliasedRawBuilder, type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { BucketRun } from "./buckets.ts";
import { addPackedCounts } from "./packed-user-counts.ts";
import type { DistinctKind } from "./rollup-batch.ts";

type Db = Kysely<Database>;
type RollupTable =
  | "oplog_event_rollup"
  | "oplog_user_rollup"
  | "oplog_user_packed"
  | "oplog_user_event_rollup"
  | "oplog_keyword_rollup"
  | "oplog_distinct_sketch";

/** Which events count: one user's (a positive id), some event ids, or both. */
export type EventFilter = { userId?: number | undefined; eventIds?: readonly string[] | undefined };

type Fixed = { equal?: Record<string, string | number>; eventIds?: readonly string[] | undefined };

/**
 * The `columns` of the rows of `table` in the runs, as the derived table `r`: per run,
 * `grain = … [and equalities] [and event_id in …] and bucket >= from and bucket < to`.
 */
function rowsIn<Row>(
  table: RollupTable,
  columns: readonly (keyof Row & string)[],
  runs: readonly BucketRun[],
  fixed: Fixed = {},
): AliasedRawBuilder<Row, "r"> {
  const selected = sql.join(columns.map((column) => sql.ref(column)));
  const conditions = Object.entries(fixed.equal ?? {}).map(
    ([column, value]) => sql`${sql.ref(column)} = ${value}`,
  );
  if (fixed.eventIds && fixed.eventIds.length > 0)
    conditions.push(sql`event_id in (${sql.join(fixed.eventIds)})`);
  const parts =
    runs.length === 0
      ? [sql`select ${selected} from ${sql.table(table)} where 1 = 0`]
      : runs.map(
          (run) =>
            sql`select ${selected} from ${sql.table(table)} where ${sql.join(
              [sql`grain = ${run.grain}`, ...conditions, sql`bucket >= ${run.from}`, sql`bucket < ${run.to}`],
              sql` and `,
            )}`,
        );
  return sql<Row>`(${sql.join(parts, sql` union all `)})`.as("r");
}

const fixedOf = (filter: EventFilter): Fixed => ({
  equal: filter.userId === undefined ? {} : { user_id: filter.userId },
  eventIds: filter.eventIds,
});

/** The table holding a filter's events: per user when it names one. */
const eventsTable = (filter: EventFilter): RollupTable =>
  filter.userId === undefined ? "oplog_event_rollup" : "oplog_user_event_rollup";

/** Events in the runs that pass the filter. */
export async function eventTotal(db: Db, runs: readonly BucketRun[], filter: EventFilter): Promise<number> {
  const row = await db
    .selectFrom(rowsIn<{ n: number }>(eventsTable(filter), ["n"], runs, fixedOf(filter)))
    .select(sql<number>`coalesce(sum(n), 0)`.as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Events per event id in the runs (ids without events left out). */
export async function countsByEvent(
  db: Db,
  runs: readonly BucketRun[],
  filter: EventFilter,
): Promise<{ event_id: string; n: number }[]> {
  const rows = await db
    .selectFrom(
      rowsIn<{ event_id: string; n: number }>(eventsTable(filter), ["event_id", "n"], runs, fixedOf(filter)),
    )
    .select(["event_id", sql<number>`sum(n)`.as("n")])
    .groupBy("event_id")
    .execute();
  return rows.map((row) => ({ event_id: row.event_id, n: Number(row.n) }));
}

/** Every user's events in the runs: the closed buckets' packed counts and the open ones' rows. */
export async function eventsPerUser(db: Db, runs: readonly BucketRun[]): Promise<Map<number, number>> {
  const totals = new Map<number, number>();
  const packed = await db
    .selectFrom(rowsIn<{ users: Uint8Array }>("oplog_user_packed", ["users"], runs))
    .select("users")
    .execute();
  for (const row of packed) addPackedCounts(totals, row.users);
  const open = await db
    .selectFrom(rowsIn<{ user_id: number; n: number }>("oplog_user_rollup", ["user_id", "n"], runs))
    .select(["user_id", "n"])
    .execute();
  for (const row of open) totals.set(row.user_id, (totals.get(row.user_id) ?? 0) + Number(row.n));
  return totals;
}

/**
 * One page of users by the events of one user or of some event ids in the runs, most first (ties
 * by id, visitors not signed in as user 0), and how many users there are in all.
 */
export async function usersByEvents(
  db: Db,
  runs: readonly BucketRun[],
  filter: EventFilter,
  page: { limit: number; offset: number },
): Promise<{ total: number; rows: { user_id: number; n: number }[] }> {
  const grouped = db
    .selectFrom(
      rowsIn<{ user_id: number; n: number }>(
        "oplog_user_event_rollup",
        ["user_id", "n"],
        runs,
        fixedOf(filter),
      ),
    )
    .select(["user_id", sql<number>`sum(n)`.as("n")])
    .groupBy("user_id");
  const rows = await grouped
    .select(sql<number>`count(*) over ()`.as("groups"))
    .orderBy("n", "desc")
    .orderBy("user_id")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  let total = Number(rows[0]?.groups ?? 0);
  if (rows.length === 0 && page.offset > 0) {
    const counted = await db
      .selectFrom(grouped.as("users"))
      .select(sql<number>`count(*)`.as("n"))
      .executeTakeFirstOrThrow();
    total = Number(counted.n);
  }
  return { total, rows: rows.map((row) => ({ user_id: row.user_id, n: Number(row.n) })) };
}

/** Events per hour bucket from `from` to `to` (exclusive) that pass the filter, in time order. */
export async function hourlyCounts(
  db: Db,
  run: BucketRun,
  filter: EventFilter,
): Promise<{ bucket: number; n: number }[]> {
  const rows = await db
    .selectFrom(
      rowsIn<{ bucket: number; n: number }>(eventsTable(filter), ["bucket", "n"], [run], fixedOf(filter)),
    )
    .select(["bucket", sql<number>`sum(n)`.as("n")])
    .groupBy("bucket")
    .orderBy("bucket")
    .execute();
  return rows.map((row) => ({ bucket: row.bucket, n: Number(row.n) }));
}

export type BucketIndicators = { bucket: number; count: number; login: number; register: number };

/**
 * All events, LOGIN and REGESTER events per bucket start of the runs: buckets of two grains that
 * start at the same hour are summed together (they belong to the same label), and grouping by the
 * start alone keeps SQLite on the runs' range scans.
 */
export async function indicatorsByBucket(db: Db, runs: readonly BucketRun[]): Promise<BucketIndicators[]> {
  const rows = await db
    .selectFrom(
      rowsIn<{ bucket: number; event_id: string; n: number }>(
        "oplog_event_rollup",
        ["bucket", "event_id", "n"],
        runs,
      ),
    )
    .select([
      "bucket",
      sql<number>`sum(n)`.as("count"),
      sql<number>`sum(case when event_id = 'LOGIN' then n else 0 end)`.as("login"),
      sql<number>`sum(case when event_id = 'REGESTER' then n else 0 end)`.as("register"),
    ])
    .groupBy("bucket")
    .execute();
  return rows.map((row) => ({
    bucket: row.bucket,
    count: Number(row.count),
    login: Number(row.login),
    register: Number(row.register),
  }));
}

/** The most searched keywords of the runs, most first (ties by code point). */
export async function topKeywords(
  db: Db,
  runs: readonly BucketRun[],
  limit: number,
): Promise<{ keyword: string; n: number }[]> {
  const rows = await db
    .selectFrom(rowsIn<{ keyword: string; n: number }>("oplog_keyword_rollup", ["keyword", "n"], runs))
    .select(["keyword", sql<number>`sum(n)`.as("n")])
    .groupBy("keyword")
    .orderBy("n", "desc")
    .orderBy("keyword")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ keyword: row.keyword, n: Number(row.n) }));
}

/** The stored counts of the sketches of one kind in the runs (read from their own index). */
export async function estimatesIn(
  db: Db,
  kind: DistinctKind,
  runs: readonly BucketRun[],
): Promise<{ bucket: number; estimate: number }[]> {
  const rows = await db
    .selectFrom(
      rowsIn<{ bucket: number; estimate: number }>("oplog_distinct_sketch", ["bucket", "estimate"], runs, {
        equal: { kind },
      }),
    )
    .select(["bucket", "estimate"])
    .execute();
  return rows.map((row) => ({ bucket: row.bucket, estimate: Number(row.estimate) }));
}

/** The stored sketches of one kind in the runs. */
export async function sketchesIn(
  db: Db,
  kind: DistinctKind,
  runs: readonly BucketRun[],
): Promise<{ bucket: number; sketch: Uint8Array }[]> {
  return db
    .selectFrom(
      rowsIn<{ bucket: number; sketch: Uint8Array }>("oplog_distinct_sketch", ["bucket", "sketch"], runs, {
        equal: { kind },
      }),
    )
    .select(["bucket", "sketch"])
    .execute();
}
