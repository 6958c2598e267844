import { type Kysely, sql } from "kysely";
import { rebuildSearchIndex } from "../../modules/search/index-writer.ts";
import type { Dialect } from "../connect.ts";
import type { Database } from "../schema.ts";

/**
 * SQLite's search_posting is keyed by one integer, its rowid (server/modules/search/
 * sqlite-posting-store.ts), in place of (slot, seg, gram) in a table without rowid, and is built
 * again from the stored text. In one transaction, so a failure leaves the earlier index as it was.
 * PostgreSQL's is unchanged.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== "sqlite") return;
  const canon = db as Kysely<Database>;
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
