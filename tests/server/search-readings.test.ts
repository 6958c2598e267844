/**
 * Search in the readings (`in_readings`, contract/search-readings.ts) on the starter canon, on
 * SQLite and on PostgreSQL: the Diamond sutra's line TS_8_748c.28 reads 應云何住 in the Taishō and
 * 云何應住 in the Ming edition, so 云何應住 is found only in a reading and 應云何 only in the base
 * text. The option changes nothing else of the answer; the filters and text types apply to it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Reel, Sutra } from "../../contract/canon.ts";
import type { ReadingHit, ReadingsResult, SearchRequest, SearchResult } from "../../contract/search.ts";
import { READINGS_LIMIT } from "../../contract/search-readings.ts";
import { testDialects } from "../support/databases.ts";
import { type AuthHarness, accessToken, bearer, parse, registerUser, startAuthApp } from "./auth-setup.ts";

const answers = new Map<string, string[]>();
const LINE = "TS_8_748c.28";

describe.each(testDialects())("search in the readings on %s", (dialect) => {
  let h: AuthHarness;
  let token: string;
  let diamond: Sutra;
  let lotus: Sutra;
  const record: string[] = [];

  beforeAll(async () => {
    h = await startAuthApp(dialect, {}, { withCanon: true });
    await registerUser(h, { username: "collator", contact: "collator@example.org", password: "abc123" });
    token = await accessToken(h, "collator", "abc123");
    const all = parse(await h.app.inject({ method: "GET", url: "/v1/tripitaka/TS/sutra/all" }));
    const sutras = (all.result as { sutras: Sutra[] }).sutras;
    diamond = sutras.find((s) => s.uid === "TS0235") as Sutra;
    lotus = sutras.find((s) => s.uid === "TS0262") as Sutra;
    const headers = bearer(token);
    for (const [name, uids] of [
      ["金剛", ["TS0235"]],
      ["法華", ["TS0262"]],
    ] as const) {
      await h.app.inject({ method: "POST", url: "/v1/tripitaka/TS/sutra_group", headers, payload: { name } });
      await h.app.inject({
        method: "POST",
        url: "/v1/tripitaka/TS/sutra_group/add_sutras",
        headers,
        payload: { name, sutra_uids: uids },
      });
    }
  });
  afterAll(async () => {
    answers.set(dialect, record);
    await h.close();
  });

  const inject = (body: unknown, path = "search", signedIn = false) =>
    h.app.inject({
      method: "POST",
      url: `/v1/tripitaka/TS/${path}`,
      payload: body as Record<string, unknown>,
      ...(signedIn ? { headers: bearer(token) } : {}),
    });
  const search = async (body: SearchRequest, signedIn = false): Promise<SearchResult> => {
    const reply = parse(await inject(body, "search", signedIn));
    expect(reply, JSON.stringify(body)).toMatchObject({ statusCode: 200, code: 0 });
    const result = reply.result as SearchResult;
    record.push(JSON.stringify(result));
    return result;
  };
  const readings = async (body: SearchRequest, signedIn = false): Promise<ReadingsResult> => {
    const result = await search({ ...body, in_readings: true }, signedIn);
    expect(result.readings, JSON.stringify(body)).toBeDefined();
    return result.readings as ReadingsResult;
  };
  const atLine = (found: ReadingsResult): ReadingHit[] =>
    found.list.filter((item) => item.sutra_uid === "TS0235" && item.cid === LINE);

  it("finds the Ming edition's 云何應住 where the Taishō reads 應云何住", async () => {
    const text = parse(await h.app.inject({ method: "GET", url: "/v1/reel/TS0235_1?txt_type=std_txt" }));
    const reel = text.result as Reel;
    const line = reel.pages.flatMap((page) => page.lines).find((l) => l.cid === LINE);
    expect(line?.text).toContain("應云何住");
    const base = await search({ keyword: "應云何", search_mode: "exact" });
    const named = base.list.find((item) => item.reel_uid === "TS0235_1");
    for (const search_mode of ["exact", "fuzzy"] as const) {
      const found = await readings({ keyword: "云何應住", search_mode });
      const [item, ...more] = atLine(found);
      expect(more).toEqual([]);
      expect(item).toMatchObject({
        reel_uid: "TS0235_1",
        sutra_uid: "TS0235",
        reel_name: named?.reel_name,
        sutra_name: named?.sutra_name,
        cid: LINE,
        witnesses: ["明"],
      });
      const at = item?.text.indexOf("云何應住") ?? -1;
      expect(at).toBeGreaterThanOrEqual(0);
      expect(item?.highlights).toEqual([
        { start: at, end: at + 4, kind: search_mode === "exact" ? "full" : "segment" },
      ]);
      expect(found.total).toBe(found.list.length);
      expect(found.limited).toBe(false);
    }
  });

  it("does not report what the base text reads there", async () => {
    const found = await readings({ keyword: "應云何", search_mode: "exact" });
    expect(atLine(found)).toEqual([]);
    expect(found.list.filter((item) => item.text.includes("應云何住"))).toEqual([]);
  });

  it("leaves the answer as it was without the option, and byte for byte with it false", async () => {
    const body = { keyword: "云何 菩薩", page_size: 10 };
    const without = await inject(body);
    const off = await inject({ ...body, in_readings: false });
    expect(off.payload).toBe(without.payload);
    expect(without.payload).not.toContain('"readings"');
    const { readings: section, ...rest } = (parse(await inject({ ...body, in_readings: true })).result ??
      {}) as SearchResult;
    expect(section?.total).toBeGreaterThan(0);
    expect(rest).toEqual(parse(without).result);
    const counted = parse(await inject({ ...body, in_readings: true }, "match_count"));
    expect(counted.result).toEqual(parse(await inject(body, "match_count")).result);
  });

  it("searches the simplified readings for sim_txt, the standard traditional ones otherwise", async () => {
    for (const [txt_type, keyword, shown] of [
      ["sim_txt", "云何应住", "云何应住"],
      ["sim_txt", "云何應住", "云何应住"],
      ["std_txt", "云何应住", "云何應住"],
      ["uni_txt", "云何應住", "云何應住"],
      // Converted to the traditional form searched, as a reel kept in another form is searched offline.
      ["uni_txt", "云何应住", "云何應住"],
      ["ori_txt", "云何應住", "云何應住"],
    ] as const) {
      const found = await readings({ keyword, txt_type, search_mode: "exact" });
      const [item] = atLine(found);
      expect(item?.witnesses, txt_type).toEqual(["明"]);
      expect(item?.text, txt_type).toContain(shown);
    }
    const verbatim = await readings({ keyword: "=云何應住", txt_type: "sim_txt", search_mode: "exact" });
    expect(atLine(verbatim)).toEqual([]);
    const unconverted = await readings({ keyword: "云何应住", txt_type: "uni_txt", trans_mode: "none" });
    expect(atLine(unconverted)).toEqual([]);
  });

  it("finds a hit of any of the terms in fuzzy mode", async () => {
    const both = await readings({ keyword: "云何應住 不不也", search_mode: "fuzzy", sutra_uids: ["TS0235"] });
    const cids = both.list.map((item) => item.cid);
    expect(cids).toContain(LINE);
    expect(cids).toContain("TS_8_749c.17");
    expect(new Set(both.list.flatMap((item) => item.witnesses))).toEqual(new Set(["宋", "元", "明", "宮"]));
    const joined = await readings({ keyword: "云何應住 不不也", search_mode: "exact" });
    expect(joined.total).toBe(0);
  });

  it("applies the request's filters", async () => {
    const keyword = "云何應住";
    const cases: [SearchRequest, boolean, boolean?][] = [
      [{ keyword, sutra_uids: ["TS0235"] }, true],
      [{ keyword, sutra_uids: ["TS0262"] }, false],
      [{ keyword, categories: diamond.categories.map((c) => c.id) }, true],
      [
        {
          keyword,
          categories: lotus.categories.map((c) => c.id).filter((id) => id !== diamond.categories[0]?.id),
        },
        false,
      ],
      [{ keyword, dynasties: diamond.dynasties.map((d) => d.id) }, true],
      [{ keyword, dynasties: [99999] }, false],
      [{ keyword, authors: [diamond.authors[0]?.name.split("|")[0] ?? ""] }, true],
      [{ keyword, authors: ["玄奘"] }, false],
      [{ keyword, sutra_group_names: ["金剛"] }, true, true],
      [{ keyword, sutra_group_names: ["法華"] }, false, true],
    ];
    for (const [body, expected, signedIn] of cases) {
      const found = await readings(body, signedIn);
      expect(atLine(found).length, JSON.stringify(body)).toBe(expected ? 1 : 0);
    }
  });

  it("lists at most READINGS_LIMIT in catalogue order, and says so", async () => {
    const keyword = "之 一 於 是 不 而 言 佛 無 也 者 以 其 所 有 為 曰 人 大 中";
    const found = await readings({ keyword, search_mode: "fuzzy" });
    expect(found.total).toBeGreaterThan(READINGS_LIMIT);
    expect(found.list).toHaveLength(READINGS_LIMIT);
    expect(found.limited).toBe(true);
    const order = found.list.map((item) => item.sutra_uid);
    const firstOf = new Map<string, number>();
    order.forEach((uid, i) => {
      if (!firstOf.has(uid)) firstOf.set(uid, i);
    });
    // Each sutra's items come together, the sutras in catalogue order.
    for (const [uid, first] of firstOf)
      expect(order.lastIndexOf(uid) - first + 1).toBe(order.filter((u) => u === uid).length);
    // The starter canon's T works are numbered in volume order.
    const sutras = [...firstOf.keys()];
    expect(sutras.length).toBeGreaterThan(2);
    expect(sutras).toEqual([...sutras].sort());
  });

  it("refuses a bad value of the option with 400", async () => {
    for (const in_readings of ["yes", "true", 1, null, [true]]) {
      for (const path of ["search", "match_count"]) {
        const reply = parse(await inject({ keyword: "佛", in_readings }, path));
        expect(reply, `${path} ${JSON.stringify(in_readings)}`).toMatchObject({ statusCode: 400, code: 400 });
        expect(reply.msg).toContain("in_readings");
      }
    }
  });
});

describe("search in the readings on both databases", () => {
  it.runIf(testDialects().length > 1)("gives the same answers", () => {
    const [first, second] = [...answers.values()];
    expect(first?.length).toBeGreaterThan(0);
    expect(second).toEqual(first);
  });
});
