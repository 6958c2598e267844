import { type Kysely, sql } from "kysely";
import { rebuildSearchIndex } from "../../modules/search/index-writer.ts";
import type { Dialect } from "../connect.ts";
import type { Database } from "../schema.ts";

/**
 * search_posting takes less room (server/modules/search/posting-groups.ts): its rows are keyed by
 * one integer made of the segment and the first token's code points, the short lists of
 * consecutive tokens share a row, and a list writes a reel's count of places only when it is more
 * than one (posting-list-bytes.ts). The table is made again and every slot's lists are built from
 * the stored text, in one transaction, so a failure leaves the earlier index as it was.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const canon = db as Kysely<Database>;
  if (canon.isTransaction) await replaceTable(canon, dialect);
  else await canon.transaction().execute((trx) => replaceTable(trx, dialect));
}

async function replaceTable(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  await sql`DROP TABLE IF EXISTS search_posting`.execute(db);
  const list = sql.raw(dialect === "postgres" ? "bytea" : "blob");
  const key = sql.raw(dialect === "postgres" ? "bigint" : "integer");
  await sql`CREATE TABLE search_posting (
    k ${key} PRIMARY KEY,
    ori ${list},
    std ${list},
    sim ${list})`.execute(db);
  await rebuildSearchIndex(db, dialect);
}
