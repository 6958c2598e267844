import type { Kysely } from "kysely";
import { sql } from "kysely";

/** The canon model: tripitakas, sutras, reels, books, pages, lines, chars, catalogue and lists. */
export async function up(db: Kysely<unknown>, dialect: "sqlite" | "postgres"): Promise<void> {
  const serial = dialect === "postgres" ? "serial" : "integer";

  await db.schema
    .createTable("tripitaka")
    .addColumn("uid", "text", (c) => c.primaryKey())
    .addColumn("name_sim", "text", (c) => c.notNull())
    .addColumn("name_trad", "text", (c) => c.notNull())
    .addColumn("short_name", "text", (c) => c.notNull())
    .addColumn("store_mode", "text", (c) => c.notNull())
    .addColumn("img_ready", "integer", (c) => c.notNull())
    .addColumn("img_suffix", "text", (c) => c.notNull())
    .addColumn("cbeta_collection", "text")
    .addColumn("is_listed", "integer", (c) => c.notNull())
    .addColumn("sn", "integer", (c) => c.notNull())
    .execute();

  for (const table of ["category", "dynasty"]) {
    await db.schema
      .createTable(table)
      .addColumn("id", serial, (c) => c.primaryKey())
      .addColumn("name_trad", "text", (c) => c.notNull().unique())
      .addColumn("name_sim", "text", (c) => c.notNull())
      .execute();
  }
  await db.schema
    .createTable("author")
    .addColumn("id", serial, (c) => c.primaryKey())
    .addColumn("name_trad", "text", (c) => c.notNull().unique())
    .addColumn("name_sim", "text", (c) => c.notNull())
    .addColumn("authority_id", "text")
    .execute();

  await db.schema
    .createTable("sutra")
    .addColumn("uid", "text", (c) => c.primaryKey())
    .addColumn("tripitaka_uid", "text", (c) => c.notNull().references("tripitaka.uid"))
    .addColumn("work_id", "text", (c) => c.notNull())
    .addColumn("name_trad", "text", (c) => c.notNull())
    .addColumn("name_sim", "text", (c) => c.notNull())
    .addColumn("byline", "text", (c) => c.notNull())
    .addColumn("source_title", "text", (c) => c.notNull())
    .addColumn("category_id", "integer", (c) => c.references("category.id"))
    .addColumn("dynasty_id", "integer", (c) => c.references("dynasty.id"))
    .addColumn("start_year", "integer")
    .addColumn("end_year", "integer")
    .addColumn("reel_count", "integer", (c) => c.notNull())
    .addColumn("char_cnt", "integer", (c) => c.notNull())
    .addColumn("source_file", "text", (c) => c.notNull())
    .addColumn("source_hash", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("sn", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sutra_tripitaka_sn").on("sutra").columns(["tripitaka_uid", "sn"]).execute();
  await db.schema
    .createIndex("sutra_tripitaka_updated")
    .on("sutra")
    .columns(["tripitaka_uid", "updated_at"])
    .execute();

  await db.schema
    .createTable("sutra_author")
    .addColumn("sutra_uid", "text", (c) => c.notNull().references("sutra.uid").onDelete("cascade"))
    .addColumn("author_id", "integer", (c) => c.notNull().references("author.id"))
    .addColumn("sn", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("sutra_author_pk", ["sutra_uid", "author_id"])
    .execute();
  await db.schema.createIndex("sutra_author_author").on("sutra_author").column("author_id").execute();

  await db.schema
    .createTable("reel")
    .addColumn("uid", "text", (c) => c.primaryKey())
    .addColumn("sutra_uid", "text", (c) => c.notNull().references("sutra.uid").onDelete("cascade"))
    .addColumn("reel_no", "integer", (c) => c.notNull())
    .addColumn("name_trad", "text", (c) => c.notNull())
    .addColumn("name_sim", "text", (c) => c.notNull())
    .addColumn("char_cnt", "integer", (c) => c.notNull())
    .addColumn("line_count", "integer", (c) => c.notNull())
    .addColumn("first_page_uid", "text", (c) => c.notNull())
    .addColumn("last_page_uid", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("reel_sutra").on("reel").columns(["sutra_uid", "reel_no"]).execute();

  await db.schema
    .createTable("book")
    .addColumn("uid", "text", (c) => c.primaryKey())
    .addColumn("tripitaka_uid", "text", (c) => c.notNull().references("tripitaka.uid"))
    .addColumn("volume", "integer", (c) => c.notNull())
    .addColumn("first_page_uid", "text", (c) => c.notNull())
    .addColumn("last_page_uid", "text", (c) => c.notNull())
    .addColumn("page_count", "integer", (c) => c.notNull())
    .addColumn("excluded", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("book_tripitaka").on("book").columns(["tripitaka_uid", "volume"]).execute();

  await db.schema
    .createTable("page")
    .addColumn("uid", "text", (c) => c.primaryKey())
    .addColumn("tripitaka_uid", "text", (c) => c.notNull().references("tripitaka.uid"))
    .addColumn("book_uid", "text", (c) => c.notNull())
    .addColumn("sn", "integer", (c) => c.notNull())
    .addColumn("ouid", "text", (c) => c.notNull())
    .addColumn("reel_uids", "text", (c) => c.notNull())
    .addColumn("sutra_uids", "text", (c) => c.notNull())
    .addColumn("line_count", "integer", (c) => c.notNull())
    .addColumn("img_name", "text")
    .addColumn("img_path", "text")
    .addColumn("thumb_path", "text")
    .addColumn("img_width", "integer")
    .addColumn("img_height", "integer")
    .addColumn("blocks", "text")
    .addColumn("columns", "text")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("page_book_sn").on("page").columns(["book_uid", "sn"]).execute();

  await db.schema
    .createTable("line")
    .addColumn("page_uid", "text", (c) => c.notNull())
    .addColumn("line_no", "integer", (c) => c.notNull())
    .addColumn("reel_uid", "text")
    .addColumn("reel_seq", "integer")
    .addColumn("ori_txt", "text", (c) => c.notNull())
    .addColumn("uni_txt", "text", (c) => c.notNull())
    .addColumn("std_txt", "text", (c) => c.notNull())
    .addColumn("sim_txt", "text", (c) => c.notNull())
    .addColumn("para_offsets", "text")
    .addPrimaryKeyConstraint("line_pk", ["page_uid", "line_no"])
    .execute();
  await db.schema.createIndex("line_reel_seq").on("line").columns(["reel_uid", "reel_seq"]).execute();

  await db.schema
    .createTable("char")
    .addColumn("page_uid", "text", (c) => c.notNull())
    .addColumn("line_no", "integer", (c) => c.notNull())
    .addColumn("char_no", "integer", (c) => c.notNull())
    .addColumn("box_char_id", "text", (c) => c.notNull())
    .addColumn("block_no", "integer", (c) => c.notNull())
    .addColumn("x", "real", (c) => c.notNull())
    .addColumn("y", "real", (c) => c.notNull())
    .addColumn("w", "real", (c) => c.notNull())
    .addColumn("h", "real", (c) => c.notNull())
    .addColumn("cc", "real")
    .addColumn("ori_txt", "text", (c) => c.notNull())
    .addColumn("uni_txt", "text", (c) => c.notNull())
    .addColumn("std_txt", "text", (c) => c.notNull())
    .addColumn("sim_txt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("char_pk", ["page_uid", "line_no", "char_no"])
    .execute();

  await db.schema
    .createTable("mulu")
    .addColumn("sutra_uid", "text", (c) => c.notNull().references("sutra.uid").onDelete("cascade"))
    .addColumn("sn", "integer", (c) => c.notNull())
    .addColumn("parent_sn", "integer")
    .addColumn("level", "integer", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("label_trad", "text", (c) => c.notNull())
    .addColumn("label_sim", "text", (c) => c.notNull())
    .addColumn("reel_uid", "text", (c) => c.notNull())
    .addColumn("page_uid", "text", (c) => c.notNull())
    .addColumn("line_no", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("mulu_pk", ["sutra_uid", "sn"])
    .execute();

  await db.schema
    .createTable("gaiji")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("pua", "integer", (c) => c.notNull())
    .addColumn("uni_char", "text")
    .addColumn("norm_char", "text")
    .addColumn("composition", "text")
    .execute();

  await db.schema
    .createTable("setting")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();

  if (dialect === "sqlite") await sql`PRAGMA optimize`.execute(db);
}
