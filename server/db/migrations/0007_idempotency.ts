import type { Kysely } from "kysely";

/** Idempotency keys of writes and the answers they got (server/plugins/idempotency.ts). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("idempotency_record")
    /** "user:<id>" or "guest". */
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("fingerprint", "text", (c) => c.notNull())
    /** pending while the write runs, done once its answer is stored. */
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("status_code", "integer")
    .addColumn("response_body", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("idempotency_record_pk", ["scope", "key"])
    .execute();
  await db.schema
    .createIndex("idempotency_record_created")
    .on("idempotency_record")
    .column("created_at")
    .execute();
}
