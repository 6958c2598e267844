/**
 * The character image lists on the imported starter canon, on SQLite and on PostgreSQL:
 * `GET /v1/tripitaka/{uid}/char/list`, `.../char/group/list` and `.../char/stats`, researchers
 * only. Every boxed char of a tripitaka's scans is a row (checked against the database), under
 * each filter and order and paged, with the sutra its page lies in; the group view counts the
 * same rows; the CHAR_SEARCH event of a search's first page; refusals and bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { charStatsResult } from "../../contract/charImage.ts";
import { envelope, errorEnvelope } from "../../contract/envelope.ts";
import { testDialects } from "../support/databases.ts";
import {
  type BoxedChar,
  byCodePoint,
  type CharImageHarness,
  cidOf,
  pageOrder,
  startCharImages,
} from "./char-image-setup.ts";

describe.each(testDialects())("character image lists on %s", (dialect) => {
  let t: CharImageHarness;
  let gl: BoxedChar[];

  beforeAll(async () => {
    t = await startCharImages(dialect);
    gl = await t.boxed("GL");
  });
  afterAll(async () => {
    await t.close();
  });

  /** Every row of a search, page by page (100 a page). */
  async function everyRow(tripitaka: string, query: Record<string, string> = {}) {
    const rows = [];
    for (let pageNo = 1; ; pageNo++) {
      const page = await t.list(tripitaka, { ...query, page_size: "100", page_no: String(pageNo) });
      rows.push(...page.list);
      if (pageNo >= page.page_count) return { rows, total: page.total };
    }
  }

  it("lists every boxed char of the tripitaka's scans in page order, 10 a page", async () => {
    expect(gl.length).toBeGreaterThan(1000);
    const first = await t.list("GL");
    expect(first).toMatchObject({ total: gl.length, page_no: 1, page_size: 10 });
    expect(first.page_count).toBe(Math.ceil(gl.length / 10));
    const expected = [...gl].sort(pageOrder);
    expect(first.list.map((item) => item.cid)).toEqual(expected.slice(0, 10).map(cidOf));

    const third = await t.list("GL", { page_no: "3", page_size: "50" });
    expect(third.list.map((item) => item.cid)).toEqual(expected.slice(100, 150).map(cidOf));

    const { rows } = await everyRow("GL");
    expect(rows.map((item) => item.cid)).toEqual(expected.map(cidOf));
    const byCid = new Map(gl.map((c) => [cidOf(c), c]));
    for (const item of rows) {
      const c = byCid.get(item.cid);
      expect(item).toMatchObject({
        puid: c?.page_uid,
        sn: `${c?.line_no}.${c?.char_no}`,
        ot: c?.ori_txt,
        ut: c?.uni_txt,
        st: c?.std_txt,
        mt: c?.sim_txt,
        cc: c?.cc,
      });
      expect(item.img_url === null).toBe(c?.img_path === null);
    }
    // The pages of the 藏_经_卷_页 edition name their sutra: GL_79_4_7 is of GL0079.
    expect(rows.find((item) => item.puid === "GL_79_4_7")?.suid).toBe("GL0079");
    // Another tripitaka's boxes are not listed.
    expect(rows.every((item) => item.puid.startsWith("GL_"))).toBe(true);
  });

  it("filters by each text form, page, char number and sutra", async () => {
    const counts = new Map<string, number>();
    for (const c of gl) counts.set(c.ori_txt, (counts.get(c.ori_txt) ?? 0) + 1);
    const [common] = [...counts].filter(([txt]) => txt !== "").sort((a, b) => b[1] - a[1]);
    const [char, count] = common ?? ["", 0];
    expect(count).toBeGreaterThan(10);
    const byOt = await everyRow("GL", { ot: char });
    expect(byOt.total).toBe(count);
    expect(byOt.rows.every((item) => item.ot === char)).toBe(true);

    // A char whose simplified form differs: the simplified filter finds its boxes by that form.
    const simplified = gl.find((c) => c.sim_txt !== c.ori_txt && c.sim_txt !== "");
    expect(simplified).toBeDefined();
    const mt = simplified?.sim_txt ?? "";
    const byMt = await everyRow("GL", { mt });
    expect(byMt.total).toBe(gl.filter((c) => c.sim_txt === mt).length);
    expect(byMt.rows.some((item) => item.ot !== mt)).toBe(true);
    for (const [key, form] of [
      ["ut", "uni_txt"],
      ["st", "std_txt"],
    ] as const) {
      const value = simplified?.[form] ?? "";
      expect((await t.list("GL", { [key]: value })).total).toBe(gl.filter((c) => c[form] === value).length);
    }

    const onPage = gl.filter((c) => c.page_uid === "GL_79_4_7");
    expect(onPage.length).toBeGreaterThan(100);
    expect((await t.list("GL", { page_uid: "GL_79_4_7" })).total).toBe(onPage.length);
    expect((await t.list("GL", { sutra_uid: "GL0079" })).total).toBe(onPage.length);
    expect((await t.list("GL", { sutra_uid: "GL0001" })).total).toBe(0);

    const one = await t.list("GL", { page_uid: "GL_79_4_7", char_sn: "3.11" });
    expect(one.list).toHaveLength(1);
    expect(one.list[0]).toMatchObject({ cid: "GL_79_4_7.3.11", sn: "3.11", ot: "綱", suid: "GL0079" });
    // Filters combine, and empty ones are no filter.
    expect((await t.list("GL", { page_uid: "GL_79_4_7", ot: "綱", ut: "" })).total).toBe(
      onPage.filter((c) => c.ori_txt === "綱").length,
    );
    expect((await t.list("QL", { page_uid: "GL_79_4_7" })).total).toBe(0);
  });

  it("orders by page, original form and confidence, either way", async () => {
    const expected = [...gl].sort(pageOrder).reverse();
    const back = await t.list("GL", { sort_by: "-page_uid", page_size: "20" });
    expect(back.list.map((item) => item.cid)).toEqual(expected.slice(0, 20).map(cidOf));

    const byOt = (await everyRow("GL", { sort_by: "ot", page_uid: "GL_79_4_7" })).rows;
    const wanted = gl.filter((c) => c.page_uid === "GL_79_4_7");
    wanted.sort((a, b) => byCodePoint(a.ori_txt, b.ori_txt) || pageOrder(a, b));
    expect(byOt.map((item) => item.cid)).toEqual(wanted.map(cidOf));
    const byOtDown = await t.list("GL", { sort_by: "-ot", page_uid: "GL_79_4_7" });
    const top = [...wanted].sort((a, b) => byCodePoint(b.ori_txt, a.ori_txt) || pageOrder(a, b));
    expect(byOtDown.list.map((item) => item.cid)).toEqual(top.slice(0, 10).map(cidOf));

    const confident = (await everyRow("GL", { sort_by: "-cc" })).rows;
    const known = confident.filter((item) => item.cc !== null);
    expect(known.length).toBeGreaterThan(100);
    for (let i = 1; i < known.length; i++)
      expect(known[i]?.cc ?? 0).toBeLessThanOrEqual(known[i - 1]?.cc ?? 0);
    // Boxes without a confidence come last either way.
    const firstUnknown = confident.findIndex((item) => item.cc === null);
    if (firstUnknown >= 0) expect(confident.slice(firstUnknown).every((item) => item.cc === null)).toBe(true);
    const least = await t.list("GL", { sort_by: "cc" });
    expect(least.list[0]?.cc).toBe(Math.min(...known.map((item) => item.cc ?? 1)));
  });

  it("counts the boxes by character: the groups add up to the list's total", async () => {
    for (const query of [{}, { page_uid: "GL_79_4_7" }, { mt: "华" }] as Record<string, string>[]) {
      const total = (await t.list("GL", query)).total;
      let sum = 0;
      const seen: { txt: string; count: number }[] = [];
      for (let pageNo = 1; ; pageNo++) {
        const page = await t.groups("GL", { ...query, page_no: String(pageNo) });
        expect(page.page_size).toBe(100);
        seen.push(...page.list);
        sum += page.list.reduce((n, group) => n + group.count, 0);
        if (pageNo >= page.page_count) {
          expect(page.total).toBe(seen.length);
          break;
        }
      }
      expect(sum).toBe(total);
      // Most boxes first; each count is the list's total for that char.
      for (let i = 1; i < seen.length; i++)
        expect(seen[i]?.count).toBeLessThanOrEqual(seen[i - 1]?.count ?? 0);
      const top = seen[0];
      if (top && top.txt !== "")
        expect((await t.list("GL", { ...query, ot: top.txt })).total).toBe(top.count);
    }

    // Grouped by the simplified form, 華 and 华 are one group holding both.
    const bySim = await t.groups("GL", { txt_type: "sim_txt", mt: "华" });
    expect(bySim.list).toEqual([{ txt: "华", count: gl.filter((c) => c.sim_txt === "华").length }]);
    const byOri = await t.groups("GL", { txt_type: "ori_txt", mt: "华" });
    expect(byOri.list.map((group) => group.txt).sort()).toEqual(
      [...new Set(gl.filter((c) => c.sim_txt === "华").map((c) => c.ori_txt))].sort(),
    );
  });

  it("names the sutra the edition's catalogue places a page in, its text imported or not", async () => {
    // 径山藏's scan JS_100_527 is page 527 of volume JS_100, which Sutra-JS.csv gives to JS1541
    // 摩诃止观 (pages 333 to 834); its text is not among the imported ones.
    const db = t.h.database.canon.db;
    expect(await db.selectFrom("sutra").select("uid").where("uid", "=", "JS1541").executeTakeFirst()).toBe(
      undefined,
    );
    const js = await t.boxed("JS");
    expect(js.length).toBeGreaterThan(100);
    const { rows, total } = await everyRow("JS");
    expect(total).toBe(js.length);
    for (const item of rows)
      expect(item).toMatchObject({ puid: "JS_100_527", suid: "JS1541", sutra_name: "摩诃止观|摩訶止觀" });
    expect((await t.list("JS", { sutra_uid: "JS1541" })).total).toBe(js.length);
    const stats = envelope(charStatsResult).parse(await t.call("researcher", "/v1/tripitaka/JS/char/stats"));
    expect(stats.result).toMatchObject({ total: js.length, pages: 1, sutras: 1 });

    // The 高丽再雕 sample catalogue (traditional names) places GL_8_5_10 in GL0008; GL_79_4_7's
    // sutra comes from its uid alone, which names no title.
    const [placed] = (await t.list("GL", { page_uid: "GL_8_5_10" })).list;
    expect(placed).toMatchObject({ suid: "GL0008", sutra_name: "胜天王般若波罗蜜经|勝天王般若波羅蜜經" });
    const [unnamed] = (await t.list("GL", { page_uid: "GL_79_4_7" })).list;
    expect(unnamed).toMatchObject({ suid: "GL0079", sutra_name: null });
  });

  it("answers the statistics of a search", async () => {
    const onPage = gl.filter((c) => c.page_uid === "GL_79_4_7");
    const reply = await t.call("researcher", "/v1/tripitaka/GL/char/stats", { page_uid: "GL_79_4_7" });
    expect(envelope(charStatsResult).parse(reply).result).toEqual({
      total: onPage.length,
      chars: new Set(onPage.map((c) => c.ori_txt)).size,
      pages: 1,
      sutras: 1,
    });
    const all = envelope(charStatsResult).parse(
      await t.call("researcher", "/v1/tripitaka/GL/char/stats", { txt_type: "sim_txt" }),
    ).result;
    expect(all).toEqual({
      total: gl.length,
      chars: new Set(gl.map((c) => c.sim_txt)).size,
      pages: new Set(gl.map((c) => c.page_uid)).size,
      sutras: new Set(gl.flatMap((c) => (c.sutra_uid ? [c.sutra_uid] : []))).size,
    });
    expect(all.sutras).toBeGreaterThanOrEqual(3);
  });

  it("logs CHAR_SEARCH for a list search's first page only", async () => {
    const db = t.h.database.canon.db;
    const events = async () => {
      await t.h.app.oplogWriter.flush();
      const rows = await db
        .selectFrom("oplog")
        .select(["extra", "tripitaka_uid"])
        .where("event_id", "=", "CHAR_SEARCH")
        .execute();
      return rows.map((row) => ({
        tripitaka: row.tripitaka_uid,
        extra: JSON.parse(row.extra) as Record<string, unknown>,
      }));
    };
    const before = (await events()).length;
    await t.list("GL", { ot: "城", page_uid: "GL_79_4_7" });
    await t.list("GL", { ot: "城", page_uid: "GL_79_4_7", page_no: "2" });
    await t.groups("GL", { ot: "城" });
    const after = await events();
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)).toEqual({
      tripitaka: "GL",
      extra: { ot: "城", page_uid: "GL_79_4_7", total: gl.filter((c) => c.ori_txt === "城").length },
    });
  });

  it("is for researchers: 401 signed out, 403 for readers and administrators", async () => {
    for (const path of ["char/list", "char/group/list", "char/stats"]) {
      const url = `/v1/tripitaka/GL/${path}`;
      expect(await t.call("anonymous", url)).toMatchObject({ statusCode: 401, result: null });
      expect(await t.call("reader", url)).toMatchObject({ statusCode: 403, result: null });
      expect(await t.call("admin", url)).toMatchObject({ statusCode: 403, result: null });
      expect(await t.call("researcher", url)).toMatchObject({ statusCode: 200, code: 0 });
    }
  });

  it("refuses bad input with 400 and an unknown tripitaka with 404", async () => {
    const bad: [string, Record<string, string>, string][] = [
      ["char/list", { ot: "城市" }, "ot"],
      ["char/list", { mt: "\u0007" }, "mt"],
      ["char/list", { page_size: "15" }, "page_size"],
      ["char/list", { page_no: "0" }, "page_no"],
      ["char/list", { sort_by: "ut" }, "sort_by"],
      ["char/list", { char_sn: "3" }, "char_sn"],
      ["char/list", { page_uid: "GL-79-4-7" }, "page_uid"],
      ["char/list", { sutra_uid: "GL_79" }, "sutra_uid"],
      ["char/group/list", { txt_type: "big5" }, "txt_type"],
      ["char/group/list", { st: "華嚴" }, "st"],
      ["char/stats", { txt_type: "x" }, "txt_type"],
    ];
    for (const [path, query, field] of bad) {
      const reply = await t.call("researcher", `/v1/tripitaka/GL/${path}`, query);
      expect(reply.statusCode, `${path} ${JSON.stringify(query)}`).toBe(400);
      errorEnvelope.parse(reply);
      expect(reply.msg).toContain(field);
    }
    expect((await t.call("researcher", "/v1/tripitaka/ZZ/char/list")).statusCode).toBe(404);
    expect((await t.call("researcher", "/v1/tripitaka/gl/char/list")).statusCode).toBe(400);
  });
});
