/**
 * Migration 0022 on a PostgreSQL site indexed under the earlier key of search_posting (gram, slot,
 * seg) with its own index on seg: the rows are kept under the key (slot, seg, gram) alone, and
 * searches and a sutra's re-import find the same as before.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type App, buildApp } from "../../server/app.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";
import { importCanon } from "../../server/import/import-canon.ts";
import { corpusDir, xmlSources } from "../support/corpus.ts";
import { emptyDatabase, type TestDatabase, testDialects } from "../support/databases.ts";
import { expectedCounts, scanTexts, searchedCounts } from "./search-scan.ts";

const KEYWORDS = ["菩薩", "佛", "般若波羅蜜多", "觀自在菩薩"];

describe.runIf(testDialects().includes("postgres"))("search_posting's key after migration 0022", () => {
  let database: TestDatabase;
  let app: App;
  let dir: string;
  const importAll = () =>
    importCanon({
      canon: database.canon,
      storage: database.storage,
      sources: xmlSources(dir),
    });
  const counts = (keyword: string) => searchedCounts(app, "TS", keyword);
  const indexes = async () =>
    (
      await sql<{ indexdef: string }>`
        SELECT indexdef FROM pg_indexes WHERE tablename = 'search_posting' ORDER BY indexname`.execute(
        database.canon.db,
      )
    ).rows.map((row) => row.indexdef.replace(/ public\./g, " "));

  beforeAll(async () => {
    dir = mkdtempSync(join(inject("workDir"), "posting-key-"));
    cpSync(join(corpusDir(), "starter", "cbeta-p5a", "T"), join(dir, "T"), { recursive: true });
    database = await emptyDatabase("postgres", "0021_rate_limits");
    expect((await importAll()).failures).toEqual([]);
    // The key the rows were kept under before 0022.
    await sql`ALTER TABLE search_posting DROP CONSTRAINT search_posting_pkey`.execute(database.canon.db);
    await sql`ALTER TABLE search_posting ADD PRIMARY KEY (gram, slot, seg)`.execute(database.canon.db);
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

  it("keeps every row under the new key, and searches find what they found before", async () => {
    expect(await indexes()).toEqual([
      "CREATE UNIQUE INDEX search_posting_pkey ON search_posting USING btree (gram, slot, seg)",
      "CREATE INDEX search_posting_seg ON search_posting USING btree (seg)",
    ]);
    const before = new Map(await Promise.all(KEYWORDS.map(async (k) => [k, await counts(k)] as const)));
    const rows = await database.canon.db
      .selectFrom("search_posting")
      .select(sql<number>`count(*)`.as("n"))
      .executeTakeFirstOrThrow();

    expect(await migrateToLatest(database.canon.db, "postgres")).toEqual(["0022_search_posting_key"]);

    expect(await indexes()).toEqual([
      "CREATE UNIQUE INDEX search_posting_pkey ON search_posting USING btree (slot, seg, gram)",
    ]);
    const after = await database.canon.db
      .selectFrom("search_posting")
      .select(sql<number>`count(*)`.as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(rows.n));
    const texts = await scanTexts(database.canon.db, "TS", "std_txt");
    for (const keyword of KEYWORDS) {
      expect(await counts(keyword), keyword).toEqual(before.get(keyword));
      expect(await counts(keyword), keyword).toEqual(expectedCounts(texts, [keyword]));
    }
  });

  it("drops a re-imported sutra's old rows by the key", async () => {
    const heart = join(dir, "T", "T08", "T08n0251.xml");
    writeFileSync(heart, readFileSync(heart, "utf8").replace("觀自在菩薩", "觀世音大士"));
    expect(await importAll()).toMatchObject({ sutras: 1, failures: [] });
    expect((await counts("觀自在菩薩")).has("TS0251_1")).toBe(false);
    expect(await counts("觀世音大士")).toEqual(new Map([["TS0251_1", 1]]));
    writeFileSync(heart, readFileSync(heart, "utf8").replace("觀世音大士", "觀自在大士"));
    expect(await importAll()).toMatchObject({ sutras: 1, failures: [] });
    expect((await counts("觀世音大士")).size).toBe(0);
    const segments = await database.canon.db
      .selectFrom("search_segment")
      .select(["id", "slot"])
      .where("sutra_uid", "=", "TS0251")
      .execute();
    expect(segments).toHaveLength(1);
    const orphans = await sql<{ n: number }>`
      SELECT count(*)::integer AS n FROM search_posting p
      WHERE NOT EXISTS (SELECT 1 FROM search_segment s WHERE s.id = p.seg)`.execute(database.canon.db);
    expect(orphans.rows[0]?.n).toBe(0);
  });
});
