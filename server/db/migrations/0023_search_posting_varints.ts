import { type Kysely, sql } from "kysely";
import { rebuildSearchIndex } from "../../modules/search/index-writer.ts";
import type { Dialect } from "../connect.ts";
import type { Database } from "../schema.ts";

/**
 * PostgreSQL's posting lists were stored as varints instead of int32s from here: the table is
 * emptied, and its lists are built from the stored text once search_posting has its present shape
 * (0031; until then the build does nothing).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`TRUNCATE search_posting`.execute(db);
  await rebuildSearchIndex(db as Kysely<Database>, dialect);
}
