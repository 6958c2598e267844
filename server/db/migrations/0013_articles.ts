import { type Kysely, sql } from "kysely";

/**
 * Articles (spec section 3): news, tripitaka introductions, the help text and the staff and donors
 * pages, each under a unique uid (a translation is its own row, `help.en`). On PostgreSQL the uid
 * and the title compare by code point, as SQLite's text does, so the admin list sorts alike on both.
 */
export async function up(db: Kysely<unknown>, dialect: "sqlite" | "postgres"): Promise<void> {
  const serial = dialect === "postgres" ? "serial" : "integer";
  const codePointText = dialect === "postgres" ? sql`text collate "C"` : "text";

  await db.schema
    .createTable("articles")
    .addColumn("id", serial, (c) => c.primaryKey())
    .addColumn("uid", codePointText, (c) => c.notNull().unique())
    .addColumn("title", codePointText, (c) => c.notNull())
    /** news or intro. */
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("is_actived", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_top", "integer", (c) => c.notNull().defaultTo(0))
    /** When it was pinned (null while not pinned): the newest pin comes first. */
    .addColumn("top_at", "bigint")
    .addColumn("summary", "text", (c) => c.notNull())
    /** Markdown, cleaned of unsafe HTML and addresses when saved. */
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("cover_url", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("create_time", "bigint", (c) => c.notNull())
    .addColumn("updated_time", "bigint", (c) => c.notNull())
    /** The administrators who wrote it; null for the articles the server writes itself. */
    .addColumn("created_by", "integer", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("updated_by", "integer", (c) => c.references("user.id").onDelete("set null"))
    .execute();
  await db.schema
    .createIndex("articles_published_news")
    .on("articles")
    .columns(["type", "is_actived", "is_top", "top_at", "create_time"])
    .execute();
}
