import { type Kysely, sql } from "kysely";
import { INDEX_COLUMNS, reindexAllSutras } from "../../modules/search/index-writer.ts";
import type { Database } from "../schema.ts";

/**
 * SQLite's search index becomes one FTS5 table per indexed text form (`search_fts_ori`, `_std`,
 * `_sim`, each with its vocabulary `search_vocab_…`) instead of one table with a column per form:
 * a search reads one form, and in a shared table each token's places in the other two forms,
 * nearly the same text, were read and skipped with its own. Filled again from the stored text.
 */
export async function up(db: Kysely<unknown>, dialect: "sqlite" | "postgres"): Promise<void> {
  if (dialect !== "sqlite") return;
  await sql`DROP TABLE search_vocab`.execute(db);
  await sql`DROP TABLE search_fts`.execute(db);
  for (const column of INDEX_COLUMNS) {
    await sql`CREATE VIRTUAL TABLE ${sql.raw(`search_fts_${column}`)} USING fts5(
      chars, content='', contentless_delete=1, detail=full, tokenize='ascii', prefix='1')`.execute(db);
    await sql`CREATE VIRTUAL TABLE ${sql.raw(`search_vocab_${column}`)}
      USING fts5vocab(${sql.raw(`search_fts_${column}`)}, 'row')`.execute(db);
  }
  await reindexAllSutras(db as Kysely<Database>, dialect);
}
