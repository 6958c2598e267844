/**
 * The posting lists a process keeps for the searches after the one that read them
 * (posting-row-cache.ts): a search through them counts what one straight from the database
 * counts, reads only the tokens not kept, and reads them all again at another index version.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IndexColumn } from "../../server/modules/search/index-columns.ts";
import { idRangeOfSlot } from "../../server/modules/search/index-writer.ts";
import type { PhraseCounts } from "../../server/modules/search/phrase-counts.ts";
import { postingSearchIndex } from "../../server/modules/search/posting-index.ts";
import { PostingRowCache } from "../../server/modules/search/posting-row-cache.ts";
import type { PostingStore } from "../../server/modules/search/posting-store.ts";
import { postingStoreOf } from "../../server/modules/search/search-index.ts";
import { canonDatabase, type TestDatabase } from "../support/databases.ts";
import { testDialects } from "../support/dialects.ts";

/** What a search's counts tell, as plain values. */
const told = (counted: PhraseCounts) => ({
  reels: Array.from(counted.counts.reels),
  hits: Array.from(counted.counts.hits),
  windows: Array.from(counted.counts.reels, (reel) => counted.windows(reel) ?? null),
  firstAt: Array.from(counted.counts.reels, (reel) => counted.firstAt(reel)),
});

describe.each(testDialects())("lists kept between searches on %s", (dialect) => {
  let database: TestDatabase;
  /** The grams each read of lists asked the database for, and the chars whose counts it read. */
  const asked: string[][] = [];
  let store: PostingStore;

  beforeAll(async () => {
    database = await canonDatabase(dialect);
    const real = postingStoreOf(dialect);
    store = {
      ...real,
      lists: (db, column, slot, grams) => {
        asked.push([...grams].sort());
        return real.lists(db, column, slot, grams);
      },
      charCounts: (db, column, slot, ch) => {
        asked.push([`#${ch}`]);
        return real.charCounts(db, column, slot, ch);
      },
    };
  });
  afterAll(() => database.dispose());

  const tsScope = async () => {
    const row = await database.canon.db
      .selectFrom("search_tripitaka")
      .select(["slot", "version"])
      .where("uid", "=", "TS")
      .executeTakeFirstOrThrow();
    return { range: idRangeOfSlot(row.slot), version: Number(row.version) };
  };

  it("counts what the database tells, reading each token once a version", async () => {
    const { range, version } = await tsScope();
    const db = database.canon.db;
    const cached = postingSearchIndex(db, store, new PostingRowCache());
    const straight = postingSearchIndex(db, postingStoreOf(dialect));
    const count = async (keyword: string, at = version, column: IndexColumn = "std") => {
      const phrase = [Array.from(keyword)];
      const [through, fresh] = [
        await cached.count(column, phrase, range, at),
        await straight.count(column, phrase, range),
      ];
      expect(told(through), keyword).toEqual(told(fresh));
      expect(through.counts.reels.length, keyword).toBeGreaterThan(0);
    };

    asked.length = 0;
    await count("菩薩");
    await count("觀自在菩薩");
    await count("觀自在菩薩");
    await count("佛");
    await count("佛");
    // 觀自在菩薩 is found by 觀自, 在菩 and 菩薩: 菩薩 was kept, and all three the second time.
    expect(asked).toEqual([["菩薩"], ["在菩", "觀自"], ["#佛"]]);

    await count("菩薩", version, "ori");
    await count("菩薩", version + 1);
    await count("觀自在菩薩", version + 1);
    expect(asked.slice(3)).toEqual([["菩薩"], ["菩薩"], ["在菩", "觀自"]]);
  });
});
