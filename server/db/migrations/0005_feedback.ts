import type { Kysely } from "kysely";

/** Readers' feedback on the text (spec section 3, Feedback). */
export async function up(db: Kysely<unknown>, dialect: "sqlite" | "postgres"): Promise<void> {
  const serial = dialect === "postgres" ? "serial" : "integer";
  await db.schema
    .createTable("feedback")
    .addColumn("id", serial, (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("feedback_type", "text", (c) => c.notNull())
    .addColumn("question_type", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("tripitaka_uid", "text", (c) => c.notNull())
    .addColumn("sutra_uid", "text", (c) => c.notNull())
    .addColumn("reel_uid", "text")
    .addColumn("page_id", "text")
    .addColumn("block_id", "text")
    /** JSON array of line or char ids. */
    .addColumn("cids", "text", (c) => c.notNull())
    .addColumn("origin_text", "text", (c) => c.notNull())
    .addColumn("suggestion", "text", (c) => c.notNull())
    /** Storage key of the attached image. */
    .addColumn("attachment", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("has_unread_log", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_deal_by", "integer", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("last_deal_at", "bigint")
    /** The idempotency key a queued send carries; one feedback per key and reader. */
    .addColumn("client_key", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("feedback_client_key_unique", ["user_id", "client_key"])
    .execute();
  await db.schema
    .createIndex("feedback_user_recent")
    .on("feedback")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema.createIndex("feedback_status").on("feedback").columns(["status", "created_at"]).execute();
}
