/**
 * Writes of the rollups: a batch's sums added with `INSERT … ON CONFLICT … DO UPDATE SET n = n +
 * excluded.n`, and its distinct values merged into the stored sketches. Callers hold the rollup
 * lock for the whole transaction, so two server processes never merge into one sketch at once.
 */
import { type Kysely, sql } from "kysely";
import { type BulkInsert, bulkInsert } from "../../db/bulk-insert.ts";
import type { Dialect } from "../../db/connect.ts";
import type { Database } from "../../db/schema.ts";
import type { KeyedHash } from "./keyed-hash.ts";
import type {
  DistinctValues,
  EventCount,
  KeywordCount,
  RollupRows,
  UserCount,
  UserEventCount,
} from "./rollup-batch.ts";
import { addHash, type DistinctSketch, emptySketch, encodeSketch, estimate, mergeEncoded } from "./sketch.ts";

type Db = Kysely<Database>;

/** Rows per upsert: at most five values each. */
const UPSERT_CHUNK = 1_024;
/** Buckets per sketch read. */
const SKETCH_READ_CHUNK = 500;
/** The PostgreSQL advisory lock of the rollup writers ("oplog" in ASCII). */
const ROLLUP_LOCK = 0x6f706c6f67;

/**
 * Takes the rollups' write lock until the transaction ends. SQLite runs one write transaction at a
 * time already; on PostgreSQL every writer of every process takes this advisory lock.
 */
export async function lockRollups(trx: Db, dialect: Dialect): Promise<void> {
  if (dialect === "postgres") await sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`.execute(trx);
}

function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

const adding = (table: string, keys: readonly string[]) =>
  `on conflict (${keys.join(", ")}) do update set n = ${table}.n + excluded.n`;

const EVENT_UPSERT: BulkInsert<EventCount> = {
  table: "oplog_event_rollup",
  columns: ["grain", "bucket", "event_id", "n"],
  onConflict: adding("oplog_event_rollup", ["grain", "bucket", "event_id"]),
};
const USER_UPSERT: BulkInsert<UserCount> = {
  table: "oplog_user_rollup",
  columns: ["grain", "bucket", "user_id", "n"],
  onConflict: adding("oplog_user_rollup", ["grain", "bucket", "user_id"]),
};
const USER_EVENT_UPSERT: BulkInsert<UserEventCount> = {
  table: "oplog_user_event_rollup",
  columns: ["grain", "event_id", "bucket", "user_id", "n"],
  onConflict: adding("oplog_user_event_rollup", ["grain", "event_id", "bucket", "user_id"]),
};
const KEYWORD_UPSERT: BulkInsert<KeywordCount> = {
  table: "oplog_keyword_rollup",
  columns: ["grain", "bucket", "keyword", "n"],
  onConflict: adding("oplog_keyword_rollup", ["grain", "bucket", "keyword"]),
};
type StoredSketch = { kind: string; grain: number; bucket: number; sketch: Buffer; estimate: number };
const SKETCH_UPSERT: BulkInsert<StoredSketch> = {
  table: "oplog_distinct_sketch",
  columns: ["kind", "grain", "bucket", "sketch", "estimate"],
  onConflict:
    "on conflict (kind, grain, bucket) do update set sketch = excluded.sketch, estimate = excluded.estimate",
};

export async function addToRollups(
  trx: Db,
  dialect: Dialect,
  rows: RollupRows,
  hash: KeyedHash,
): Promise<void> {
  await bulkInsert(trx, dialect, EVENT_UPSERT, rows.events, UPSERT_CHUNK);
  await bulkInsert(trx, dialect, USER_UPSERT, rows.users, UPSERT_CHUNK);
  await bulkInsert(trx, dialect, USER_EVENT_UPSERT, rows.userEvents, UPSERT_CHUNK);
  await bulkInsert(trx, dialect, KEYWORD_UPSERT, rows.keywords, UPSERT_CHUNK);
  await mergeDistinct(trx, dialect, rows.distinct, hash);
}

const sketchKey = (kind: string, grain: number, bucket: number) => `${kind}:${grain}:${bucket}`;

async function mergeDistinct(
  trx: Db,
  dialect: Dialect,
  rows: readonly DistinctValues[],
  hash: KeyedHash,
): Promise<void> {
  const stored = new Map<string, Uint8Array>();
  const byKindAndGrain = new Map<string, DistinctValues[]>();
  for (const row of rows) {
    const key = `${row.kind}:${row.grain}`;
    const group = byKindAndGrain.get(key);
    if (group) group.push(row);
    else byKindAndGrain.set(key, [row]);
  }
  for (const group of byKindAndGrain.values()) {
    const first = group[0];
    if (!first) continue;
    for (const part of chunks(group, SKETCH_READ_CHUNK)) {
      const found = await trx
        .selectFrom("oplog_distinct_sketch")
        .select(["bucket", "sketch"])
        .where("kind", "=", first.kind)
        .where("grain", "=", first.grain)
        .where(
          "bucket",
          "in",
          part.map((row) => row.bucket),
        )
        .execute();
      for (const row of found) stored.set(sketchKey(first.kind, first.grain, row.bucket), row.sketch);
    }
  }

  const merged = rows.map((row): StoredSketch => {
    const before = stored.get(sketchKey(row.kind, row.grain, row.bucket));
    let sketch: DistinctSketch = before ? mergeEncoded(emptySketch(), before) : emptySketch();
    for (const value of row.values) sketch = addHash(sketch, hash(value));
    const bytes = encodeSketch(sketch);
    return {
      kind: row.kind,
      grain: row.grain,
      bucket: row.bucket,
      sketch: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      estimate: estimate(sketch),
    };
  });
  await bulkInsert(trx, dialect, SKETCH_UPSERT, merged, UPSERT_CHUNK);
}

export type BackfillState = { pendingTo: number; doneTo: number };

/** How far the events stored before the rollups existed have been rolled up. */
export async function backfillState(db: Db): Promise<BackfillState> {
  const row = await db
    .selectFrom("oplog_rollup_backfill")
    .select(["pending_to", "done_to"])
    .where("id", "=", 1)
    .executeTakeFirst();
  return { pendingTo: Number(row?.pending_to ?? 0), doneTo: Number(row?.done_to ?? 0) };
}

export async function advanceBackfill(trx: Db, doneTo: number): Promise<void> {
  await trx.updateTable("oplog_rollup_backfill").set({ done_to: doneTo }).where("id", "=", 1).execute();
}
