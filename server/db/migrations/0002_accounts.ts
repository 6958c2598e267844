import type { Kysely } from "kysely";
import { sql } from "kysely";

/** Accounts: users, captchas, verification codes, login failures, refresh tokens and the outbox. */
export async function up(db: Kysely<unknown>, dialect: "sqlite" | "postgres"): Promise<void> {
  const serial = dialect === "postgres" ? "serial" : "integer";

  await db.schema
    .createTable("user")
    .addColumn("id", serial, (c) => c.primaryKey())
    .addColumn("username", "text", (c) => c.notNull().unique())
    .addColumn("nickname", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.unique())
    .addColumn("phone", "text", (c) => c.unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("avatar", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("roles", "text", (c) => c.notNull().defaultTo(sql`'["reader"]'`))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("active"))
    .addColumn("wechat_id", "text", (c) => c.unique())
    .addColumn("google_id", "text", (c) => c.unique())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("verification_code")
    .addColumn("receiver", "text", (c) => c.notNull())
    .addColumn("scene", "text", (c) => c.notNull())
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("sent_at", "bigint", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("verification_code_pk", ["receiver", "scene"])
    .execute();

  await db.schema
    .createTable("captcha")
    .addColumn("identifier", "text", (c) => c.primaryKey())
    .addColumn("answer_hash", "text", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("captcha_expires").on("captcha").column("expires_at").execute();

  await db.schema
    .createTable("login_failure")
    .addColumn("username", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("last_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("outbox")
    .addColumn("id", serial, (c) => c.primaryKey())
    .addColumn("channel", "text", (c) => c.notNull())
    .addColumn("receiver", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("refresh_token")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("revoked", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("refresh_token_user").on("refresh_token").column("user_id").execute();
}
