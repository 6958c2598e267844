import type { Kysely } from "kysely";

/** The operation log: tracking events of readers, signed in or not (spec section 3). */
export async function up(db: Kysely<unknown>, dialect: "sqlite" | "postgres"): Promise<void> {
  const serial = dialect === "postgres" ? "bigserial" : "integer";
  await db.schema
    .createTable("oplog")
    .addColumn("id", serial, (c) => c.primaryKey())
    .addColumn("user_id", "integer")
    .addColumn("anonymous_uuid", "text", (c) => c.notNull())
    .addColumn("tripitaka_uid", "text")
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("user_agent", "text", (c) => c.notNull())
    .addColumn("timezone", "text", (c) => c.notNull())
    .addColumn("terminal", "text", (c) => c.notNull())
    .addColumn("extra", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("oplog_created").on("oplog").column("created_at").execute();
  await db.schema
    .createIndex("oplog_event_created")
    .on("oplog")
    .columns(["event_id", "created_at"])
    .execute();
  await db.schema.createIndex("oplog_user_created").on("oplog").columns(["user_id", "created_at"]).execute();
}
