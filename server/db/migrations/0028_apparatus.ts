import type { Kysely } from "kysely";

/**
 * The collation apparatus of each reel (server/db/tables/apparatus.ts): written with the sutra's
 * lines by the importer, answered by `GET /v1/reel/{reel_uid}/apparatus`, and the witnesses'
 * fragments that search in readings scans, per text form. Written to run again over its own
 * tables (an older site's test imports with today's importer before migrating).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("reel_apparatus")
    .ifNotExists()
    .addColumn("reel_uid", "text", (c) => c.primaryKey())
    .addColumn("sutra_uid", "text", (c) => c.notNull())
    .addColumn("entry_count", "integer", (c) => c.notNull())
    .addColumn("note_count", "integer", (c) => c.notNull())
    .addColumn("entries", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("reel_apparatus_sutra")
    .ifNotExists()
    .on("reel_apparatus")
    .column("sutra_uid")
    .execute();
  await db.schema
    .createTable("reading_fragment")
    .ifNotExists()
    .addColumn("reel_uid", "text", (c) => c.notNull())
    .addColumn("txt_type", "text", (c) => c.notNull())
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("sutra_uid", "text", (c) => c.notNull())
    .addColumn("tripitaka_uid", "text", (c) => c.notNull())
    .addColumn("cid", "text", (c) => c.notNull())
    .addColumn("witnesses", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("spans", "text", (c) => c.notNull())
    .addColumn("search_text", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("reading_fragment_pk", ["reel_uid", "txt_type", "seq"])
    .execute();
  await db.schema
    .createIndex("reading_fragment_tripitaka")
    .ifNotExists()
    .on("reading_fragment")
    .columns(["tripitaka_uid", "txt_type"])
    .execute();
  await db.schema
    .createIndex("reading_fragment_sutra")
    .ifNotExists()
    .on("reading_fragment")
    .column("sutra_uid")
    .execute();
}
