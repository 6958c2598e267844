import { type Kysely, sql } from "kysely";
import { readReelTexts, rebuildSearchIndex } from "../../modules/search/index-writer.ts";
import { tidySlots } from "../../modules/search/posting-segments.ts";
import type { Dialect } from "../connect.ts";
import type { Database } from "../schema.ts";

/**
 * The posting lists take less room (server/modules/search/posting-list-bytes.ts: a reel's count of
 * places is written only when it is more than one), and SQLite's search_posting is keyed by one
 * integer, its rowid (sqlite-posting-store.ts), in place of (slot, seg, gram) in a table without
 * rowid. Every slot's lists are built again from the stored text, in one transaction on SQLite,
 * so a failure there leaves the earlier index as it was.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const canon = db as Kysely<Database>;
  if (dialect === "postgres") {
    await sql`TRUNCATE search_posting`.execute(canon);
    await tidySlots(canon, dialect, readReelTexts, true);
    return;
  }
  if (canon.isTransaction) await replaceTable(canon);
  else await canon.transaction().execute(replaceTable);
}

async function replaceTable(db: Kysely<Database>): Promise<void> {
  await sql`DROP TABLE IF EXISTS search_posting`.execute(db);
  await sql`CREATE TABLE search_posting (
    k integer PRIMARY KEY,
    ori blob,
    std blob,
    sim blob)`.execute(db);
  await rebuildSearchIndex(db, "sqlite");
}
