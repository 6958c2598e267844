import { type Kysely, sql } from "kysely";

/**
 * Rollups of the operation log (server/modules/oplog): counts kept up to date as events arrive, in
 * buckets of several grains (0 UTC hour, 1 UTC day, 2 UTC month, 3 UTC quarter, and for the
 * sketches 4 the site's day; a bucket is named by the hours since the epoch at its start), so that
 * statistics never scan the raw events.
 *
 *   oplog_event_rollup       events per bucket and event id (counters, trends, by-event tiles)
 *   oplog_user_rollup        events per bucket and user (user 0: visitors not signed in), while
 *                            the bucket is open
 *   oplog_user_packed        the same of a closed bucket, packed into one row per bucket
 *                            (server/modules/oplog/packed-user-counts.ts)
 *   oplog_user_event_rollup  events per bucket, user and event id; its primary key serves the
 *                            event-filtered grouping by user, its second index one user's figures
 *   oplog_keyword_rollup     full-text searches per bucket and keyword
 *   oplog_distinct_sketch    distinct visitors not signed in (`anonymous`) and addresses (`ip`)
 *                            per bucket, as sketches of keyed hashes (server/modules/oplog/sketch.ts)
 *                            with their counts (an index of its own serves labels of one bucket)
 *   oplog_rollup_backfill    how far the events stored before this migration have been rolled up;
 *                            the server does it at start, since the sketches need its key
 *
 * A partial index finds the raw events still holding an address, for clearing them when old.
 */
export async function up(db: Kysely<unknown>, dialect: "sqlite" | "postgres"): Promise<void> {
  const clustered = dialect === "sqlite" ? sql`without rowid` : sql``;
  const codePointText = dialect === "postgres" ? sql`text collate "C"` : "text";
  const blob = dialect === "postgres" ? "bytea" : "blob";

  await db.schema
    .createTable("oplog_event_rollup")
    .addColumn("grain", "smallint", (c) => c.notNull())
    .addColumn("bucket", "integer", (c) => c.notNull())
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("n", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("oplog_event_rollup_pk", ["grain", "bucket", "event_id"])
    .modifyEnd(clustered)
    .execute();

  await db.schema
    .createTable("oplog_user_rollup")
    .addColumn("grain", "smallint", (c) => c.notNull())
    .addColumn("bucket", "integer", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("n", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("oplog_user_rollup_pk", ["grain", "bucket", "user_id"])
    .modifyEnd(clustered)
    .execute();

  await db.schema
    .createTable("oplog_user_packed")
    .addColumn("grain", "smallint", (c) => c.notNull())
    .addColumn("bucket", "integer", (c) => c.notNull())
    .addColumn("users", blob, (c) => c.notNull())
    .addPrimaryKeyConstraint("oplog_user_packed_pk", ["grain", "bucket"])
    .modifyEnd(clustered)
    .execute();

  await db.schema
    .createTable("oplog_user_event_rollup")
    .addColumn("grain", "smallint", (c) => c.notNull())
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("bucket", "integer", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("n", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("oplog_user_event_rollup_pk", ["grain", "event_id", "bucket", "user_id"])
    .modifyEnd(clustered)
    .execute();
  await db.schema
    .createIndex("oplog_user_event_rollup_user")
    .on("oplog_user_event_rollup")
    .columns(["user_id", "grain", "bucket", "event_id"])
    .execute();

  await db.schema
    .createTable("oplog_keyword_rollup")
    .addColumn("grain", "smallint", (c) => c.notNull())
    .addColumn("bucket", "integer", (c) => c.notNull())
    .addColumn("keyword", codePointText, (c) => c.notNull())
    .addColumn("n", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("oplog_keyword_rollup_pk", ["grain", "bucket", "keyword"])
    .modifyEnd(clustered)
    .execute();

  await db.schema
    .createTable("oplog_distinct_sketch")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("grain", "smallint", (c) => c.notNull())
    .addColumn("bucket", "integer", (c) => c.notNull())
    .addColumn("sketch", blob, (c) => c.notNull())
    /** The sketch's count, so a label of one bucket reads this index and not the sketch. */
    .addColumn("estimate", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("oplog_distinct_sketch_pk", ["kind", "grain", "bucket"])
    .modifyEnd(clustered)
    .execute();
  await db.schema
    .createIndex("oplog_distinct_sketch_estimate")
    .on("oplog_distinct_sketch")
    .columns(["kind", "grain", "bucket", "estimate"])
    .execute();

  await db.schema
    .createTable("oplog_rollup_backfill")
    .addColumn("id", "integer", (c) => c.primaryKey())
    /** Events with ids up to here were stored before the rollups existed. */
    .addColumn("pending_to", "bigint", (c) => c.notNull())
    /** Events with ids up to here are in the rollups. */
    .addColumn("done_to", "bigint", (c) => c.notNull())
    .execute();
  await sql`insert into oplog_rollup_backfill (id, pending_to, done_to)
            select 1, coalesce(max(id), 0), 0 from oplog`.execute(db);

  await db.schema
    .createIndex("oplog_ip_kept")
    .on("oplog")
    .column("created_at")
    .where(sql.ref("ip"), "<>", "")
    .execute();
}
