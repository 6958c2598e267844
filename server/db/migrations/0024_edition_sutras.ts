import type { Kysely } from "kysely";
import type { Dialect } from "../connect.ts";

/**
 * The edition catalogues' sutras (server/import/edition-catalogue.ts): each sutra's first and last
 * volume and page, which place the scanned pages, and therefore their char images, in a sutra
 * whether or not its text is imported. Written so that it can run on a database that has the
 * table already (tests/server/search-posting-compact.test.ts builds one as an older import left it).
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("edition_sutra")
    .ifNotExists()
    .addColumn("uid", "text", (c) => c.primaryKey())
    .addColumn("tripitaka_uid", "text", (c) => c.notNull().references("tripitaka.uid"))
    .addColumn("name_sim", "text", (c) => c.notNull())
    .addColumn("name_trad", "text", (c) => c.notNull())
    .addColumn("start_volume", "text", (c) => c.notNull())
    .addColumn("start_page", "integer", (c) => c.notNull())
    .addColumn("end_volume", "text", (c) => c.notNull())
    .addColumn("end_page", "integer", (c) => c.notNull())
    .addColumn("sn", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("edition_sutra_tripitaka")
    .ifNotExists()
    .on("edition_sutra")
    .column("tripitaka_uid")
    .execute();
}
