import { type Kysely, sql } from "kysely";
import { reindexAllSutras } from "../../modules/search/index-writer.ts";
import type { Database } from "../schema.ts";

/**
 * Hits are counted by search_hits(), a function of a SQLite extension, instead of being derived from
 * bm25 scores, so the reels' token counts go, and each reel keeps the searchable chars of its
 * lines, by which a search finds the line of a reel's first hit; each tripitaka's index counts its
 * changes, which tells a search's kept catalogue it is stale. SQLite's FTS5 table gains an index of 1-char
 * prefixes, which a single-char search reads instead of merging every bigram that starts with the
 * char; it is filled again from the stored text.
 */
export async function up(db: Kysely<unknown>, dialect: "sqlite" | "postgres"): Promise<void> {
  await db.schema.alterTable("search_reel").dropColumn("ntok").execute();
  await db.schema
    .alterTable("search_tripitaka")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("search_reel")
    .addColumn("line_chars", dialect === "sqlite" ? "blob" : "bytea")
    .execute();
  // PostgreSQL's reels get their line sizes when they are indexed again; until then their
  // snippets are read from the reel's start.
  if (dialect !== "sqlite") return;
  await sql`DROP TABLE search_vocab`.execute(db);
  await sql`DROP TABLE search_fts`.execute(db);
  await sql`CREATE VIRTUAL TABLE search_fts USING fts5(
    ori, std, sim, content='', contentless_delete=1, detail=full, tokenize='ascii', prefix='1')`.execute(db);
  await sql`CREATE VIRTUAL TABLE search_vocab USING fts5vocab(search_fts, 'col')`.execute(db);
  await reindexAllSutras(db as Kysely<Database>, dialect);
}
