/**
 * Offline search against the server: the starter canon's TS reels, taken from the real server's
 * reel answers into an offline library on fake-indexeddb, indexed by the worker's engine; every
 * query is asked of both, and the local answer must equal the server's (reels, counts, order,
 * snippets, statistics). Then the saved index: a restart loads it without indexing a reel, and a
 * reel removed from the library loses its hits.
 */
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sutra } from "../../contract/canon.ts";
import type { StoredDownload } from "../../contract/offline-library.ts";
import type { HitStats, SearchRequest, SearchResult } from "../../contract/search.ts";
import type { SearchVariants } from "../../contract/search-variants.ts";
import type { LocalGroup, LocalScope } from "../../workers/search/api.ts";
import { type Library, openLibrary } from "../../workers/search/databases.ts";
import { createSearchEngine, type SearchEngine } from "../../workers/search/engine.ts";
import { type AuthHarness, accessToken, bearer, parse, registerUser, startAuthApp } from "./auth-setup.ts";
import { fillLibrary, getResult, tripitakaSutras } from "./offline-library-fill.ts";

const GROUP = "誦經";
const GROUP_SUTRAS = ["TS0251", "TS0366", "TS0262"];

/** Keywords of 1, 2, 4 and 8 chars, exact and fuzzy, with variant, simplified and verbatim forms. */
const QUERIES: SearchRequest[] = [
  { keyword: "佛", search_mode: "exact" },
  { keyword: "菩薩", search_mode: "exact" },
  { keyword: "般若波羅", search_mode: "exact" },
  { keyword: "觀自在菩薩行深", search_mode: "exact" },
  { keyword: "照見五蘊皆空度一", search_mode: "exact", txt_type: "std_txt" },
  { keyword: "照见五蕴皆空度一", search_mode: "fuzzy", txt_type: "sim_txt" },
  { keyword: "佛", search_mode: "fuzzy" },
  { keyword: "菩萨", search_mode: "fuzzy" },
  { keyword: "众生", search_mode: "exact" },
  { keyword: "=众生", search_mode: "exact" },
  { keyword: "呪", search_mode: "fuzzy" },
  { keyword: "=咒", search_mode: "fuzzy" },
  { keyword: "说法 菩萨", search_mode: "fuzzy" },
  { keyword: "如來 眾生 涅槃", search_mode: "fuzzy", txt_type: "sim_txt" },
  { keyword: "般若波罗蜜多心经", search_mode: "fuzzy" },
  { keyword: "菩萨", search_mode: "exact", txt_type: "sim_txt" },
  { keyword: "如是我聞", search_mode: "exact", txt_type: "uni_txt" },
  { keyword: "世尊", search_mode: "exact", txt_type: "ori_txt", trans_mode: "none" },
  { keyword: "佛", search_mode: "exact", sort_by: "sutra_uid" },
  { keyword: "佛", search_mode: "exact", sort_by: "-start_year", page_no: 2, page_size: 10 },
  { keyword: "佛", search_mode: "exact", sort_by: "end_year" },
  { keyword: "佛", search_mode: "exact", sort_by: "hit", page_size: 10 },
  { keyword: "佛", search_mode: "exact", sutra_uids: ["TS0262", "TS2059"] },
  { keyword: "菩薩", search_mode: "fuzzy", sutra_group_names: [GROUP] },
  { keyword: "無所得", search_mode: "exact", page_no: 30 },
  { keyword: "無此經文之字句", search_mode: "exact" },
];

const lotusDownload = (at: number): StoredDownload => ({
  id: "TS:sutra:TS0262",
  tripitaka_uid: "TS",
  scope: { kind: "sutra", sutra_uid: "TS0262" },
  label: "妙法莲华经|妙法蓮華經",
  txt_types: ["ori_txt", "uni_txt", "std_txt", "sim_txt"],
  with_images: false,
  status: "complete",
  bytes_planned: 1,
  bytes_stored: 1,
  items_total: 1,
  items_done: 1,
  error: null,
  created_at: at,
  updated_at: at,
});

