import { type Kysely, sql } from "kysely";
import { INDEX_COLUMNS, rebuildSearchIndex } from "../../modules/search/index-writer.ts";
import type { Dialect } from "../connect.ts";
import type { Database } from "../schema.ts";

/**
 * SQLite's search index becomes PostgreSQL's: the posting lists of each token per tripitaka slot
 * and segment (server/modules/search/posting-index.ts) in ordinary tables, in place of the FTS5
 * tables of each text form and their vocabularies. In one transaction, so a failure leaves the
 * earlier index as it was. PostgreSQL's is unchanged. The lists are built from the stored text
 * once search_posting has its present key (0031): until then the store does not take the table
 * as ready, and the build here does nothing.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== "sqlite") return;
  const canon = db as Kysely<Database>;
  if (canon.isTransaction) await replaceIndex(canon);
  else await canon.transaction().execute(replaceIndex);
}

async function replaceIndex(db: Kysely<Database>): Promise<void> {
  for (const column of INDEX_COLUMNS) {
    await sql`DROP TABLE IF EXISTS ${sql.raw(`search_vocab_${column}`)}`.execute(db);
    await sql`DROP TABLE IF EXISTS ${sql.raw(`search_fts_${column}`)}`.execute(db);
  }
  await sql`CREATE TABLE search_segment (
    id integer PRIMARY KEY,
    slot integer NOT NULL,
    sutra_uid text,
    reel_hi integer NOT NULL,
    reels integer NOT NULL)`.execute(db);
  await sql`CREATE INDEX search_segment_slot ON search_segment (slot)`.execute(db);
  await sql`CREATE INDEX search_segment_sutra ON search_segment (sutra_uid)`.execute(db);
  // Grams compare as UTF-8 bytes, which is code point order: the tokens a char starts are one
  // range of the key. Rows of a segment go in in key order.
  await sql`CREATE TABLE search_posting (
    slot integer NOT NULL,
    seg integer NOT NULL,
    gram text NOT NULL,
    ori blob,
    std blob,
    sim blob,
    PRIMARY KEY (slot, seg, gram)) WITHOUT ROWID`.execute(db);
  await rebuildSearchIndex(db, "sqlite");
}
