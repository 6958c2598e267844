import { type Kysely, sql } from "kysely";
import { reindexAllSutras } from "../../modules/search/index-writer.ts";
import type { Database } from "../schema.ts";

/**
 * PostgreSQL's search index becomes a positional index (server/modules/search/posting-index.ts):
 * each token's posting lists per tripitaka slot and segment, in place of the reels' text in chunks
 * with a GIN index of their bigrams; filled again from the stored text. SQLite's is unchanged.
 */
export async function up(db: Kysely<unknown>, dialect: "sqlite" | "postgres"): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`DROP TABLE IF EXISTS search_chunk`.execute(db);
  await sql`DROP FUNCTION IF EXISTS search_bigrams(text)`.execute(db);
  await sql`CREATE TABLE search_segment (
    id serial PRIMARY KEY,
    slot integer NOT NULL,
    sutra_uid text,
    reel_hi bigint NOT NULL,
    reels integer NOT NULL)`.execute(db);
  await sql`CREATE INDEX search_segment_slot ON search_segment (slot)`.execute(db);
  await sql`CREATE INDEX search_segment_sutra ON search_segment (sutra_uid)`.execute(db);
  // Tokens sort by code point, so the tokens a char starts are one range of the key.
  await sql`CREATE TABLE search_posting (
    gram text COLLATE "C" NOT NULL,
    slot integer NOT NULL,
    seg integer NOT NULL,
    ori bytea,
    std bytea,
    sim bytea,
    PRIMARY KEY (gram, slot, seg))`.execute(db);
  await sql`CREATE INDEX search_posting_seg ON search_posting (seg)`.execute(db);
  // Lists of int32 places barely compress: stored as they are, they are read without inflating.
  for (const column of ["ori", "std", "sim"]) {
    await sql`ALTER TABLE search_posting ALTER COLUMN ${sql.ref(column)} SET STORAGE EXTERNAL`.execute(db);
  }
  await reindexAllSutras(db as Kysely<Database>, dialect);
}