describe("offline search on the starter canon", () => {
  let h: AuthHarness;
  let token: string;
  let sutras: Sutra[];
  let variants: SearchVariants;
  let groups: LocalGroup[];
  let idb: IDBFactory;
  let library: Library;
  let engine: SearchEngine;
  let clock = 1_000;
  const now = () => clock;
  const scope = (): LocalScope => ({ tripitakaUid: "TS", groups });
  const start = () => createSearchEngine({ idb: { indexedDB: idb, IDBKeyRange }, now });

  beforeAll(async () => {
    h = await startAuthApp("sqlite", {}, { withCanon: true });
    await registerUser(h, { username: "offline", contact: "offline@example.org", password: "abc123" });
    token = await accessToken(h, "offline", "abc123");
    const headers = bearer(token);
    await h.app.inject({
      method: "POST",
      url: "/v1/tripitaka/TS/sutra_group",
      headers,
      payload: { name: GROUP },
    });
    await h.app.inject({
      method: "POST",
      url: "/v1/tripitaka/TS/sutra_group/add_sutras",
      headers,
      payload: { name: GROUP, sutra_uids: GROUP_SUTRAS },
    });
    const mine = parse(
      await h.app.inject({ method: "GET", url: "/v1/tripitaka/TS/sutra_group/all", headers }),
    );
    groups = (mine.result as { name: string; sutra_uids: string[] }[]).map((g) => ({
      name: g.name,
      sutra_uids: g.sutra_uids,
    }));
    sutras = await tripitakaSutras(h.app, "TS");
    variants = await getResult<SearchVariants>(h.app, "/v1/search/variants");
    idb = new IDBFactory();
    library = await openLibrary({ indexedDB: idb, IDBKeyRange });
    await fillLibrary(library, h.app, sutras, ["ori_txt", "uni_txt", "std_txt", "sim_txt"], clock);
    engine = start();
    await engine.sync({ hash: variants.hash, pairs: variants.pairs ?? [] });
  }, 240_000);
  afterAll(async () => {
    await engine?.close();
    library?.close();
    await h?.close();
  });

  const server = async <T>(path: "search" | "match_count", body: SearchRequest): Promise<T> => {
    const reply = parse(
      await h.app.inject({
        method: "POST",
        url: `/v1/tripitaka/TS/${path}`,
        payload: body,
        headers: bearer(token),
      }),
    );
    expect(reply, JSON.stringify(body)).toMatchObject({ statusCode: 200, code: 0 });
    return reply.result as T;
  };
  const local = async (body: SearchRequest): Promise<SearchResult> => {
    const answer = await engine.search(scope(), body);
    if (!answer.ok) throw new Error(`${JSON.stringify(body)}: ${answer.message}`);
    return answer.result;
  };

  it("serves the server's variant pairs, and none when the client's are current", async () => {
    expect(variants.pairs?.length).toBeGreaterThan(1000);
    const again = await getResult<SearchVariants>(h.app, `/v1/search/variants?known=${variants.hash}`);
    expect(again).toEqual({ hash: variants.hash, pairs: null });
    expect((await engine.status()).variants).toBe(variants.hash);
  });

  it("indexes every reel of the library", async () => {
    const reels = sutras.reduce((n, s) => n + s.reel_uids.length, 0);
    expect(reels).toBeGreaterThan(20);
    expect(await engine.status()).toMatchObject({ state: "ready", reels, tripitakas: { TS: reels } });
  });

  it.each(QUERIES.map((q) => [JSON.stringify(q), q] as const))(
    "answers %s as the server does",
    async (_, body) => {
      const [fromServer, fromLocal] = await Promise.all([server<SearchResult>("search", body), local(body)]);
      expect(fromLocal).toEqual(fromServer);
    },
  );

  it("finds something for most queries, so the comparison means something", async () => {
    const found = await Promise.all(QUERIES.map(async (q) => (await local(q)).stats.reels_count));
    // Only "=众生" (simplified, unconverted, in traditional text) and the made-up phrase find nothing.
    expect(found.filter((n) => n === 0)).toHaveLength(2);
  });

  it("counts statistics with each filter as the server does", async () => {
    const base = await server<SearchResult>("search", { keyword: "佛", search_mode: "exact" });
    const { categories, dynasties, authors } = base.stats.filter_stats;
    expect(categories.length * dynasties.length * authors.length).toBeGreaterThan(0);
    const bodies: SearchRequest[] = [
      { keyword: "佛", categories: [Number(categories[0]?.id)] },
      { keyword: "佛", dynasties: [Number(dynasties[0]?.id)], authors: [String(authors[0]?.id)] },
      {
        keyword: "如來 佛",
        search_mode: "fuzzy",
        categories: [Number(categories.at(-1)?.id)],
        dynasties: [99999],
      },
      { keyword: "菩薩", authors: [String(authors.at(-1)?.name)], sutra_group_names: [GROUP] },
    ];
    for (const body of bodies) {
      const fromServer = await server<HitStats>("match_count", body);
      const answer = await engine.matchCount(scope(), body);
      expect(answer, JSON.stringify(body)).toEqual({ ok: true, result: fromServer });
      expect(await local(body)).toEqual(await server<SearchResult>("search", body));
    }
  });

  it("refuses what the server refuses with 400", async () => {
    for (const body of [{ keyword: "   " }, { keyword: "佛".repeat(501) }, { keyword: "佛", page_size: 7 }]) {
      const answer = await engine.search(scope(), body);
      expect(answer).toMatchObject({ ok: false, code: 400 });
      const reply = parse(
        await h.app.inject({ method: "POST", url: "/v1/tripitaka/TS/search", payload: body }),
      );
      expect(reply.statusCode).toBe(400);
    }
  });

  it("loads the saved index after a restart without indexing anything again", async () => {
    const before = await local({ keyword: "菩薩", search_mode: "fuzzy" });
    const reels = (await engine.status()).reels;
    await engine.close();
    engine = start();
    const loaded = await engine.status();
    expect(loaded.work).toEqual({ loaded: reels, indexed: 0, dropped: 0, segmentsBuilt: 0 });
    expect(await local({ keyword: "菩薩", search_mode: "fuzzy" })).toEqual(before);
    clock += 1_000;
    const synced = await engine.sync();
    expect(synced.work).toEqual({ loaded: reels, indexed: 0, dropped: 0, segmentsBuilt: 0 });
  });

  it("drops a removed reel's hits and indexes a reel added again", async () => {
    const removed = "TS0262_2";
    const before = await local({ keyword: "佛", search_mode: "exact", page_size: 100 });
    const itsHits = before.list.find((item) => item.reel_uid === removed)?.keyword_count ?? 0;
    expect(itsHits).toBeGreaterThan(0);
    await library.reelTexts.where("reel_uid").equals(removed).delete();
    clock += 1_000;
    const afterRemoval = await engine.sync();
    expect(afterRemoval.work).toMatchObject({ dropped: 1, indexed: 0 });
    const after = await local({ keyword: "佛", search_mode: "exact", page_size: 100 });
    expect(after.list.map((item) => item.reel_uid)).not.toContain(removed);
    expect(after.stats.keyword_count).toBe(before.stats.keyword_count - itsHits);

    // The sutra downloaded again: its download changed, its rows carry a new stored_at.
    const lotus = sutras.filter((s) => s.uid === "TS0262");
    const reelUids = lotus.flatMap((s) => s.reel_uids.map(([uid]) => uid));
    clock += 1_000;
    await fillLibrary(library, h.app, lotus, ["ori_txt", "uni_txt", "std_txt", "sim_txt"], clock);
    await library.downloads.put(lotusDownload(clock));
    await library.downloadItems.bulkPut(
      reelUids.map((uid) => ({
        download_id: "TS:sutra:TS0262",
        key: `reel_text:${uid}:std_txt`,
        kind: "reel_text" as const,
        state: "done" as const,
        bytes: 1,
      })),
    );
    const refilled = await engine.sync();
    expect(refilled.work).toMatchObject({ indexed: reelUids.length, dropped: reelUids.length });
    expect(await local({ keyword: "佛", search_mode: "exact", page_size: 100 })).toEqual(
      await server<SearchResult>("search", { keyword: "佛", search_mode: "exact", page_size: 100 }),
    );
  });
});

