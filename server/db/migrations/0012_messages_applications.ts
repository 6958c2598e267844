import type { Kysely } from "kysely";

/**
 * The personal centre's conversations (spec sections 3 and 4): the replies and continuations of a
 * feedback, the messages a reader receives, and researcher applications with their history.
 */
export async function up(db: Kysely<unknown>, dialect: "sqlite" | "postgres"): Promise<void> {
  const serial = dialect === "postgres" ? "serial" : "integer";

  await db.schema
    .createTable("feedback_log")
    .addColumn("id", serial, (c) => c.primaryKey())
    .addColumn("feedback_id", "integer", (c) => c.notNull().references("feedback.id").onDelete("cascade"))
    /** "admin" for a reply, "reader" for the reader's continuation. */
    .addColumn("sender", "text", (c) => c.notNull())
    .addColumn("author_id", "integer", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("content", "text", (c) => c.notNull())
    /** Storage key of the attached image. */
    .addColumn("attachment", "text")
    /** The feedback's status this entry set (a reader's entry: pending, shown without a status). */
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("feedback_log_conversation")
    .on("feedback_log")
    .columns(["feedback_id", "created_at"])
    .execute();

  await db.schema
    .createTable("message")
    .addColumn("id", serial, (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("msg_type", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    /** JSON object: deal_status and deal_reason of an application decision, feedback_id of a reply. */
    .addColumn("extra", "text", (c) => c.notNull())
    .addColumn("is_read", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_deleted", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("send_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("message_inbox")
    .on("message")
    .columns(["user_id", "is_deleted", "send_at"])
    .execute();

  await db.schema
    .createTable("application")
    .addColumn("id", serial, (c) => c.primaryKey())
    /** One application per reader; a rejected one is submitted again in place. */
    .addColumn("user_id", "integer", (c) => c.notNull().unique().references("user.id").onDelete("cascade"))
    .addColumn("real_name", "text", (c) => c.notNull())
    .addColumn("company", "text", (c) => c.notNull())
    .addColumn("intro", "text", (c) => c.notNull())
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("latest_status", "text", (c) => c.notNull())
    .addColumn("latest_deal_by", "integer", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("latest_deal_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("application_status_recent")
    .on("application")
    .columns(["latest_status", "updated_at"])
    .execute();

  await db.schema
    .createTable("application_log")
    .addColumn("id", serial, (c) => c.primaryKey())
    .addColumn("application_id", "integer", (c) =>
      c.notNull().references("application.id").onDelete("cascade"),
    )
    /** pending for a submission, approved or rejected for a decision. */
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    /** The administrator who decided; null for the reader's submission. */
    .addColumn("deal_by", "integer", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("deal_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("application_log_history")
    .on("application_log")
    .columns(["application_id", "deal_at"])
    .execute();
}
