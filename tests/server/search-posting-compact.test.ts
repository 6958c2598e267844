/**
 * Migration 0031 on a PostgreSQL site whose lists are stored as 0023 wrote them (n, the reels as
 * differences, every reel's count of places, the places): every list is built again in the
 * present form, and searches find what the texts hold.
 */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "../../server/db/migrate.ts";
import { copyBinary } from "../../server/db/pg-copy.ts";
import type { Database } from "../../server/db/schema.ts";
import { readPostingList } from "../../server/modules/search/posting-list-bytes.ts";
import { emptyDatabase, testDialects } from "../support/databases.ts";
import { importedCorpusForSuite } from "./imported-corpus.ts";
import { expectedCounts, scanTexts, searchedCounts } from "./search-scan.ts";

const KEYWORDS = ["菩薩", "佛", "如是", "般若波羅蜜多", "觀自在菩薩"];
const COLUMNS = ["gram", "slot", "seg", "ori", "std", "sim"] as const;

function varints(numbers: readonly number[]): Buffer {
  const bytes: number[] = [];
  for (let rest of numbers) {
    while (rest >= 0x80) {
      bytes.push((rest & 0x7f) | 0x80);
      rest >>>= 7;
    }
    bytes.push(rest);
  }
  return Buffer.from(bytes);
}

/** Differences from the number before, each run of `runs` starting from 0. */
function differences(numbers: ArrayLike<number>, runs: readonly [number, number][]): number[] {
  const out: number[] = [];
  for (const [from, to] of runs)
    for (let at = from; at < to; at++)
      out.push((numbers[at] as number) - (at === from ? 0 : (numbers[at - 1] as number)));
  return out;
}

/** A list as 0023 stored it. */
function asEarlierVarints(list: Buffer | null): Buffer | null {
  if (list === null || list.length === 0) return list;
  const { reels, ends, places } = readPostingList(list);
  const reelRuns = Array.from(ends, (end, i): [number, number] => [
    i === 0 ? 0 : (ends[i - 1] as number),
    end,
  ]);
  return varints([
    reels.length,
    ...differences(reels, [[0, reels.length]]),
    ...differences(ends, [[0, ends.length]]),
    ...differences(places, reelRuns),
  ]);
}

describe.runIf(testDialects().includes("postgres"))(
  "search_posting after migration 0031 (PostgreSQL)",
  () => {
    const corpus = importedCorpusForSuite(
      () => emptyDatabase("postgres", "0030_refresh_token_used_at"),
      async ({ canon }) => {
        const rows = await canon.db.selectFrom("search_posting").select(COLUMNS).execute();
        await sql`TRUNCATE search_posting`.execute(canon.db);
        await copyBinary<Database>(canon.db, "search_posting", [...COLUMNS], async (out) => {
          for (const row of rows) {
            out.row(COLUMNS.length);
            out.text(row.gram);
            out.int4(row.slot);
            out.int4(row.seg);
            for (const list of [row.ori, row.std, row.sim]) out.bytea(asEarlierVarints(list));
            if (out.full) await out.flush();
          }
        });
      },
    );

    it("builds every list again, and searches find what the texts hold", async () => {
      const db = corpus.database.canon.db;
      const stdBytes = async () =>
        Number(
          (
            await sql<{ bytes: number }>`SELECT sum(octet_length(std)) AS bytes FROM search_posting`.execute(
              db,
            )
          ).rows[0]?.bytes,
        );
      const before = await stdBytes();

      expect(await migrateToLatest(db, "postgres")).toEqual(["0031_search_posting_compact"]);

      expect(await stdBytes()).toBeLessThan(before);
      const texts = await scanTexts(db, "TS", "std_txt");
      for (const keyword of KEYWORDS)
        expect(await searchedCounts(corpus.app, "TS", keyword), keyword).toEqual(
          expectedCounts(texts, [keyword]),
        );
    });
  },
);
