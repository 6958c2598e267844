/**
 * The character image group view's orders and the statistics' categories, on SQLite and on
 * PostgreSQL: `GET .../char/group/list?sort_by=` (by count either way, ties by the character; by
 * the character's code points either way), and `GET .../char/stats?categories=` answering only
 * the figures asked, all four when none is named, 400 when asked for none or for an unknown one.
 * Checked against the boxed chars the database holds.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAR_STATS_CATEGORIES } from "../../contract/char-image-rules.ts";
import { type CharGroupItem, charStatsResult } from "../../contract/charImage.ts";
import { envelope, errorEnvelope } from "../../contract/envelope.ts";
import { testDialects } from "../support/databases.ts";
import { accessToken, bearer } from "./auth-setup.ts";
import { type BoxedChar, byCodePoint, type CharImageHarness, startCharImages } from "./char-image-setup.ts";

const PAGE = "GL_79_4_7";

describe.each(testDialects())("char group orders and statistics categories on %s", (dialect) => {
  let t: CharImageHarness;
  let onPage: BoxedChar[];

  beforeAll(async () => {
    t = await startCharImages(dialect);
    onPage = (await t.boxed("GL")).filter((c) => c.page_uid === PAGE);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Every group of the page's boxes in `form`, page by page, in the order asked. */
  async function everyGroup(query: Record<string, string>): Promise<CharGroupItem[]> {
    const groups: CharGroupItem[] = [];
    for (let pageNo = 1; ; pageNo++) {
      const page = await t.groups("GL", {
        page_uid: PAGE,
        page_size: "10",
        page_no: String(pageNo),
        ...query,
      });
      groups.push(...page.list);
      if (pageNo >= page.page_count) return groups;
    }
  }

  function countsBy(form: "ori_txt" | "sim_txt"): CharGroupItem[] {
    const counts = new Map<string, number>();
    for (const c of onPage) counts.set(c[form], (counts.get(c[form]) ?? 0) + 1);
    return [...counts].map(([txt, count]) => ({ txt, count }));
  }

  it("orders the groups by count or by character, either way", async () => {
    const groups = countsBy("ori_txt");
    expect(groups.length).toBeGreaterThan(20);
    expect(new Set(groups.map((g) => g.count)).size).toBeGreaterThan(2);
    const byTxt = (a: CharGroupItem, b: CharGroupItem) => byCodePoint(a.txt, b.txt);
    const expected: Record<string, CharGroupItem[]> = {
      "-count": [...groups].sort((a, b) => b.count - a.count || byTxt(a, b)),
      count: [...groups].sort((a, b) => a.count - b.count || byTxt(a, b)),
      txt: [...groups].sort(byTxt),
      "-txt": [...groups].sort((a, b) => byTxt(b, a)),
    };
    for (const [sort, wanted] of Object.entries(expected))
      expect(await everyGroup({ sort_by: sort }), sort).toEqual(wanted);
    // Most char images first unless asked otherwise.
    expect(await everyGroup({})).toEqual(expected["-count"]);
  });

  it("orders the groups of another form by that form", async () => {
    const groups = countsBy("sim_txt").sort((a, b) => byCodePoint(b.txt, a.txt));
    expect(await everyGroup({ txt_type: "sim_txt", sort_by: "-txt" })).toEqual(groups);
  });

  it("refuses an order the groups do not have", async () => {
    for (const sort of ["page_uid", "cc", "-", "txt,count"]) {
      const reply = await t.call("researcher", "/v1/tripitaka/GL/char/group/list", { sort_by: sort });
      expect(reply.statusCode, sort).toBe(400);
      expect(reply.msg).toContain("sort_by");
    }
  });

  const stats = async (query: Record<string, string>) =>
    t.call("researcher", "/v1/tripitaka/GL/char/stats", { page_uid: PAGE, ...query });

  it("counts only the categories asked", async () => {
    const all = {
      total: onPage.length,
      chars: new Set(onPage.map((c) => c.ori_txt)).size,
      pages: 1,
      sutras: 1,
    };
    expect(envelope(charStatsResult).parse(await stats({})).result).toEqual(all);
    for (const [categories, wanted] of [
      ["chars", { chars: all.chars }],
      ["pages,total", { total: all.total, pages: 1 }],
      ["sutras, chars ,sutras", { chars: all.chars, sutras: 1 }],
      [CHAR_STATS_CATEGORIES.join(","), all],
    ] as const)
      expect(envelope(charStatsResult).parse(await stats({ categories })).result, categories).toEqual(wanted);
    const repeated = await t.h.app.inject({
      method: "GET",
      url: `/v1/tripitaka/GL/char/stats?page_uid=${PAGE}&categories=total&categories=pages`,
      headers: bearer(await accessToken(t.h, "ci_researcher", "abc123")),
    });
    expect(envelope(charStatsResult).parse(repeated.json()).result).toEqual({ total: all.total, pages: 1 });
  });

  it("refuses statistics of no category, or of one it does not count (400)", async () => {
    for (const categories of ["", " , ", "words", "total,words"]) {
      const reply = await stats({ categories });
      expect(reply.statusCode, JSON.stringify(categories)).toBe(400);
      errorEnvelope.parse(reply);
      expect(reply.msg).toContain("categories");
    }
    expect((await stats({ categories: "" })).msg).toMatch(/at least one/);
  });
});
