import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type App, buildApp } from "../../server/app.ts";
import { importCanon } from "../../server/import/import-canon.ts";
import { reindexAllSutras } from "../../server/modules/search/index-writer.ts";
import { corpusDir, xmlSources } from "../support/corpus.ts";
import { emptyDatabase, type TestDatabase, testDialects } from "../support/databases.ts";
import { expectedCounts, scanTexts, searchedCounts } from "./search-scan.ts";

describe.each(testDialects())("the search index through re-imports on %s", (dialect) => {
  let database: TestDatabase;
  let app: App;
  let dir: string;
  const heart = () => join(dir, "T", "T08", "T08n0251.xml");
  const importAll = () =>
    importCanon({
      canon: database.canon,
      storage: database.storage,
      sources: xmlSources(dir),
    });

  beforeAll(async () => {
    dir = mkdtempSync(join(inject("workDir"), "search-corpus-"));
    cpSync(join(corpusDir(), "starter", "cbeta-p5a", "T"), join(dir, "T"), { recursive: true });
    database = await emptyDatabase(dialect);
    expect((await importAll()).failures).toEqual([]);
    app = await buildApp({
      canon: database.canon,
      storage: database.storage,
      fontFiles: [],
      logLevel: "silent",
    });
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  const counts = (keyword: string) => searchedCounts(app, "TS", keyword);
  const scanned = async (keyword: string) =>
    expectedCounts(await scanTexts(database.canon.db, "TS", "std_txt"), [keyword]);

  it("follows a sutra's text when it is imported again", async () => {
    expect(await counts("觀自在菩薩")).toEqual(await scanned("觀自在菩薩"));
    expect((await counts("觀自在菩薩")).get("TS0251_1")).toBe(1);
    writeFileSync(heart(), readFileSync(heart(), "utf8").replace("觀自在菩薩", "觀世音大士"));
    const report = await importAll();
    expect(report).toMatchObject({ sutras: 1, failures: [] });

    expect((await counts("觀自在菩薩")).has("TS0251_1")).toBe(false);
    expect(await counts("觀世音大士")).toEqual(new Map([["TS0251_1", 1]]));
    for (const keyword of ["菩薩", "佛", "般若波羅蜜多"])
      expect(await counts(keyword)).toEqual(await scanned(keyword));
  });

  it("changes nothing when nothing changed, and can be rebuilt from the stored text", async () => {
    const before = await counts("菩薩");
    expect((await importAll()).sutras).toBe(0);
    expect(await counts("菩薩")).toEqual(before);

    await database.canon.db.deleteFrom("search_reel").execute();
    await database.canon.db.deleteFrom("search_posting").execute();
    await database.canon.db.deleteFrom("search_segment").execute();
    expect((await counts("菩薩")).size).toBe(0);
    await reindexAllSutras(database.canon.db, dialect);
    expect(await counts("菩薩")).toEqual(before);
  });
});