describe("offline search of a library holding one text form", () => {
  let h: AuthHarness;
  let engine: SearchEngine;
  let library: Library;

  beforeAll(async () => {
    h = await startAuthApp("sqlite", {}, { withCanon: true });
    const idb = new IDBFactory();
    library = await openLibrary({ indexedDB: idb, IDBKeyRange });
    const sutras = (await tripitakaSutras(h.app, "TS")).filter((s) => ["TS0251", "TS0262"].includes(s.uid));
    await fillLibrary(library, h.app, sutras, ["std_txt"], 1);
    const variants = await getResult<SearchVariants>(h.app, "/v1/search/variants");
    engine = createSearchEngine({ idb: { indexedDB: idb, IDBKeyRange }, now: () => 1 });
    await engine.sync({ hash: variants.hash, pairs: variants.pairs ?? [] });
  }, 120_000);
  afterAll(async () => {
    await engine?.close();
    library?.close();
    await h?.close();
  });

  it("searches another form in the one it has, the keyword converted to it", async () => {
    for (const body of [
      { keyword: "菩萨", search_mode: "exact", txt_type: "sim_txt" },
      { keyword: "观自在", search_mode: "fuzzy", txt_type: "sim_txt" },
    ] satisfies SearchRequest[]) {
      const scoped = { ...body, sutra_uids: ["TS0251", "TS0262"] };
      const reply = parse(
        await h.app.inject({ method: "POST", url: "/v1/tripitaka/TS/search", payload: scoped }),
      );
      const fromServer = reply.result as SearchResult;
      const answer = await engine.search({ tripitakaUid: "TS", groups: [] }, scoped);
      if (!answer.ok) throw new Error(answer.message);
      const counts = (r: SearchResult) => r.list.map((i) => [i.reel_uid, i.keyword_count, i.reel_name]);
      expect(fromServer.total).toBeGreaterThan(0);
      expect(counts(answer.result)).toEqual(counts(fromServer));
      expect(answer.result.stats).toEqual(fromServer.stats);
      // Snippets come from the stored traditional text.
      expect(answer.result.list[0]?.txts[0]?.text).toMatch(/菩薩|觀自在/);
    }
  });
});
