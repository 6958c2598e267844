import type { Kysely } from "kysely";
import { sql } from "kysely";
import { reindexAllSutras } from "../../modules/search/index-writer.ts";
import type { Database } from "../schema.ts";

/**
 * The full-canon search index (server/modules/search/index-writer.ts explains its shape), filled
 * from the texts already imported.
 *   SQLite: an FTS5 table of character bigrams per reel and text form, contentless, with its
 *     vocabulary; PostgreSQL: the reels' searchable text in chunks with a GIN index of each text
 *     form's bigrams.
 */
export async function up(db: Kysely<unknown>, dialect: "sqlite" | "postgres"): Promise<void> {
  await db.schema
    .createTable("search_tripitaka")
    .addColumn("uid", "text", (c) => c.primaryKey())
    .addColumn("slot", "integer", (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createTable("search_reel")
    .addColumn("id", dialect === "postgres" ? "bigint" : "integer", (c) => c.primaryKey())
    .addColumn("reel_uid", "text", (c) => c.notNull().unique())
    .addColumn("sutra_uid", "text", (c) => c.notNull())
    .addColumn("tripitaka_uid", "text", (c) => c.notNull())
    .addColumn("ntok", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("search_reel_sutra").on("search_reel").column("sutra_uid").execute();

  if (dialect === "sqlite") {
    await sql`CREATE VIRTUAL TABLE search_fts USING fts5(
      ori, std, sim, content='', contentless_delete=1, detail=full, tokenize='ascii')`.execute(db);
    await sql`CREATE VIRTUAL TABLE search_vocab USING fts5vocab(search_fts, 'col')`.execute(db);
  } else {
    // The bigrams of a text and its last char alone (search-tokenizer.ts searchTokens). A high
    // cost, so the planner answers `search_bigrams(x) @@ q` from the GIN index.
    await sql`CREATE FUNCTION search_bigrams(t text) RETURNS tsvector
      LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE COST 100000 AS $$
        DECLARE
          chars text[] := regexp_split_to_array(t, '');
          grams text[] := '{}';
        BEGIN
          IF t = '' THEN RETURN ''::tsvector; END IF;
          FOR i IN 1..array_length(chars, 1) LOOP
            grams := grams || (chars[i] || coalesce(chars[i + 1], ''));
          END LOOP;
          RETURN array_to_tsvector(grams);
        END
      $$`.execute(db);
    await db.schema
      .createTable("search_chunk")
      .addColumn("reel_id", "bigint", (c) => c.notNull().references("search_reel.id").onDelete("cascade"))
      .addColumn("chunk_no", "integer", (c) => c.notNull())
      .addColumn("own_len", "integer", (c) => c.notNull())
      .addColumn("ori", "text", (c) => c.notNull())
      .addColumn("std", "text", (c) => c.notNull())
      .addColumn("sim", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("search_chunk_pk", ["reel_id", "chunk_no"])
      .execute();
    for (const column of ["ori", "std", "sim"]) {
      await sql`CREATE INDEX ${sql.id(`search_chunk_${column}`)} ON search_chunk
        USING gin (search_bigrams(${sql.ref(column)}))`.execute(db);
    }
  }
  await reindexAllSutras(db as Kysely<Database>, dialect);
}
