/**
 * Search in the readings (contract/search-readings.ts): which hits count as a reading's, and the
 * offline search worker answering the readings section exactly as the server's function does over
 * the same Diamond sutra, prepared as the importer prepares it (search-readings-fixture.ts).
 */
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readingsFormOf } from "../../contract/apparatus-witnesses.ts";
import type { ReadingsResult, SearchRequest } from "../../contract/search.ts";
import { searchBody } from "../../contract/search.ts";
import { createKeywordReader } from "../../contract/search-keyword.ts";
import {
  type ReadingCandidate,
  readingHighlights,
  readingsKeywordQuery,
  readingsSection,
} from "../../contract/search-readings.ts";
import { createSearchFolding } from "../../contract/search-tokenizer.ts";
import type { TxtType } from "../../contract/tripitaka.ts";
import { readingsOfRows } from "../../server/modules/search/reading-search.ts";
import { witnessLabel } from "../../src/features/search/witnesses.ts";
import { type Library, openLibrary } from "../../workers/search/databases.ts";
import { createSearchEngine, type SearchEngine } from "../../workers/search/engine.ts";
import { readRequest } from "../../workers/search/request.ts";
import { CATEGORY, type DiamondFixture, DYNASTY, diamondFixture } from "./search-readings-fixture.ts";

describe("a hit in a fragment", () => {
  // 「應云何住」 as the Ming edition reads it: 云何應 in place of 應云何 (住 is the same).
  const fragment = { text: "菩提心，云何應住？云何降伏", spans: [[4, 7]] as [number, number][] };
  it.each([
    ["云何應住", [{ start: 4, end: 8, kind: "full" }]],
    ["心云何", [{ start: 2, end: 6, kind: "full" }]],
    ["應住云何", [{ start: 6, end: 11, kind: "full" }]],
    ["住云何", []],
    ["云何降伏", []],
    ["菩提", []],
    ["應云何", []],
  ])("%s: counts only where it touches the reading", (term, expected) => {
    expect(readingHighlights(fragment, [Array.from(term)], "full")).toEqual(expected);
  });

  it("joins overlapping hits of several terms, and finds an omission run across", () => {
    expect(readingHighlights(fragment, [Array.from("云何"), Array.from("何應住")], "segment")).toEqual([
      { start: 4, end: 8, kind: "segment" },
    ]);
    const omitted = { text: "不也世尊", spans: [[1, 1]] as [number, number][] };
    expect(readingHighlights(omitted, [Array.from("不也")], "full")).toEqual([
      { start: 0, end: 2, kind: "full" },
    ]);
    expect(readingHighlights(omitted, [Array.from("世尊")], "full")).toEqual([]);
  });

  it("lists the first of many in catalogue order and counts them all", () => {
    const sutra = (uid: string, sn: number) => ({
      uid,
      sn,
      startYear: null,
      endYear: null,
      nameSim: uid,
      nameTrad: uid,
      options: { categories: [], dynasties: [], authors: [] },
    });
    const candidate = (uid: string, sn: number, reelNo: number, seq: number): ReadingCandidate => ({
      reel_uid: `${uid}_${reelNo}`,
      reelNo,
      seq,
      reelName: String(reelNo),
      sutra: sutra(uid, sn),
      fragment: { cid: `c${seq}`, witnesses: ["宋"], text: "甲乙", spans: [[0, 1]] },
    });
    const labels = { categories: new Map(), dynasties: new Map(), authors: new Map() };
    const query = { terms: [["甲"]], kind: "full" as const };
    const all = [candidate("TS0002", 2, 1, 0), candidate("TS0001", 1, 2, 1), candidate("TS0001", 1, 2, 0)];
    const section = readingsSection(all, query, labels, [], 2);
    expect(section.list.map((item) => [item.reel_uid, item.cid])).toEqual([
      ["TS0001_2", "c0"],
      ["TS0001_2", "c1"],
    ]);
    expect(section).toMatchObject({ total: 3, limited: true });
    expect(readingsSection(all, { ...query, sutra_uids: ["TS0002"] }, labels, [], 2)).toMatchObject({
      total: 1,
      limited: false,
    });
  });

  it("is asked for with true or false only", () => {
    expect(readRequest({ keyword: "佛", in_readings: true })).toMatchObject({
      ok: true,
      query: { in_readings: true },
    });
    const bad = { keyword: "佛", in_readings: "yes" } as unknown as SearchRequest;
    expect(readRequest(bad)).toMatchObject({ ok: false, code: 400 });
    expect(searchBody.safeParse(bad).success).toBe(false);
  });
});

describe("the witnesses as the results name them", () => {
  it.each([
    ["明", "zh-CN", "【明】 明本（嘉興藏）"],
    ["明", "zh-TW", "【明】 明本（嘉興藏）"],
    ["明", "en", "【明】 Ming edition (Jiaxing)"],
    ["宮", "en", "【宮】 Imperial Household Library (Old Song)"],
    ["甲", "zh-CN", "【甲】"],
  ])("%s in %s: %s", (siglum, locale, label) => {
    expect(witnessLabel(siglum, locale)).toBe(label);
  });
});

