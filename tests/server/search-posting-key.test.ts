/**
 * Migrations 0022 and 0023 on a PostgreSQL site indexed under the earlier key of search_posting
 * (gram, slot, seg) with its own index on seg, its lists stored as int32s: the rows are kept under
 * the key (slot, seg, gram) alone with their lists as varints, searches find what the texts hold,
 * and a sutra's re-import drops its old rows by the key.
 */
import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "../../server/db/migrate.ts";
import * as editionSutras from "../../server/db/migrations/0024_edition_sutras.ts";
import * as apparatus from "../../server/db/migrations/0028_apparatus.ts";
import { copyBinary } from "../../server/db/pg-copy.ts";
import type { Database } from "../../server/db/schema.ts";
import { readPostingList } from "../../server/modules/search/posting-list-bytes.ts";
import { emptyDatabase, testDialects } from "../support/databases.ts";
import { expectHeartReimportsFollowItsText, importedCorpusForSuite } from "./imported-corpus.ts";
import { expectedCounts, scanTexts, searchedCounts } from "./search-scan.ts";

const KEYWORDS = ["菩薩", "佛", "般若波羅蜜多", "觀自在菩薩"];

/** A list as it was stored before 0023: [n, reels, ends, places] as int32s in this machine's order. */
function asInt32s(list: Buffer | null): Buffer | null {
  if (list === null || list.length === 0) return list;
  const { reels, ends, places } = readPostingList(list);
  const ints = new Int32Array(1 + reels.length + ends.length + places.length);
  ints[0] = reels.length;
  ints.set(reels, 1);
  ints.set(ends, 1 + reels.length);
  ints.set(places, 1 + reels.length + ends.length);
  return Buffer.from(ints.buffer);
}

/** Writes every row's lists again as int32s. */
async function storeAsInt32s(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom("search_posting")
      .select(["gram", "slot", "seg", "ori", "std", "sim"])
      .execute();
    await sql`TRUNCATE search_posting`.execute(trx);
    await copyBinary<Database>(
      trx,
      "search_posting",
      ["gram", "slot", "seg", "ori", "std", "sim"],
      async (out) => {
        for (const row of rows) {
          out.row(6);
          out.text(row.gram);
          out.int4(row.slot);
          out.int4(row.seg);
          for (const list of [row.ori, row.std, row.sim]) out.bytea(asInt32s(list));
          if (out.full) await out.flush();
        }
      },
    );
  });
}

describe.runIf(testDialects().includes("postgres"))("search_posting after migrations 0022 and 0023", () => {
  const corpus = importedCorpusForSuite(
    async () => {
      const database = await emptyDatabase("postgres", "0021_rate_limits");
      // Today's importer also stores the edition catalogues and the apparatus, whose tables came later.
      await editionSutras.up(database.canon.db as Kysely<unknown>, "postgres");
      await apparatus.up(database.canon.db as Kysely<unknown>);
      return database;
    },
    async ({ canon }) => {
      await storeAsInt32s(canon.db);
      // The key the rows were kept under before 0022.
      await sql`ALTER TABLE search_posting DROP CONSTRAINT search_posting_pkey`.execute(canon.db);
      await sql`ALTER TABLE search_posting ADD PRIMARY KEY (gram, slot, seg)`.execute(canon.db);
    },
  );
  const counts = (keyword: string) => searchedCounts(corpus.app, "TS", keyword);
  const indexes = async () =>
    (
      await sql<{ indexdef: string }>`
        SELECT indexdef FROM pg_indexes WHERE tablename = 'search_posting' ORDER BY indexname`.execute(
        corpus.database.canon.db,
      )
    ).rows.map((row) => row.indexdef.replace(/ public\./g, " "));

  it("keeps every row under the new key as varints, and searches find what the texts hold", async () => {
    expect(await indexes()).toEqual([
      "CREATE UNIQUE INDEX search_posting_pkey ON search_posting USING btree (gram, slot, seg)",
      "CREATE INDEX search_posting_seg ON search_posting USING btree (seg)",
    ]);
    const db = corpus.database.canon.db;
    const rowCount = async () =>
      await db
        .selectFrom("search_posting")
        .select([sql<number>`count(*)`.as("n"), sql<number>`sum(octet_length(std))`.as("bytes")])
        .executeTakeFirstOrThrow();
    const before = await rowCount();

    expect((await migrateToLatest(db, "postgres")).slice(0, 3)).toEqual([
      "0022_search_posting_key",
      "0023_search_posting_varints",
      "0024_edition_sutras",
    ]);

    expect(await indexes()).toEqual([
      "CREATE UNIQUE INDEX search_posting_pkey ON search_posting USING btree (slot, seg, gram)",
    ]);
    const after = await rowCount();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(Number(after.bytes)).toBeLessThan(Number(before.bytes) / 2);
    const texts = await scanTexts(db, "TS", "std_txt");
    for (const keyword of KEYWORDS) {
      expect(await counts(keyword), keyword).toEqual(expectedCounts(texts, [keyword]));
    }
  });

  it("drops a re-imported sutra's old rows by the key", async () => {
    await expectHeartReimportsFollowItsText(corpus);
    const segments = await corpus.database.canon.db
      .selectFrom("search_segment")
      .select(["id", "slot"])
      .where("sutra_uid", "=", "TS0251")
      .execute();
    expect(segments).toHaveLength(1);
    const orphans = await sql<{ n: number }>`
      SELECT count(*)::integer AS n FROM search_posting p
      WHERE NOT EXISTS (SELECT 1 FROM search_segment s WHERE s.id = p.seg)`.execute(corpus.database.canon.db);
    expect(orphans.rows[0]?.n).toBe(0);
  });
});
