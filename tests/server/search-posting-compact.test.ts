/**
 * Migrations 0022, 0023 and 0031 on a PostgreSQL site indexed under the earlier shapes of
 * search_posting (keyed by gram, slot and seg): the table is made again under its integer key and
 * built from the stored text, searches find what the texts hold, and a sutra's re-import drops
 * its old rows by the key. (SQLite's way from FTS5 to the same table: search-sqlite-postings.)
 */
import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "../../server/db/migrate.ts";
import * as editionSutras from "../../server/db/migrations/0024_edition_sutras.ts";
import * as apparatus from "../../server/db/migrations/0028_apparatus.ts";
import { emptyDatabase, testDialects } from "../support/databases.ts";
import { expectHeartReimportsFollowItsText, importedCorpusForSuite } from "./imported-corpus.ts";
import { expectedCounts, scanTexts, searchedCounts } from "./search-scan.ts";

const KEYWORDS = ["菩薩", "佛", "如是", "般若波羅蜜多", "觀自在菩薩"];

describe.runIf(testDialects().includes("postgres"))(
  "search_posting after migrations 0022, 0023 and 0031",
  () => {
    const corpus = importedCorpusForSuite(
      async () => {
        const database = await emptyDatabase("postgres", "0021_rate_limits");
        // Today's importer also stores the edition catalogues and the apparatus, whose tables came later.
        await editionSutras.up(database.canon.db as Kysely<unknown>, "postgres");
        await apparatus.up(database.canon.db as Kysely<unknown>);
        return database;
      },
      // A row as the earlier shape kept it, with a list as 0020 stored it (int32s).
      ({ canon }) =>
        sql`INSERT INTO search_posting (gram, slot, seg, ori, std, sim)
        VALUES ('菩薩', 1, 1, NULL, ${Buffer.from(Int32Array.from([1, 0, 1, 5]).buffer)}, NULL)`
          .execute(canon.db)
          .then(() => undefined),
    );
    const counts = (keyword: string) => searchedCounts(corpus.app, "TS", keyword);
    const db = () => corpus.database.canon.db;

    it("keeps every row under the integer key, and searches find what the texts hold", async () => {
      const ran = await migrateToLatest(db(), "postgres");
      expect(ran).toEqual(
        expect.arrayContaining([
          "0022_search_posting_key",
          "0023_search_posting_varints",
          "0031_search_posting_compact",
        ]),
      );
      expect(ran.at(-1)).toBe("0032_search_char_counts");

      const indexes = await sql<{ indexdef: string }>`
      SELECT indexdef FROM pg_indexes WHERE tablename = 'search_posting' ORDER BY indexname`.execute(db());
      expect(indexes.rows.map((row) => row.indexdef.replace(/ public\./g, " "))).toEqual([
        "CREATE UNIQUE INDEX search_posting_pkey ON search_posting USING btree (k)",
      ]);
      const texts = await scanTexts(db(), "TS", "std_txt");
      for (const keyword of KEYWORDS) {
        expect(await counts(keyword), keyword).toEqual(expectedCounts(texts, [keyword]));
      }
    });

    it("drops a re-imported sutra's old rows by the key", async () => {
      await expectHeartReimportsFollowItsText(corpus);
      const segments = await db()
        .selectFrom("search_segment")
        .select(["id", "slot"])
        .where("sutra_uid", "=", "TS0251")
        .execute();
      expect(segments).toHaveLength(1);
      const orphans = await sql<{ n: number }>`
      SELECT count(*)::integer AS n FROM search_posting p
      WHERE NOT EXISTS (SELECT 1 FROM search_segment s WHERE s.id = p.k >> 42)`.execute(db());
      expect(orphans.rows[0]?.n).toBe(0);
    });
  },
);
