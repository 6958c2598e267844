import { describe, expect, it } from "vitest";
import { reindexAllSutras } from "../../server/modules/search/index-writer.ts";
import { emptyDatabase, testDialects } from "../support/databases.ts";
import { importedCorpusForSuite } from "./imported-corpus.ts";
import { expectedCounts, scanTexts, searchedCounts } from "./search-scan.ts";

describe.each(testDialects())("the search index through re-imports on %s", (dialect) => {
  const corpus = importedCorpusForSuite(() => emptyDatabase(dialect));

  const counts = (keyword: string) => searchedCounts(corpus.app, "TS", keyword);
  const scanned = async (keyword: string) =>
    expectedCounts(await scanTexts(corpus.database.canon.db, "TS", "std_txt"), [keyword]);

  /**
   * Runs a change to TS's index and waits, on PostgreSQL, until this process has heard of it: a
   * process trusts what it read by the index version until told of a change (cache-invalidation.ts).
   */
  const announced = async <T>(change: () => Promise<T>): Promise<T> => {
    const topic = "search_tripitaka:TS";
    const heard = corpus.app.cacheInvalidation.received(topic);
    const result = await change();
    if (dialect === "postgres")
      await expect
        .poll(() => corpus.app.cacheInvalidation.received(topic), { timeout: 5_000 })
        .toBeGreaterThan(heard);
    return result;
  };

  it("follows a sutra's text when it is imported again", async () => {
    expect(await counts("觀自在菩薩")).toEqual(await scanned("觀自在菩薩"));
    expect((await counts("觀自在菩薩")).get("TS0251_1")).toBe(1);
    // Searched before the change as well (the edit leaves it in the sutra): what a search read by
    // the index version before it is not what one reads after it.
    expect((await counts("般若波羅蜜多")).get("TS0251_1")).toBeGreaterThan(0);
    corpus.editHeartSutra("觀自在菩薩", "觀世音大士");
    const report = await corpus.importAll();
    expect(report).toMatchObject({ sutras: 1, failures: [] });
    expect(await counts("般若波羅蜜多")).toEqual(await scanned("般若波羅蜜多"));

    expect((await counts("觀自在菩薩")).has("TS0251_1")).toBe(false);
    expect(await counts("觀世音大士")).toEqual(new Map([["TS0251_1", 1]]));
    for (const keyword of ["菩薩", "佛", "般若波羅蜜多"])
      expect(await counts(keyword)).toEqual(await scanned(keyword));
  });

  it("changes nothing when nothing changed, and can be rebuilt from the stored text", async () => {
    const before = await counts("菩薩");
    expect((await corpus.importAll()).sutras).toBe(0);
    expect(await counts("菩薩")).toEqual(before);

    const db = corpus.database.canon.db;
    await db.deleteFrom("search_reel").execute();
    await db.deleteFrom("search_posting").execute();
    await db.deleteFrom("search_segment").execute();
    // Counted as a change, as every write of the index counts one: a process keeps what searches
    // read by the index version (catalogue.ts, posting-row-cache.ts).
    await announced(() =>
      db
        .updateTable("search_tripitaka")
        .set((eb) => ({ version: eb("version", "+", 1) }))
        .execute(),
    );
    expect((await counts("菩薩")).size).toBe(0);
    await announced(() => reindexAllSutras(db, dialect));
    expect(await counts("菩薩")).toEqual(before);
  });
});
