/**
 * A site that imported a private copy of the starter corpus's Taishō XML, for the search tests that
 * edit a sutra and import the corpus again: made before the suite's tests, removed after them.
 * Read its members inside tests and hooks (they are set by then).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, inject } from "vitest";
import type { App } from "../../server/app.ts";
import { type ImportReport, importCanon } from "../../server/import/import-canon.ts";
import { corpusDir, xmlSources } from "../support/corpus.ts";
import type { TestDatabase } from "../support/databases.ts";
import { appOver } from "../support/test-app.ts";
import { searchedCounts } from "./search-scan.ts";

export type ImportedCorpus = {
  readonly app: App;
  readonly database: TestDatabase;
  /**
   * Imports the corpus copy again: what changed since the last import. On PostgreSQL it returns
   * once the app has heard of a change to TS's index: until then a process trusts what it read by
   * the index version before it (server/plugins/cache-invalidation.ts).
   */
  importAll(): Promise<ImportReport>;
  /** Replaces `from` by `to` in the Heart Sutra's XML (TS0251, one reel). */
  editHeartSutra(from: string, to: string): void;
};

/**
 * `open` makes the database the corpus is first imported into; `afterImport` may then change what
 * the import stored, before the app is built.
 */
export function importedCorpusForSuite(
  open: () => Promise<TestDatabase>,
  afterImport: (database: TestDatabase) => Promise<void> = async () => {},
): ImportedCorpus {
  let dir = "";
  let app: App | undefined;
  let database: TestDatabase | undefined;
  const set = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`the suite's ${name} is made in beforeAll: read it in a test`);
    return value;
  };
  const importAll = async () => {
    const { canon, storage } = set(database, "database");
    const topic = "search_tripitaka:TS";
    const heard = app?.cacheInvalidation.received(topic) ?? 0;
    const report = await importCanon({ canon, storage, sources: xmlSources(dir) });
    if (app && canon.dialect === "postgres" && report.sutras > 0)
      await expect
        .poll(() => app?.cacheInvalidation.received(topic) ?? 0, { timeout: 5_000 })
        .toBeGreaterThan(heard);
    return report;
  };
  const heart = () => join(dir, "T", "T08", "T08n0251.xml");

  beforeAll(async () => {
    dir = mkdtempSync(join(inject("workDir"), "search-corpus-"));
    cpSync(join(corpusDir(), "starter", "cbeta-p5a", "T"), join(dir, "T"), { recursive: true });
    database = await open();
    expect((await importAll()).failures).toEqual([]);
    await afterImport(database);
    app = await appOver(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  return {
    get app() {
      return set(app, "app");
    },
    get database() {
      return set(database, "database");
    },
    importAll,
    editHeartSutra(from, to) {
      writeFileSync(heart(), readFileSync(heart(), "utf8").replace(from, to));
    },
  };
}

/**
 * Imports the Heart Sutra twice with its 觀自在菩薩 renamed, first to 觀世音大士 and then to 觀自在大士:
 * each import finds only the sutra's new text.
 */
export async function expectHeartReimportsFollowItsText(corpus: ImportedCorpus): Promise<void> {
  const counts = (keyword: string) => searchedCounts(corpus.app, "TS", keyword);
  corpus.editHeartSutra("觀自在菩薩", "觀世音大士");
  expect(await corpus.importAll()).toMatchObject({ sutras: 1, failures: [] });
  expect((await counts("觀自在菩薩")).has("TS0251_1")).toBe(false);
  expect(await counts("觀世音大士")).toEqual(new Map([["TS0251_1", 1]]));
  corpus.editHeartSutra("觀世音大士", "觀自在大士");
  expect(await corpus.importAll()).toMatchObject({ sutras: 1, failures: [] });
  expect((await counts("觀世音大士")).size).toBe(0);
}
