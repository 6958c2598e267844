/**
 * Migrations 0029 and 0031 on a SQLite site indexed by FTS5 (a table of each text form's bigram
 * tokens per reel, with its vocabulary): the FTS5 tables go, the posting lists are built from the
 * stored text under search_posting's integer key, searches find what the texts hold, and a
 * sutra's re-import replaces its rows. A new site migrates through the FTS5 tables' migrations to
 * the same tables.
 */
import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { searchTokenText } from "../../contract/search-tokenizer.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";
import type { Database } from "../../server/db/schema.ts";
import { INDEX_COLUMNS, readReelTexts } from "../../server/modules/search/index-writer.ts";
import { emptyDatabase, testDialects } from "../support/databases.ts";
import { expectHeartReimportsFollowItsText, importedCorpusForSuite } from "./imported-corpus.ts";
import { expectedCounts, scanTexts, searchedCounts } from "./search-scan.ts";

const KEYWORDS = ["菩薩", "佛", "如是", "般若波羅蜜多", "觀自在菩薩"];

/** The search tables of the database, by name. */
async function searchTables(db: Kysely<Database>): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'search%' ORDER BY name`.execute(db);
  return rows.rows.map((row) => row.name).filter((name) => !/_(data|idx|content|docsize|config)$/.test(name));
}

/** Fills the FTS5 tables as the site's earlier index wrote them: each reel's tokens per form. */
async function fillFts(db: Kysely<Database>): Promise<void> {
  const reels = await db.selectFrom("search_reel").select(["id", "reel_uid"]).execute();
  const texts = await readReelTexts(
    db,
    reels.map((reel) => reel.reel_uid),
  );
  for (const reel of reels) {
    const text = texts.get(reel.reel_uid)?.text;
    if (!text) continue;
    for (const column of INDEX_COLUMNS)
      await sql`INSERT INTO ${sql.raw(`search_fts_${column}`)}(rowid, chars)
        VALUES (${reel.id}, ${searchTokenText(text[column])})`.execute(db);
  }
}

describe.runIf(testDialects().includes("sqlite"))(
  "SQLite's search index after migrations 0029 and 0031",
  () => {
    const corpus = importedCorpusForSuite(
      () => emptyDatabase("sqlite", "0028_apparatus"),
      ({ canon }) => fillFts(canon.db),
    );
    const counts = (keyword: string) => searchedCounts(corpus.app, "TS", keyword);

    it("replaces the FTS5 tables by posting lists, and searches find what the texts hold", async () => {
      const db = corpus.database.canon.db;
      expect(await searchTables(db)).toEqual([
        "search_fts_ori",
        "search_fts_sim",
        "search_fts_std",
        "search_reel",
        "search_tripitaka",
        "search_vocab_ori",
        "search_vocab_sim",
        "search_vocab_std",
      ]);

      expect(await migrateToLatest(db, "sqlite")).toEqual([
        "0029_search_sqlite_postings",
        "0030_refresh_token_used_at",
        "0031_search_posting_compact",
        "0032_search_char_counts",
      ]);

      expect(await searchTables(db)).toEqual([
        "search_posting",
        "search_reel",
        "search_segment",
        "search_tripitaka",
      ]);
      const segments = await db.selectFrom("search_segment").selectAll().execute();
      expect(segments.map((segment) => segment.sutra_uid)).toEqual([null]);
      const texts = await scanTexts(db, "TS", "std_txt");
      for (const keyword of KEYWORDS) {
        expect(await counts(keyword), keyword).toEqual(expectedCounts(texts, [keyword]));
      }
    });

    it("replaces a re-imported sutra's rows", async () => {
      const db = corpus.database.canon.db;
      await expectHeartReimportsFollowItsText(corpus);
      expect(await counts("觀自在大士")).toEqual(new Map([["TS0251_1", 1]]));
      const own = await db
        .selectFrom("search_segment")
        .select("id")
        .where("sutra_uid", "=", "TS0251")
        .execute();
      expect(own).toHaveLength(1);
      const orphans = await sql<{ n: number }>`
      SELECT count(*) AS n FROM search_posting p
      WHERE NOT EXISTS (SELECT 1 FROM search_segment s WHERE s.id = p.k >> 42)`.execute(db);
      expect(orphans.rows[0]?.n).toBe(0);
    });

    it("makes the same tables on a new site", async () => {
      const fresh = await emptyDatabase("sqlite");
      try {
        expect(await searchTables(fresh.canon.db)).toEqual([
          "search_posting",
          "search_reel",
          "search_segment",
          "search_tripitaka",
        ]);
      } finally {
        await fresh.dispose();
      }
    });
  },
);
