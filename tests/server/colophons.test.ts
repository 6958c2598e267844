/**
 * `POST /v1/tripitaka/{uid}/pubnote/list` on SQLite and on PostgreSQL, over the starter canon's
 * colophons and those of 護法錄 (J21nB110) and 天樂鳴空集 (J20nB097) from the bench archive, imported
 * here by the importer's own code: researchers only; every search field (simplified input finds
 * traditional text); the orders, empty values last, the amount by its value in 厘; paging; the row
 * of a colophon on two pages; bad requests; the PUB_NOTE_SEARCH event of a search's first page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PubNoteRow, pubNoteListResult } from "../../contract/colophons.ts";
import { envelope, errorEnvelope } from "../../contract/envelope.ts";
import { testDialects } from "../support/databases.ts";
import { type AuthHarness, bearer } from "./auth-setup.ts";
import { benchXmls, importWork } from "./colophon-setup.ts";
import { type ResearchTokens, startResearchApp } from "./research-setup.ts";

const result = envelope(pubNoteListResult);
const NOW = Date.UTC(2026, 0, 1);
let bench: Map<string, string>;

beforeAll(() => {
  bench = benchXmls(["J21/J21nB110", "J20/J20nB097"]);
});

describe.each(testDialects())("the colophon list on %s", (dialect) => {
  let h: AuthHarness;
  let tokens: ResearchTokens;

  beforeAll(async () => {
    ({ h, tokens } = await startResearchApp(dialect, "pn"));
    const db = h.database.canon;
    await importWork(db, "J21nB110", bench.get("J21/J21nB110") ?? "", NOW);
    await importWork(db, "J20nB097", bench.get("J20/J20nB097") ?? "", NOW);
  });
  afterAll(() => h.close());

  const call = (body: object, tripitaka = "JS", token = tokens.researcher) =>
    h.app.inject({
      method: "POST",
      url: `/v1/tripitaka/${tripitaka}/pubnote/list`,
      payload: body,
      headers: token ? bearer(token) : {},
    });
  const list = async (body: object) => {
    const response = await call(body);
    expect(response.statusCode, response.body).toBe(200);
    return result.parse(response.json()).result;
  };
  const all = async (body: object = {}) => (await list({ page_size: 100, ...body })).list;
  const ids = (rows: readonly { id: number }[]) => rows.map((row) => row.id);
  /** Rows of the database in the default order: by reel, then by place in the sutra. */
  const stored = () =>
    h.database.canon.db
      .selectFrom("pub_note")
      .selectAll()
      .where("tripitaka_uid", "=", "JS")
      .orderBy("reel_order")
      .orderBy("sn")
      .execute();

  it("answers researchers only", async () => {
    expect((await call({}, "JS", "")).statusCode).toBe(401);
    expect((await call({}, "JS", tokens.reader)).statusCode).toBe(403);
    expect((await call({}, "JS", tokens.admin)).statusCode).toBe(403);
    expect((await call({})).statusCode).toBe(200);
  });

  it("answers 400 for a bad order, page size, page or field, and 404 for an unknown tripitaka", async () => {
    for (const body of [
      { sort_by: "pub_year_desc" },
      { sort_by: "donor" },
      { page_size: 15 },
      { page_size: 0 },
      { page_no: 0 },
      { page_no: "x" },
      { donor: "名".repeat(201) },
      { donor: 7 },
    ]) {
      const response = await call(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      errorEnvelope.parse(response.json());
    }
    expect((await call({}, "ZZ")).statusCode).toBe(404);
  });

  it("pages through every colophon of the tripitaka, by reel when no order is asked for", async () => {
    const rows = await stored();
    expect(rows.length).toBe(20);
    const first = await list({});
    expect(first).toMatchObject({ total: 20, page_size: 10, page_no: 1, page_count: 2 });
    const second = await list({ page_no: 2 });
    expect([...ids(first.list), ...ids(second.list)]).toEqual(ids(rows));
    expect((await list({ page_no: 3 })).list).toEqual([]);
    expect((await list({ page_size: 20 })).page_count).toBe(1);
  });

  it("answers the spec's row: the reel, one page or the first and last, the image names", async () => {
    const rows = await all();
    const tianyi = rows.find((row) => row.reel_uid === "JSB470_1");
    expect(tianyi).toMatchObject({
      reel_name: "天一悅禪師語錄 第1卷",
      page_uid: "JS_39_934b",
      img_name: "JS_39_934b",
      pub_era: "康熙丁亥",
      pub_year: 1707,
      pub_address: "嘉興楞嚴寺般若堂",
      engraver: "楞嚴 夏維寧 倪爾繩",
      char_count: null,
      donate_amount: null,
    } satisfies Partial<PubNoteRow>);
    // 天樂鳴空集's colophon for 澤外居士高承埏 runs from page 482a onto 482b.
    const twoPages = rows.find((row) => row.pub_note.startsWith("　澤外居士高承埏助寫"));
    expect(twoPages).toMatchObject({ page_uid: "JS_20_482a-JS_20_482b", img_name: "JS_20_482a,JS_20_482b" });
    const first = rows.find((row) => row.reel_uid === "JSB110_1");
    expect(first).toMatchObject({
      pub_era: "天啟辛酉元年",
      pub_year: 1621,
      char_count: 31_504,
      donate_amount: "銀一十五兩七錢五分零三厘",
      editor: "▆楊釋元韜",
      writer: "句容潘省耕",
      engraver: "上元許一科",
      pub_address: "徑山化城寺",
      remark: "護法錄第一卷",
    });
  });

  it("finds by every search field, simplified input finding traditional text", async () => {
    const rows = await stored();
    const where = (test: (row: (typeof rows)[number]) => boolean) => ids(rows.filter(test));
    const reelsOf = async (body: object) => (await all(body)).map((row) => row.reel_uid);

    expect(await reelsOf({ pub_era: "康熙" })).toEqual(["JSB470_1"]);
    expect(await reelsOf({ engraver: "倪爾繩" })).toEqual(["JSB470_1"]);
    expect(await reelsOf({ engraver: "倪尔绳" })).toEqual(["JSB470_1"]);
    expect(await reelsOf({ pub_address: "楞严寺" })).toEqual(["JSB213_2", "JSB470_1"]);
    expect(await reelsOf({ donor: "钱谦益" })).toEqual(["JSB110_3"]);
    expect(await reelsOf({ pub_era: "天启", engraver: "陈叔道" })).toEqual([
      "JSB110_6",
      "JSB110_7",
      "JSB110_8",
    ]);
    expect(await reelsOf({ fundraiser: "聖靜" })).toEqual(["JSB470_1"]);
    expect(await reelsOf({ editor: "如纯" })).toEqual(["JSB470_1"]);
    expect(await reelsOf({ writer: "潘省耕" })).toHaveLength(6);
    expect(await reelsOf({ remark: "第七卷" })).toEqual(["JSB110_7"]);
    expect(await reelsOf({ pub_note: "伏祈各户" })).toEqual(["JSB213_2"]);
    expect(ids(await all({ reel_name: "护法录" }))).toEqual(where((row) => row.sutra_uid === "JSB110"));
    expect(ids(await all({ page_uid: "js_21_6" }))).toEqual(where((row) => row.sutra_uid === "JSB110"));
    expect(await reelsOf({ page_uid: "JS_20_482b" })).toEqual(["JSB097_1"]);
    expect(await reelsOf({ director: "監" })).toEqual([]);
    // Empty and blank fields are no condition.
    expect(ids(await all({ donor: "", remark: "  ", writer: null }))).toEqual(ids(rows));
    // A wildcard of LIKE is matched as itself.
    expect(await all({ pub_note: "%" })).toEqual([]);
  });

  it("sorts by each sortable column both ways, empty values last, the amount by its value", async () => {
    const rows = await all();
    const valued = (key: keyof PubNoteRow) => rows.filter((row) => row[key] !== null);
    const ordered = async (sort: string, key: keyof PubNoteRow) => {
      const sorted = await all({ sort_by: sort });
      expect(sorted).toHaveLength(rows.length);
      const count = valued(key).length;
      expect(
        sorted.slice(count).every((row) => row[key] === null),
        sort,
      ).toBe(true);
      return sorted.slice(0, count);
    };

    const amounts = await ordered("donate_amount", "donate_amount");
    expect(amounts.map((row) => row.donate_amount)).toEqual([
      "銀四兩六錢七分八厘",
      "銀四兩七錢零一分",
      "銀五兩一錢三分三厘",
      "銀七兩七錢一分五厘",
      "銀八兩五錢七分五厘",
      "銀拾兩",
      "銀一十五兩七錢五分零三厘",
    ]);
    expect(ids(await ordered("-donate_amount", "donate_amount"))).toEqual(ids(amounts).reverse());

    const years = (await ordered("pub_year", "pub_year")).map((row) => row.pub_year ?? 0);
    expect(years).toEqual([...years].sort((a, b) => a - b));
    expect(years[0]).toBe(1621);
    expect(years.at(-1)).toBe(1707);
    const down = (await ordered("-pub_year", "pub_year")).map((row) => row.pub_year ?? 0);
    expect(down).toEqual([...years].reverse());

    const counts = (await ordered("-char_count", "char_count")).map((row) => row.char_count ?? 0);
    expect(counts).toEqual([31_504, 17_150, 15_431, 10_266, 9_355, 8_591]);

    const remarks = (await ordered("remark", "remark")).map((row) => row.remark ?? "");
    expect(remarks).toEqual([...remarks].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(remarks.length).toBeGreaterThan(5);

    const pages = (await all({ sort_by: "page_uid" })).map((row) => row.page_uid.split("_")[1]);
    expect(pages).toEqual([
      "1",
      "20",
      "20",
      "20",
      "20",
      "20",
      "20",
      "20",
      ...Array(8).fill("21"),
      "28",
      "28",
      "28",
      "39",
    ]);
    const reels = (await all({ sort_by: "-reel_name" })).map((row) => row.reel_uid);
    expect(reels[0]).toBe("JSB470_1");
    expect(reels.at(-1)).toBe("JSA042_1");
    expect(await all({ sort_by: "thousand_char" })).toHaveLength(rows.length);
  });

  it("logs PUB_NOTE_SEARCH for a search's first page only", async () => {
    const db = h.database.canon.db;
    const events = async () => {
      await h.app.oplogWriter.flush();
      const rows = await db
        .selectFrom("oplog")
        .select(["extra", "tripitaka_uid"])
        .where("event_id", "=", "PUB_NOTE_SEARCH")
        .orderBy("id")
        .execute();
      return rows.map((row) => ({ tripitaka: row.tripitaka_uid, ...(JSON.parse(row.extra) as object) }));
    };
    const before = (await events()).length;
    await list({ pub_era: "康熙", engraver: "倪", sort_by: "-pub_year" });
    await list({ pub_era: "康熙", engraver: "倪", sort_by: "-pub_year", page_no: 2 });
    const after = await events();
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)).toEqual({ tripitaka: "JS", pub_era: "康熙", engraver: "倪", sort_by: "-pub_year" });
  });
});
