import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  isPageUid,
  parseCharId,
  parseLineId,
  parsePageUid,
  printCharId,
  printLineId,
  printPageUid,
} from "../../contract/ids.ts";
import { countChars } from "../../contract/text-forms.ts";
import { type ImportReport, importCanon, resolveCanonSources } from "../../server/import/import-canon.ts";
import { readReelTexts } from "../../server/modules/search/index-writer.ts";
import { decodeLineChars } from "../../server/modules/search/line-chars.ts";
import { corpusDir, xmlSources } from "../support/corpus.ts";
import { emptyDatabase, type TestDatabase, testDialects } from "../support/databases.ts";

const FIXED_NOW = 1_790_000_000_000;

async function tableCounts(database: TestDatabase) {
  const db = database.canon.db;
  const counts: Record<string, number> = {};
  for (const table of [
    "tripitaka",
    "sutra",
    "reel",
    "line",
    "page",
    "char",
    "mulu",
    "book",
    "author",
    "gaiji",
  ] as const) {
    const row = await db.selectFrom(table).select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

describe.each(testDialects())("the canon importer on %s", (dialect) => {
  let database: TestDatabase;
  let first: ImportReport;

  beforeAll(async () => {
    database = await emptyDatabase(dialect);
    first = await importCanon({
      canon: database.canon,
      storage: database.storage,
      sources: resolveCanonSources(corpusDir()),
      now: () => FIXED_NOW,
    });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("indexes a first import's reels from their prepared lines as from the stored ones", async () => {
    const db = database.canon.db;
    const reels = await db.selectFrom("search_reel").select(["reel_uid", "line_chars"]).execute();
    const stored = await readReelTexts(
      db,
      reels.map((reel) => reel.reel_uid),
    );
    expect(reels.length).toBe(first.reels);
    for (const reel of reels)
      expect(decodeLineChars(reel.line_chars as Uint8Array), reel.reel_uid).toEqual(
        stored.get(reel.reel_uid)?.lineChars,
      );
    expect(first.phaseMs.texts).toBeGreaterThan(0);
  });

  it.runIf(dialect === "postgres")(
    "builds the search postings' key again after filling them in bulk, their rows frozen",
    async () => {
      const indexes = await sql<{ indexname: string; indexdef: string }>`
      SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'search_posting' ORDER BY indexname`.execute(
        database.canon.db,
      );
      expect(indexes.rows.map((row) => row.indexdef.replace(/ public\./g, " "))).toEqual([
        "CREATE UNIQUE INDEX search_posting_pkey ON search_posting USING btree (k)",
      ]);
      // Every page of the table is marked all frozen in its visibility map: COPY FREEZE wrote it.
      await sql`CREATE EXTENSION IF NOT EXISTS pg_visibility`.execute(database.canon.db);
      const map = await sql<{ pages: number; all_frozen: number }>`
        SELECT (pg_relation_size('search_posting') / current_setting('block_size')::integer)::integer AS pages,
               all_frozen::integer AS all_frozen
        FROM pg_visibility_map_summary('search_posting')`.execute(database.canon.db);
      expect(map.rows[0]?.pages).toBeGreaterThan(0);
      expect(map.rows[0]?.all_frozen).toBe(map.rows[0]?.pages);
    },
  );

  it.runIf(dialect === "postgres")("gathers the planner's statistics of what it wrote", async () => {
    const stats = await sql<{ tablename: string }>`
      SELECT DISTINCT tablename FROM pg_stats
      WHERE schemaname = current_schema() AND tablename IN ('line', 'search_posting', 'search_reel')
      ORDER BY tablename`.execute(database.canon.db);
    expect(stats.rows.map((row) => row.tablename)).toEqual(["line", "search_posting", "search_reel"]);
  });

  it("imports every starter text and page-image set without failures", async () => {
    expect(first.failures).toEqual([]);
    expect(first.files).toBe(18);
    expect(first.sutras).toBe(18);
    expect(first.reels).toBe(40);
    expect(first.imagePages).toBeGreaterThanOrEqual(38);
    const counts = await tableCounts(database);
    expect(counts.sutra).toBe(18);
    expect(counts.reel).toBe(40);
    expect(counts.tripitaka).toBeGreaterThanOrEqual(18);
    expect(counts.gaiji).toBeGreaterThan(30_000);
  });

  it("gives every reel the character count of its text", async () => {
    const db = database.canon.db;
    const reels = await db.selectFrom("reel").select(["uid", "char_cnt", "line_count"]).execute();
    for (const reel of reels) {
      const lines = await db.selectFrom("line").select("ori_txt").where("reel_uid", "=", reel.uid).execute();
      const chars = lines.reduce((n, line) => n + countChars(line.ori_txt), 0);
      expect(chars, reel.uid).toBe(reel.char_cnt);
      expect(lines.length, reel.uid).toBe(reel.line_count);
    }
    const heart = await db
      .selectFrom("sutra")
      .select(["char_cnt", "reel_count"])
      .where("uid", "=", "TS0251")
      .executeTakeFirstOrThrow();
    // The catalogue of works counts 1,097 CJK characters in the Heart Sutra's text.
    expect(heart).toEqual({ char_cnt: 1097, reel_count: 1 });
  });

  it("keeps the four text forms the same length, char for char", async () => {
    const lines = await database.canon.db
      .selectFrom("line")
      .select(["ori_txt", "uni_txt", "std_txt", "sim_txt"])
      .where("reel_uid", "=", "TS0262_1")
      .execute();
    for (const line of lines) {
      const length = [...line.ori_txt].length;
      for (const form of [line.uni_txt, line.std_txt, line.sim_txt]) expect([...form].length).toBe(length);
    }
    expect(lines.some((l) => l.sim_txt !== l.std_txt)).toBe(true);
  });

  it("derives line, char and page ids that round-trip", async () => {
    const db = database.canon.db;
    const lines = await db.selectFrom("line").select(["page_uid", "line_no"]).limit(5000).execute();
    for (const line of lines) {
      const id = printLineId({ pageUid: line.page_uid, line: line.line_no });
      expect(parseLineId(id)).toEqual({ pageUid: line.page_uid, line: line.line_no });
      const page = parsePageUid(line.page_uid);
      expect(page, line.page_uid).not.toBeNull();
      expect(printPageUid(page as NonNullable<typeof page>)).toBe(line.page_uid);
    }
    const chars = await db
      .selectFrom("char")
      .select(["page_uid", "line_no", "char_no"])
      .limit(2000)
      .execute();
    expect(chars.length).toBeGreaterThan(1000);
    for (const char of chars) {
      const id = printCharId({ pageUid: char.page_uid, line: char.line_no, char: char.char_no });
      expect(parseCharId(id)).toEqual({ pageUid: char.page_uid, line: char.line_no, char: char.char_no });
    }
    const heartPage = await db
      .selectFrom("page")
      .select(["ouid", "book_uid"])
      .where("uid", "=", "TS_8_848c")
      .executeTakeFirstOrThrow();
    expect(heartPage).toEqual({ ouid: "T08n0251_p0848c", book_uid: "TS_8" });
    const line7 = await db
      .selectFrom("line")
      .select("std_txt")
      .where("page_uid", "=", "TS_8_848c")
      .where("line_no", "=", 7)
      .executeTakeFirstOrThrow();
    expect(line7.std_txt.startsWith("觀自在菩薩行深般若波羅蜜多時")).toBe(true);
  });

  it("resolves gaiji to Unicode, or to a private-use char with its normalised form", async () => {
    const db = database.canon.db;
    const zhonghua = await db
      .selectFrom("line")
      .select("ori_txt")
      .where("page_uid", "=", "ZH_71_161b")
      .where("line_no", "=", 10)
      .executeTakeFirstOrThrow();
    expect(zhonghua.ori_txt).toContain("𭡠"); // CB00706 has a Unicode code point, U+2D860
    const hanshan = await db
      .selectFrom("line")
      .select(["ori_txt", "uni_txt"])
      .where("page_uid", "=", "JS_20_657b")
      .where("line_no", "=", 17)
      .executeTakeFirstOrThrow();
    expect(hanshan.ori_txt).toContain("\u{F1F52}"); // CB08018 has no Unicode code point: private use
    expect(hanshan.uni_txt).toContain("䴺"); // … and its normalised form in uni_txt
    expect(hanshan.uni_txt).not.toContain("\u{F1F52}");
    const gaiji = await db
      .selectFrom("gaiji")
      .select(["pua", "norm_char"])
      .where("code", "=", "CB08018")
      .executeTakeFirstOrThrow();
    expect(gaiji).toEqual({ pua: 0xf1f52, norm_char: "䴺" });
  });

  it("links page scans and scales their boxes to the image's pixels", async () => {
    const db = database.canon.db;
    const page = await db
      .selectFrom("page")
      .select(["img_path", "thumb_path", "img_width", "img_height"])
      .where("uid", "=", "QL_25_16")
      .executeTakeFirstOrThrow();
    expect(page.img_path).toBe("pages/QL/25/QL_25_16.jpg");
    expect(await database.storage.exists(page.thumb_path as string)).toBe(true);
    const chars = await db
      .selectFrom("char")
      .select(["x", "y", "w", "h"])
      .where("page_uid", "=", "QL_25_16")
      .execute();
    expect(chars.length).toBeGreaterThan(50);
    for (const char of chars) {
      expect(char.x + char.w).toBeLessThanOrEqual((page.img_width as number) + 1);
      expect(char.y + char.h).toBeLessThanOrEqual((page.img_height as number) + 1);
    }
  });

  it("changes nothing on a second run", async () => {
    const before = await tableCounts(database);
    const stamps = await database.canon.db
      .selectFrom("sutra")
      .select(["uid", "updated_at"])
      .orderBy("uid")
      .execute();
    const second = await importCanon({
      canon: database.canon,
      storage: database.storage,
      sources: resolveCanonSources(corpusDir()),
      now: () => FIXED_NOW + 1000,
    });
    expect(second).toMatchObject({ sutras: 0, unchanged: 18, imagePages: 0, failures: [] });
    expect(await tableCounts(database)).toEqual(before);
    expect(
      await database.canon.db.selectFrom("sutra").select(["uid", "updated_at"]).orderBy("uid").execute(),
    ).toEqual(stamps);
  });

  it("imports a work found in two source folders once, each of its lines once", async () => {
    const folders = [0, 1].map(() => mkdtempSync(join(inject("workDir"), "twice-")));
    const scratch = await emptyDatabase(dialect);
    try {
      for (const folder of folders)
        cpSync(join(corpusDir(), "starter", "cbeta-p5a", "J", "J01"), join(folder, "J", "J01"), {
          recursive: true,
        });
      const report = await importCanon({
        canon: scratch.canon,
        storage: scratch.storage,
        sources: xmlSources(folders[0] as string, folders),
      });
      expect(report.failures).toEqual([]);
      expect(report.sutras).toBe(1);
      const lines = await scratch.canon.db
        .selectFrom("line")
        .select(sql<number>`count(*)`.as("n"))
        .executeTakeFirstOrThrow();
      const sutra = await scratch.canon.db.selectFrom("sutra").select("uid").executeTakeFirstOrThrow();
      const once = await database.canon.db
        .selectFrom("line")
        .innerJoin("reel", "reel.uid", "line.reel_uid")
        .select(sql<number>`count(*)`.as("n"))
        .where("reel.sutra_uid", "=", sutra.uid)
        .executeTakeFirstOrThrow();
      expect(Number(lines.n)).toBeGreaterThan(0);
      expect(Number(lines.n)).toBe(Number(once.n));
    } finally {
      await scratch.dispose();
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    }
  });

  it("reports a malformed file with its line and imports the rest", async () => {
    const dir = mkdtempSync(join(inject("workDir"), "broken-"));
    const scratch = await emptyDatabase(dialect);
    try {
      cpSync(join(corpusDir(), "starter", "cbeta-p5a", "T"), join(dir, "T"), { recursive: true });
      const broken = join(dir, "T", "T08", "T08n0251.xml");
      const xml = readFileSync(broken, "utf8").split("\n");
      xml[140] = '<lb ed="T" n="0848c11"/><p>不增不減</q>';
      writeFileSync(broken, xml.join("\n"));
      const report = await importCanon({
        canon: scratch.canon,
        storage: scratch.storage,
        sources: xmlSources(dir),
      });
      expect(report.failures).toHaveLength(1);
      expect(report.failures[0]).toMatchObject({ file: "T/T08/T08n0251.xml", line: 141 });
      expect(report.sutras).toBe(5);
      const heart = await scratch.canon.db
        .selectFrom("sutra")
        .select("uid")
        .where("uid", "=", "TS0251")
        .executeTakeFirst();
      expect(heart).toBeUndefined();
      const pages = await scratch.canon.db
        .selectFrom("page")
        .select("uid")
        .where("uid", "=", "TS_8_848c")
        .executeTakeFirst();
      expect(pages).toBeUndefined();
      expect(isPageUid("TS_8_848c")).toBe(true);
    } finally {
      await scratch.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("writes a gaiji no table knows as the geta mark, with a warning, and imports the text", async () => {
    const dir = mkdtempSync(join(inject("workDir"), "gaiji-"));
    const scratch = await emptyDatabase(dialect);
    try {
      cpSync(join(corpusDir(), "starter", "cbeta-p5a", "T", "T08"), join(dir, "T", "T08"), {
        recursive: true,
      });
      const heart = join(dir, "T", "T08", "T08n0251.xml");
      const xml = readFileSync(heart, "utf8").split("\n");
      xml[140] =
        '<lb n="0848c11" ed="T"/>不增不減。是故，空<g ref="#CB99999"/>無色，無受、想、行、識；無眼、';
      writeFileSync(heart, xml.join("\n"));
      const report = await importCanon({
        canon: scratch.canon,
        storage: scratch.storage,
        sources: xmlSources(dir),
      });
      expect(report.failures).toEqual([]);
      expect(report.warnings).toEqual([
        { file: "T/T08/T08n0251.xml", line: 141, message: "unknown gaiji CB99999: written as \u3013" },
      ]);
      const line = await scratch.canon.db
        .selectFrom("line")
        .select(["ori_txt", "std_txt"])
        .where("page_uid", "=", "TS_8_848c")
        .where("line_no", "=", 11)
        .executeTakeFirstOrThrow();
      expect(line.ori_txt).toContain("空\u3013無色");
      expect(line.std_txt).toContain("空\u3013無色");
    } finally {
      await scratch.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
