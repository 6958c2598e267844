/**
 * Events per user of a closed bucket, packed into one row. Grouping a year by user reads hundreds
 * of thousands of (bucket, user) rows; summing them with SQL's GROUP BY sorts them all, which at the
 * scale of a busy site costs more than the statistics may take. So once a bucket is over (an hour
 * that has passed, a day, a month, a quarter), its rows in `oplog_user_rollup` are packed into one
 * `oplog_user_packed` row: user ids ascending, each as the gap from the one before and its count,
 * both as LEB128 varints. Reads add the packed buckets and the rows still open in memory.
 *
 * A late event in a packed bucket (the one-off rollup of older events) lands in a row again and is
 * packed at the next compaction; reads count both until then.
 */
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../../db/connect.ts";
import type { Database } from "../../db/schema.ts";
import { bucketsAt, GRAIN, type Grain } from "./buckets.ts";
import { lockRollups } from "./rollup-store.ts";

type Db = Kysely<Database>;

function writeVarint(out: number[], value: number): void {
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

/** Packs counts by user id. */
export function packUserCounts(counts: ReadonlyMap<number, number>): Uint8Array {
  const out: number[] = [];
  let previous = 0;
  for (const userId of [...counts.keys()].sort((a, b) => a - b)) {
    const n = counts.get(userId) ?? 0;
    if (n === 0) continue;
    writeVarint(out, userId - previous);
    writeVarint(out, n);
    previous = userId;
  }
  return Uint8Array.from(out);
}

/** Adds packed counts to `into`. */
export function addPackedCounts(into: Map<number, number>, bytes: Uint8Array): void {
  let offset = 0;
  let userId = 0;
  const read = (): number => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = bytes[offset++] ?? 0;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
    }
  };
  while (offset < bytes.length) {
    userId += read();
    const n = read();
    into.set(userId, (into.get(userId) ?? 0) + n);
  }
}

/**
 * Packs the rows of every bucket that ended before the one holding `now`, one transaction per
 * bucket; answers how many buckets it packed.
 */
export async function packClosedBuckets(db: Db, dialect: Dialect, now: number): Promise<number> {
  const current = bucketsAt(now);
  const openBuckets: [Grain, number][] = [
    [GRAIN.hour, current.hour],
    [GRAIN.day, current.day],
    [GRAIN.month, current.month],
    [GRAIN.quarter, current.quarter],
  ];
  let packed = 0;
  for (const [grain, open] of openBuckets) {
    const closed = await db
      .selectFrom("oplog_user_rollup")
      .select("bucket")
      .distinct()
      .where("grain", "=", grain)
      .where("bucket", "<", open)
      .orderBy("bucket")
      .execute();
    for (const { bucket } of closed) {
      await db.transaction().execute(async (trx) => {
        await lockRollups(trx, dialect);
        const counts = new Map<number, number>();
        const stored = await trx
          .selectFrom("oplog_user_packed")
          .select("users")
          .where("grain", "=", grain)
          .where("bucket", "=", bucket)
          .executeTakeFirst();
        if (stored) addPackedCounts(counts, stored.users);
        const rows = await trx
          .selectFrom("oplog_user_rollup")
          .select(["user_id", "n"])
          .where("grain", "=", grain)
          .where("bucket", "=", bucket)
          .execute();
        for (const row of rows) counts.set(row.user_id, (counts.get(row.user_id) ?? 0) + Number(row.n));
        const bytes = packUserCounts(counts);
        const users = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        await trx
          .insertInto("oplog_user_packed")
          .values({ grain, bucket, users })
          .onConflict((oc) =>
            oc.columns(["grain", "bucket"]).doUpdateSet({ users: sql.ref("excluded.users") }),
          )
          .execute();
        await trx
          .deleteFrom("oplog_user_rollup")
          .where("grain", "=", grain)
          .where("bucket", "=", bucket)
          .execute();
      });
      packed++;
    }
  }
  return packed;
}
