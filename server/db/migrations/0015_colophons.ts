import { type Kysely, sql } from "kysely";
import type { Dialect } from "../connect.ts";

/** Searchable text fields; each has a folded copy for contains-matching. */
const FOLDED = [
  "pub_note",
  "reel_name",
  "pub_era",
  "pub_address",
  "fundraiser",
  "donor",
  "writer",
  "editor",
  "engraver",
  "director",
  "remark",
] as const;

/**
 * Colophons read from the texts at import (server/db/tables/colophon.ts). On PostgreSQL the remark
 * compares by code point, as SQLite's text does, so sorting by it is alike on both.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const serial = dialect === "postgres" ? "serial" : "integer";
  const codePointText = dialect === "postgres" ? sql`text collate "C"` : "text";
  let table = db.schema
    .createTable("pub_note")
    .addColumn("id", serial, (c) => c.primaryKey())
    .addColumn("tripitaka_uid", "text", (c) => c.notNull().references("tripitaka.uid"))
    .addColumn("sutra_uid", "text", (c) => c.notNull().references("sutra.uid").onDelete("cascade"))
    .addColumn("reel_uid", "text", (c) => c.notNull())
    .addColumn("sn", "integer", (c) => c.notNull())
    .addColumn("reel_order", "bigint", (c) => c.notNull())
    .addColumn("page_order", "bigint", (c) => c.notNull())
    .addColumn("reel_name", "text", (c) => c.notNull())
    .addColumn("first_page_uid", "text", (c) => c.notNull())
    .addColumn("last_page_uid", "text", (c) => c.notNull())
    .addColumn("page_uids", "text", (c) => c.notNull())
    .addColumn("first_line_id", "text", (c) => c.notNull())
    .addColumn("last_line_id", "text", (c) => c.notNull())
    .addColumn("pub_note", "text", (c) => c.notNull())
    .addColumn("pub_era", "text")
    .addColumn("pub_year", "integer")
    .addColumn("pub_address", "text")
    .addColumn("thousand_char", codePointText)
    .addColumn("char_count", "integer")
    .addColumn("fundraiser", "text")
    .addColumn("donor", "text")
    .addColumn("donate_wish", "text")
    .addColumn("donate_amount", "text")
    .addColumn("donate_amount_li", "bigint")
    .addColumn("writer", "text")
    .addColumn("editor", "text")
    .addColumn("engraver", "text")
    .addColumn("director", "text")
    .addColumn("remark", codePointText);
  for (const field of FOLDED) table = table.addColumn(`${field}_fold`, "text", (c) => c.notNull());
  await table.execute();

  await db.schema.createIndex("pub_note_sutra").on("pub_note").columns(["sutra_uid", "sn"]).execute();
  for (const [name, column] of [
    ["reel", "reel_order"],
    ["page", "page_order"],
    ["year", "pub_year"],
    ["amount", "donate_amount_li"],
    ["chars", "char_count"],
    ["case", "thousand_char"],
  ] as const)
    await db.schema
      .createIndex(`pub_note_${name}`)
      .on("pub_note")
      .columns(["tripitaka_uid", column])
      .execute();
}
