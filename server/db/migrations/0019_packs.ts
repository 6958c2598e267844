import type { Kysely } from "kysely";
import type { Dialect } from "../connect.ts";

/**
 * Packs the server holds (server/packs): one row per pack file in storage, with what it covers, so
 * the offline plan can offer the pack that covers a download and GET /v1/packs can list them.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("pack")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("file_key", "text", (c) => c.notNull())
    .addColumn("tripitaka_uid", "text", (c) => c.notNull())
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("sutra_uids_hash", "text", (c) => c.notNull())
    .addColumn("sutra_count", "integer", (c) => c.notNull())
    .addColumn("txt_types", "text", (c) => c.notNull())
    .addColumn("with_pages", "integer", (c) => c.notNull())
    .addColumn("with_images", "integer", (c) => c.notNull())
    .addColumn("canon_version", "text", (c) => c.notNull())
    .addColumn("bytes", "bigint", (c) => c.notNull())
    .addColumn("manifest_sha256", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("pack_tripitaka")
    .on("pack")
    .columns(["tripitaka_uid", "canon_version"])
    .execute();
}