describe("the worker's readings and the server's, over the Diamond sutra", () => {
  let fixture: DiamondFixture;
  let library: Library;
  let engine: SearchEngine;
  const readKeyword = createKeywordReader(createSearchFolding([]));

  beforeAll(async () => {
    fixture = await diamondFixture(1);
    const idb = { indexedDB: new IDBFactory(), IDBKeyRange };
    library = await openLibrary(idb);
    await library.sutras.put(fixture.sutra);
    await library.reelTexts.bulkPut(fixture.reelTexts);
    await library.apparatus.bulkPut(fixture.apparatus);
    engine = createSearchEngine({ idb, now: () => 1 });
    await engine.sync();
  }, 120_000);
  afterAll(async () => {
    await engine?.close();
    library?.close();
  });

  const server = (body: SearchRequest): ReadingsResult => {
    const query = searchBody.parse(body);
    const form = readingsFormOf(query.txt_type);
    const rows = fixture.serverRows.get(form) ?? [];
    const plan = readKeyword(readingsKeywordQuery(query, form));
    return readingsOfRows(rows, query, plan, fixture.serverCatalogue, []);
  };
  const local = async (body: SearchRequest): Promise<ReadingsResult | undefined> => {
    const answer = await engine.search({ tripitakaUid: "TS", groups: [] }, body);
    if (!answer.ok) throw new Error(answer.message);
    return answer.result.readings;
  };

  it("keeps in the library the fragments the server keeps", () => {
    const kept = fixture.apparatus.filter((row) => readingsFormOf(row.txt_type) === row.txt_type);
    expect(kept.map((row) => row.txt_type).sort()).toEqual(["sim_txt", "std_txt"]);
    for (const row of kept) {
      const rows = fixture.serverRows.get(row.txt_type) ?? [];
      expect(row.fragments.length, row.txt_type).toBeGreaterThan(10);
      expect(
        row.fragments.map((f) => [f.cid, f.witnesses.join(" "), f.text, JSON.stringify(f.spans)]),
      ).toEqual(rows.map((r) => [r.cid, r.witnesses, r.text, r.spans]));
    }
  });

  const QUERIES: SearchRequest[] = [
    { keyword: "云何應住", search_mode: "exact" },
    { keyword: "云何應住", search_mode: "fuzzy" },
    { keyword: "云何应住", txt_type: "sim_txt" },
    { keyword: "云何应住", txt_type: "std_txt" },
    { keyword: "應云何", search_mode: "exact" },
    { keyword: "不不也 云何應住", search_mode: "fuzzy" },
    { keyword: "不不也 云何應住", search_mode: "exact" },
    { keyword: "即", search_mode: "exact", txt_type: "uni_txt" },
    { keyword: "菩提", txt_type: "ori_txt" },
    { keyword: "不不也", categories: [CATEGORY.id] },
    { keyword: "不不也", categories: [CATEGORY.id + 1] },
    { keyword: "不不也", dynasties: [DYNASTY.id], authors: ["鸠摩罗什"] },
    { keyword: "不不也", sutra_uids: ["TS0262"] },
  ];

  it.each(QUERIES.map((q) => [JSON.stringify(q), q] as const))(
    "answers %s as the server",
    async (_, body) => {
      const fromServer = server({ ...body, in_readings: true });
      expect(await local({ ...body, in_readings: true })).toEqual(fromServer);
    },
  );

  it("finds something for all but the queries that must find nothing", () => {
    const empty = QUERIES.filter((q) => server({ ...q, in_readings: true }).total === 0);
    // The Taishō's own text; the exact keyword joined into one phrase; filters ruling the sutra out.
    expect(empty).toEqual([QUERIES[4], QUERIES[6], QUERIES[10], QUERIES[12]]);
  });

  it("finds the Ming edition's 云何應住 where the Taishō reads 應云何住, and not the Taishō's", async () => {
    const found = await local({ keyword: "云何應住", in_readings: true });
    expect(found?.list).toEqual([
      expect.objectContaining({
        reel_uid: "TS0235_1",
        sutra_uid: "TS0235",
        reel_name: "第1卷",
        cid: "TS_8_748c.28",
        witnesses: ["明"],
      }),
    ]);
    const item = found?.list[0];
    const at = item?.text.indexOf("云何應住") ?? -1;
    expect(item?.highlights).toEqual([{ start: at, end: at + 4, kind: "segment" }]);
    expect(await local({ keyword: "應云何", search_mode: "exact", in_readings: true })).toEqual({
      list: [],
      total: 0,
      limited: false,
    });
    const several = await local({ keyword: "不不也 云何應住", in_readings: true });
    expect(several?.total).toBeGreaterThan(2);
    expect(new Set(several?.list.flatMap((i) => i.witnesses))).toEqual(new Set(["宋", "元", "明", "宮"]));
    expect(await local({ keyword: "云何應住" })).toBeUndefined();
  });

  it("searches a reel kept without the asked form in the nearest form it has", async () => {
    const without: TxtType = "sim_txt";
    await library.apparatus
      .toCollection()
      .filter((row) => row.txt_type === without)
      .delete();
    const found = await local({ keyword: "云何应住", txt_type: without, in_readings: true });
    expect(found?.list.map((item) => [item.cid, item.text.includes("云何應住")])).toEqual([
      ["TS_8_748c.28", true],
    ]);
  });
});
