/**
 * `GET /v1/tripitaka/{uid}/char_type/list` on the imported starter canon, on SQLite and on
 * PostgreSQL: researchers only; the rare and variant characters of a tripitaka with their forms,
 * flags and frequencies (checked against a count made by the database over the lines); the four
 * text filters and the two flags; the orders; paging; the glyph addresses from the site's fonts;
 * each character's number of char images, as the char image list counts them;
 * the CHAR_TYPE_SEARCH event of a search's first page; and a rebuild that changes nothing.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { charImageItem } from "../../contract/charImage.ts";
import { type CharType, charGlyphUrl, charTypeSchema } from "../../contract/charType.ts";
import { envelope, errorEnvelope, paged } from "../../contract/envelope.ts";
import { createTextFormConverter } from "../../contract/text-forms.ts";
import { rebuildCharTypes } from "../../server/import/char-types/rebuild-char-types.ts";
import { loadGaiji } from "../../server/import/gaiji.ts";
import { resolveCanonSources } from "../../server/import/import-canon.ts";
import { corpusDir } from "../support/corpus.ts";
import { testDialects } from "../support/databases.ts";
import { type AuthHarness, bearer } from "./auth-setup.ts";
import { type ResearchTokens, startResearchApp } from "./research-setup.ts";

const FONT_FILES = [
  "/usr/share/fonts/truetype/babelstone/BabelStoneHan.ttf",
  "/usr/share/fonts/truetype/hanazono/HanaMinA.ttf",
  "/usr/share/fonts/truetype/hanazono/HanaMinB.ttf",
];
const page = envelope(paged(charTypeSchema));
const isPua = (char: string) =>
  (char.codePointAt(0) ?? 0) >= 0xf0000 && (char.codePointAt(0) ?? 0) <= 0xfffff;

describe.each(testDialects())("char types on %s", (dialect) => {
  let h: AuthHarness;
  let tokens: ResearchTokens;

  beforeAll(async () => {
    ({ h, tokens } = await startResearchApp(dialect, "ct", { fontFiles: FONT_FILES }));
  });
  afterAll(() => h.close());

  const call = (tripitaka: string, query: Record<string, string> = {}, token = tokens.researcher) =>
    h.app.inject({
      method: "GET",
      url: `/v1/tripitaka/${tripitaka}/char_type/list`,
      query,
      headers: token ? bearer(token) : {},
    });
  const list = async (tripitaka: string, query: Record<string, string> = {}) => {
    const response = await call(tripitaka, query);
    expect(response.statusCode, response.body).toBe(200);
    return page.parse(response.json()).result;
  };
  const all = async (tripitaka: string, query: Record<string, string> = {}): Promise<CharType[]> => {
    const rows: CharType[] = [];
    for (let no = 1; ; no++) {
      const result = await list(tripitaka, { ...query, page_size: "100", page_no: String(no) });
      rows.push(...result.list);
      if (no >= result.page_count) return rows;
    }
  };
  /** How often `char` occurs in the original text of the tripitaka's lines, counted by the database. */
  const directCount = async (tripitaka: string, char: string): Promise<number> => {
    const row = await h.database.canon.db
      .selectFrom("line")
      .innerJoin("page", "page.uid", "line.page_uid")
      .select(sql<number>`sum(length(line.ori_txt) - length(replace(line.ori_txt, ${char}, '')))`.as("n"))
      .where("page.tripitaka_uid", "=", tripitaka)
      .executeTakeFirstOrThrow();
    return Number(row.n ?? 0);
  };

  it("is for researchers only: 401 signed out, 403 for a reader or an administrator", async () => {
    for (const [token, status] of [
      ["", 401],
      [tokens.reader, 403],
      [tokens.admin, 403],
      [tokens.researcher, 200],
    ] as const) {
      const response = await call("JS", {}, token);
      expect(response.statusCode).toBe(status);
      if (status !== 200) expect(errorEnvelope.parse(response.json()).code).toBe(status);
    }
  });

  it("refuses bad input with 400 and an unknown tripitaka with 404", async () => {
    const bad: Record<string, string>[] = [
      { is_manual: "yes" },
      { is_deform: "2" },
      { page_size: "15" },
      { page_no: "0" },
      { sort_by: "uni_txt" },
      { ori_txt: "字".repeat(201) },
      { uni_txt: "\u0000" },
    ];
    for (const query of bad) {
      const response = await call("JS", query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(errorEnvelope.parse(response.json()).code).toBe(400);
    }
    expect((await call("js")).statusCode).toBe(400);
    expect((await call("ZZ")).statusCode).toBe(404);
  });

  it("lists the private-use gaiji with their forms, composition and frequency in the lines", async () => {
    const manual = await all("JS", { is_manual: "true" });
    expect(manual.map((row) => row.ori_txt).sort()).toEqual(["\u{F1F52}", "\u{F520B}", "\u{F5254}"]);
    for (const row of manual) {
      expect(isPua(row.ori_txt)).toBe(true);
      expect(row.is_manual).toBe(true);
      expect(row.frequency).toBe(await directCount("JS", row.ori_txt));
      expect(row.frequency).toBeGreaterThan(0);
      // No site font maps the canon's private-use code points: the composition stands in.
      expect(row).toMatchObject({ has_glyph: false, img_url: null });
    }
    const withNorm = manual.find((row) => row.ori_txt === "\u{F1F52}");
    expect(withNorm).toMatchObject({
      uni_txt: "䴺",
      std_txt: "䴺",
      sim_txt: "䴺",
      gaiji_code: "CB08018",
      composition: "[麩-夫+(立/口)]",
    });
    expect(manual.find((row) => row.ori_txt === "\u{F520B}")).toMatchObject({
      uni_txt: "\u{F520B}",
      gaiji_code: "CB21003",
      composition: "[木*(文/韭)]",
    });
    // The Siddham characters of 準提心要 (X, read as WX) are private-use too, romanised.
    const siddham = await all("WX", { is_manual: "1" });
    expect(siddham.find((row) => row.gaiji_code === "SD-A648")?.composition).toBe("raṃ");
  });

  it("marks variant forms, not their usual forms, and every row is rare or variant", async () => {
    const rows = await all("JS");
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) {
      expect(row.is_manual || row.is_deform).toBe(true);
      expect(row.is_manual).toBe(isPua(row.ori_txt));
    }
    const que = rows.find((row) => row.ori_txt === "卻");
    expect(que).toMatchObject({ is_manual: false, is_deform: true, uni_txt: "卻", sim_txt: "却" });
    expect(que?.frequency).toBe(await directCount("JS", "卻"));
    for (const char of ["卻", "腳", "跡"]) {
      const row = rows.find((r) => r.ori_txt === char);
      expect(row?.frequency, char).toBe(await directCount("JS", char));
    }
    // Usual characters (the most used form of their groups) are not listed.
    expect((await list("JS", { ori_txt: "不" })).total).toBe(0);
    expect(await directCount("JS", "不")).toBeGreaterThan(100);
  });

  it("filters by each text form exactly and by the flags", async () => {
    const manual = await all("JS", { is_manual: "true" });
    expect((await list("JS", { uni_txt: "䴺" })).list.map((r) => r.ori_txt)).toEqual(["\u{F1F52}"]);
    expect((await list("JS", { ori_txt: " 卻 " })).list.map((r) => r.ori_txt)).toEqual(["卻"]);
    const bySim = await all("JS", { sim_txt: "却" });
    expect(bySim.length).toBeGreaterThan(0);
    expect(bySim.every((row) => row.sim_txt === "却")).toBe(true);
    const bowl = (await list("JS", { std_txt: "鉢" })).list;
    expect(bowl.map((r) => r.ori_txt)).toContain("缽");
    expect((await list("JS", { ori_txt: "卻腳" })).total).toBe(0);

    const everything = await all("JS");
    const deformOnly = await all("JS", { is_manual: "false", is_deform: "true" });
    expect(deformOnly.length).toBe(everything.filter((r) => !r.is_manual && r.is_deform).length);
    expect((await list("JS", { is_manual: "0", is_deform: "1" })).total).toBe(deformOnly.length);
    expect((await list("JS", { is_manual: "true" })).total).toBe(manual.length);
    expect((await list("JS", { is_manual: "true", ori_txt: "卻" })).total).toBe(0);
    expect((await list("JS", { ori_txt: "", is_deform: "" })).total).toBe(everything.length);
  });

  it("sorts by frequency either way (default most frequent first) and by character", async () => {
    const codePoint = (row: CharType) => row.ori_txt.codePointAt(0) ?? 0;
    const byDefault = await all("TS");
    expect(byDefault.length).toBeGreaterThan(20);
    for (let i = 1; i < byDefault.length; i++) {
      const [a, b] = [byDefault[i - 1] as CharType, byDefault[i] as CharType];
      expect(a.frequency > b.frequency || (a.frequency === b.frequency && codePoint(a) < codePoint(b))).toBe(
        true,
      );
    }
    const rising = (await all("TS", { sort_by: "frequency" })).map((r) => r.frequency);
    expect(rising).toEqual([...rising].sort((a, b) => a - b));
    const chars = (await all("TS", { sort_by: "ori_txt" })).map(codePoint);
    expect(chars).toEqual([...chars].sort((a, b) => a - b));
    const back = (await all("TS", { sort_by: "-ori_txt" })).map(codePoint);
    expect(back).toEqual([...chars].reverse());
  });

  it("pages the list: 10 a page by default, pages that join up, an empty page past the end", async () => {
    const first = await list("TS");
    expect(first.page_size).toBe(10);
    expect(first.list.length).toBe(10);
    expect(first.page_count).toBe(Math.ceil(first.total / 10));
    const whole = (await list("TS", { page_size: "100" })).list;
    const second = await list("TS", { page_no: "2" });
    expect([...first.list, ...second.list]).toEqual(whole.slice(0, 20));
    const twenty = await list("TS", { page_size: "20", page_no: "2" });
    expect(twenty.list).toEqual(whole.slice(20, 40));
    const past = await list("TS", { page_no: String(first.page_count + 1) });
    expect(past).toMatchObject({ total: first.total, list: [] });
  });

  it("says how many char images each character has: what the char image list finds for it", async () => {
    const charImages = envelope(paged(charImageItem));
    const imagesOf = async (char: string) => {
      const response = await h.app.inject({
        method: "GET",
        url: "/v1/tripitaka/JS/char/list",
        query: { ot: char },
        headers: bearer(tokens.researcher),
      });
      expect(response.statusCode, `${char} ${response.body}`).toBe(200);
      return charImages.parse(response.json()).result.total;
    };
    const rows = await all("JS");
    for (const row of rows) expect(row.char_image_count, row.ori_txt).toBe(await imagesOf(row.ori_txt));
    // 潙 is printed three times on 径山藏's scan JS_100_527; the private-use gaiji on none.
    expect(rows.find((row) => row.ori_txt === "潙")?.char_image_count).toBe(3);
    const manual = rows.filter((row) => row.is_manual);
    expect(manual.length).toBeGreaterThan(0);
    expect(manual.every((row) => row.char_image_count === 0)).toBe(true);
  });

  it("gives the glyph address of a character a site font draws, and the font answers it", async () => {
    const que = (await list("JS", { ori_txt: "卻" })).list[0];
    expect(que).toMatchObject({ has_glyph: true, img_url: charGlyphUrl("JS", "卻") });
    const font = await h.app.inject({ method: "GET", url: que?.img_url ?? "" });
    expect(font.statusCode).toBe(200);
    expect(font.headers["content-type"]).toBe("font/woff2");
  });

  it("logs CHAR_TYPE_SEARCH for a search's first page only", async () => {
    const db = h.database.canon.db;
    const count = async () => {
      await h.app.oplogWriter.flush();
      const rows = await db
        .selectFrom("oplog")
        .select(["extra"])
        .where("event_id", "=", "CHAR_TYPE_SEARCH")
        .execute();
      return rows.map((row) => JSON.parse(row.extra) as Record<string, unknown>);
    };
    const before = (await count()).length;
    await list("JS", { sim_txt: "却", is_deform: "true" });
    await list("JS", { sim_txt: "却", is_deform: "true", page_no: "2" });
    const events = await count();
    expect(events.length).toBe(before + 1);
    expect(events.at(-1)).toMatchObject({ sim_txt: "却", is_deform: true, is_manual: null });
  });

  it("rebuilds to the same rows, and a rebuild with nothing changed writes nothing", async () => {
    const canon = h.database.canon;
    const rowsOf = () =>
      canon.db.selectFrom("char_type").selectAll().orderBy("tripitaka_uid").orderBy("code_point").execute();
    const before = await rowsOf();
    const sources = resolveCanonSources(corpusDir());
    const gaiji = loadGaiji(sources.gaijiDir);
    const converter = createTextFormConverter(gaiji.forms);
    const unchanged = await rebuildCharTypes({ canon, sources, gaiji, converter, changed: new Set() });
    expect(unchanged).toMatchObject({ tripitakas: 0, rows: 0 });

    await canon.db.deleteFrom("char_type").where("tripitaka_uid", "=", "JS").execute();
    const again = await rebuildCharTypes({ canon, sources, gaiji, converter, changed: new Set(["JS"]) });
    expect(again.tripitakas).toBe(1);
    expect(await rowsOf()).toEqual(before);
  });
});
