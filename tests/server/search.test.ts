import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sutra } from "../../contract/canon.ts";
import type { HitStats, SearchItem, SearchRequest, SearchResult } from "../../contract/search.ts";
import { createKeywordReader } from "../../contract/search-keyword.ts";
import { buildSnippets } from "../../contract/search-snippets.ts";
import { createSearchFolding, variantPairsOfGaiji } from "../../contract/search-tokenizer.ts";
import type { TxtType } from "../../contract/tripitaka.ts";
import { testDialects } from "../support/databases.ts";
import { type AuthHarness, accessToken, bearer, parse, registerUser, startAuthApp } from "./auth-setup.ts";
import {
  countIn,
  expectedCounts,
  type ScannedReel,
  scanTexts,
  storedFolding,
  wholeReelText,
} from "./search-scan.ts";

/** Answers of both databases to the same searches, compared at the end. */
const answers = new Map<string, string[]>();

describe.each(testDialects())("full-canon search on %s", (dialect) => {
  let h: AuthHarness;
  let token: string;
  let sutras: Map<string, Sutra>;
  const texts = new Map<TxtType, ScannedReel[]>();
  let fold: (text: string) => string;
  let gaiji: { pua: number; uni_char: string | null; norm_char: string | null }[];
  const record: string[] = [];

  beforeAll(async () => {
    h = await startAuthApp(dialect, {}, { withCanon: true });
    await registerUser(h, { username: "searcher", contact: "searcher@example.org", password: "abc123" });
    token = await accessToken(h, "searcher", "abc123");
    for (const txtType of ["ori_txt", "uni_txt", "std_txt", "sim_txt"] as const)
      texts.set(txtType, await scanTexts(h.database.canon.db, "TS", txtType));
    ({ fold, rows: gaiji } = await storedFolding(h.database.canon.db));
    const all = parse(await h.app.inject({ method: "GET", url: "/v1/tripitaka/TS/sutra/all" }));
    sutras = new Map((all.result as { sutras: Sutra[] }).sutras.map((s) => [s.uid, s]));
  });
  afterAll(async () => {
    answers.set(dialect, record);
    await h.close();
  });

  const post = async (path: "search" | "match_count", body: SearchRequest, as?: string) =>
    parse(
      await h.app.inject({
        method: "POST",
        url: `/v1/tripitaka/TS/${path}`,
        payload: body,
        ...(as ? { headers: bearer(as) } : {}),
      }),
    );
  const search = async (body: SearchRequest, as?: string): Promise<SearchResult> => {
    const reply = await post("search", { page_size: 100, ...body }, as);
    expect(reply, JSON.stringify(body)).toMatchObject({ statusCode: 200, code: 0 });
    const result = reply.result as SearchResult;
    record.push(JSON.stringify(result));
    return result;
  };
  const countsOf = (list: SearchItem[]) => new Map(list.map((item) => [item.reel_uid, item.keyword_count]));
  const reels = (txtType: TxtType) => texts.get(txtType) as ScannedReel[];

  it("finds exact keywords where a plain scan of the stored text finds them", async () => {
    const std = reels("std_txt");
    // A keyword running over a line break: the last two chars of a line and the first two of the next.
    const lines = await h.database.canon.db
      .selectFrom("line")
      .select("std_txt")
      .where("reel_uid", "=", "TS0262_1")
      .orderBy("reel_seq")
      .execute();
    const han = /^\p{Script=Han}+$/u;
    const index = lines.findIndex((l, i) => {
      const next = lines[i + 1]?.std_txt ?? "";
      return han.test(l.std_txt.slice(-2)) && han.test(next.slice(0, 2)) && i > 10;
    });
    const across = (lines[index]?.std_txt.slice(-2) ?? "") + (lines[index + 1]?.std_txt.slice(0, 2) ?? "");
    expect(across).toMatch(/^\p{Script=Han}{4}$/u);
    for (const keyword of ["菩薩", "佛", "如是我聞", "般若波羅蜜多", "世尊我今", across]) {
      const result = await search({ keyword, search_mode: "exact", txt_type: "std_txt", trans_mode: "none" });
      const expected = expectedCounts(std, [keyword]);
      expect(countsOf(result.list), keyword).toEqual(expected);
      expect(result.stats.reels_count).toBe(expected.size);
      expect(result.stats.keyword_count).toBe([...expected.values()].reduce((a, b) => a + b, 0));
      expect(result.total).toBe(expected.size);
      expect(result.limited).toBe(false);
    }
  });

  it("searches each text type in its own text", async () => {
    const ori = reels("ori_txt");
    const oriText = ori.map((r) => r.text).join("");
    const normalised = new Map(
      gaiji.filter((g) => !g.uni_char && g.norm_char).map((g) => [g.pua, g.norm_char]),
    );
    const pua = Array.from(oriText).find((ch) => normalised.has(ch.codePointAt(0) as number));
    expect(pua).toBeDefined();
    const at = oriText.indexOf(pua as string);
    const oriKeyword = oriText.slice(at, at + 3);
    const norm = normalised.get((pua as string).codePointAt(0) as number) as string;
    const uniKeyword = norm + oriText.slice(at + 2, at + 3);
    const cases: [TxtType, string][] = [
      ["ori_txt", oriKeyword],
      ["uni_txt", uniKeyword],
      ["uni_txt", "為"],
      ["std_txt", "爲"],
      ["sim_txt", "菩萨"],
    ];
    for (const [txtType, keyword] of cases) {
      const result = await search({ keyword, search_mode: "exact", txt_type: txtType, trans_mode: "none" });
      const expected = expectedCounts(reels(txtType), [keyword]);
      expect(expected.size, `${txtType} ${keyword}`).toBeGreaterThan(0);
      expect(countsOf(result.list), `${txtType} ${keyword}`).toEqual(expected);
    }
  });

  it("converts the keyword to the text type unless it starts with =", async () => {
    const traditional = await search({ keyword: "衆生", search_mode: "exact" });
    expect(traditional.stats.keyword_count).toBeGreaterThan(0);
    const simplified = await search({ keyword: "众生", search_mode: "exact" });
    expect(countsOf(simplified.list)).toEqual(countsOf(traditional.list));
    expect((await search({ keyword: "=众生", search_mode: "exact" })).total).toBe(0);
    const inSimplified = await search({ keyword: "眾生", search_mode: "exact", txt_type: "sim_txt" });
    expect(countsOf(inSimplified.list)).toEqual(expectedCounts(reels("sim_txt"), ["众生"]));
  });

  it("folds variants and scripts in fuzzy mode, and ANDs the terms", async () => {
    const std = reels("std_txt");
    const folded = std.map((r) => ({ ...r, text: fold(r.text) }));
    for (const keyword of ["众生", "咒", "呪", "说法 菩萨", "如來 眾生 涅槃"]) {
      const terms = keyword.split(" ");
      const result = await search({ keyword, search_mode: "fuzzy", txt_type: "std_txt" });
      expect(countsOf(result.list), keyword).toEqual(expectedCounts(folded, terms.map(fold)));
    }
    // The variant 呪 (folded with 咒 by the gaiji data) is found only by the fuzzy search.
    const exact = await search({ keyword: "=咒", search_mode: "exact" });
    const fuzzy = await search({ keyword: "=咒", search_mode: "fuzzy" });
    const text = std.map((r) => r.text).join("");
    expect(exact.stats.keyword_count).toBe(countIn(text, "咒"));
    expect(fuzzy.stats.keyword_count).toBe(countIn(text, "咒") + countIn(text, "呪"));
  });

  it("marks hits in snippets cut from the requested text type", async () => {
    const exact = await search({ keyword: "菩薩", search_mode: "exact" });
    for (const item of exact.list) {
      expect(item.txts.length).toBeGreaterThan(0);
      for (const snippet of item.txts) {
        expect(snippet.cid.startsWith("TS_")).toBe(true);
        expect(snippet.highlights.length).toBeGreaterThan(0);
        for (const mark of snippet.highlights) {
          expect(mark.kind).toBe("full");
          expect(snippet.text.slice(mark.start, mark.end).replace(/[\s\p{P}]/gu, "")).toMatch(/^(菩薩)+$/);
        }
      }
    }
    const cid = exact.list[0]?.txts[0]?.cid as string;
    const [pageUid, lineNo] = [
      cid.slice(0, cid.lastIndexOf(".")),
      Number(cid.slice(cid.lastIndexOf(".") + 1)),
    ];
    const line = await h.database.canon.db
      .selectFrom("line")
      .select(["std_txt", "reel_uid"])
      .where("page_uid", "=", pageUid)
      .where("line_no", "=", lineNo)
      .executeTakeFirstOrThrow();
    expect(line.reel_uid).toBe(exact.list[0]?.reel_uid);
    expect(line.std_txt).toContain("菩");

    // Every snippet of a long page names the line its first hit starts on, whether its reel was
    // read in part or whole.
    const many = await search({ keyword: "如是", search_mode: "exact", page_size: 50 });
    expect(many.list.length).toBeGreaterThan(5);
    for (const item of many.list) {
      for (const snippet of item.txts) {
        const at = snippet.cid.lastIndexOf(".");
        const row = await h.database.canon.db
          .selectFrom("line")
          .select(["std_txt", "reel_uid"])
          .where("page_uid", "=", snippet.cid.slice(0, at))
          .where("line_no", "=", Number(snippet.cid.slice(at + 1)))
          .executeTakeFirstOrThrow();
        expect(row.reel_uid).toBe(item.reel_uid);
        const first = snippet.highlights[0] as { start: number };
        expect(row.std_txt, snippet.cid).toContain(snippet.text.charAt(first.start));
      }
    }

    const kinds = async (keyword: string) =>
      new Set(
        (await search({ keyword, search_mode: "fuzzy", trans_mode: "none" })).list.flatMap((i) =>
          i.txts.flatMap((t) => t.highlights.map((m) => m.kind)),
        ),
      );
    expect(await kinds("衆生")).toEqual(new Set(["segment"]));
    expect(await kinds("众生")).toEqual(new Set(["char"]));
    const simplified = await search({ keyword: "菩萨", search_mode: "exact", txt_type: "sim_txt" });
    expect(simplified.list[0]?.txts[0]?.text).toMatch(/菩萨/);
  });

  it("cuts each reel's snippets as from its whole text, however much of it was read", async () => {
    const folding = createSearchFolding(variantPairsOfGaiji(gaiji));
    const readKeyword = createKeywordReader(folding);
    // Dense and sparse keywords, so reels are settled by their windows, by their first lines, by
    // later reads and whole; in each text type and in fuzzy mode.
    const searches = [
      ...["如是", "佛言", "舍利弗", "般若波羅蜜多", "阿耨多羅三藐三菩提", "不"].map((keyword) => ({
        keyword,
        search_mode: "exact" as const,
        txt_type: "std_txt" as const,
      })),
      { keyword: "菩薩", search_mode: "exact" as const, txt_type: "ori_txt" as const },
      { keyword: "菩薩", search_mode: "exact" as const, txt_type: "uni_txt" as const },
      { keyword: "菩萨", search_mode: "exact" as const, txt_type: "sim_txt" as const },
      { keyword: "众生", search_mode: "fuzzy" as const, txt_type: "std_txt" as const },
      { keyword: "說法", search_mode: "fuzzy" as const, txt_type: "sim_txt" as const },
    ];
    for (const { keyword, search_mode, txt_type } of searches) {
      const query = { keyword, search_mode, trans_mode: "none", txt_type } as const;
      const found = await search(query);
      expect(found.list.length, keyword).toBeGreaterThan(0);
      const plan = readKeyword(query);
      for (const item of found.list) {
        const whole = buildSnippets(
          await wholeReelText(h.database.canon.db, item.reel_uid, txt_type),
          plan,
          folding,
        );
        expect(item.txts, `${keyword} ${txt_type} ${search_mode} ${item.reel_uid}`).toEqual(whole.snippets);
      }
    }
  });

  it("filters by category, dynasty, author, sutra and the reader's groups", async () => {
    const base = await search({ keyword: "佛", search_mode: "exact" });
    const sutraOf = (item: SearchItem) => sutras.get(item.sutra_uid) as Sutra;
    const category = base.stats.filter_stats.categories[0];
    const dynasty = base.stats.filter_stats.dynasties.at(-1);
    const author = base.stats.filter_stats.authors[0];
    if (!category || !dynasty || !author) throw new Error("no statistics to filter by");

    const byCategory = await search({
      keyword: "佛",
      search_mode: "exact",
      categories: [Number(category.id)],
    });
    expect(byCategory.stats.reels_count).toBe(category.reel_num);
    expect(byCategory.stats.keyword_count).toBe(category.hit_num);
    expect(byCategory.list.every((i) => i.categories.some((c) => c.id === category.id))).toBe(true);
    // The filter's own options stay as they were, so more can be chosen.
    expect(byCategory.stats.filter_stats.categories).toEqual(base.stats.filter_stats.categories);

    const byDynasty = await search({ keyword: "佛", search_mode: "exact", dynasties: [Number(dynasty.id)] });
    expect(byDynasty.stats.reels_count).toBe(dynasty.reel_num);
    expect(byDynasty.list.every((i) => sutraOf(i).dynasties.some((d) => d.id === dynasty.id))).toBe(true);

    const byAuthor = await search({ keyword: "佛", search_mode: "exact", authors: [String(author.id)] });
    const bySimplifiedName = await search({
      keyword: "佛",
      search_mode: "exact",
      authors: [author.name.split("|")[1] as string],
    });
    expect(bySimplifiedName.stats).toEqual(byAuthor.stats);
    expect(byAuthor.stats.reels_count).toBe(author.reel_num);
    expect(
      byAuthor.list.every((i) => sutraOf(i).authors.some((a) => a.name.startsWith(`${author.id}|`))),
    ).toBe(true);

    const both = await search({
      keyword: "佛",
      search_mode: "exact",
      categories: [Number(category.id)],
      dynasties: [Number(dynasty.id)],
    });
    expect(
      both.list.every(
        (i) =>
          i.categories.some((c) => c.id === category.id) &&
          sutraOf(i).dynasties.some((d) => d.id === dynasty.id),
      ),
    ).toBe(true);

    const bySutra = await search({ keyword: "佛", search_mode: "exact", sutra_uids: ["TS0262"] });
    expect(new Set(bySutra.list.map((i) => i.sutra_uid))).toEqual(new Set(["TS0262"]));
    expect(bySutra.total).toBe(7);

    const group = { name: "誦經" };
    expect(
      parse(
        await h.app.inject({
          method: "POST",
          url: "/v1/tripitaka/TS/sutra_group",
          headers: bearer(token),
          payload: group,
        }),
      ).code,
    ).toBe(0);
    await h.app.inject({
      method: "POST",
      url: "/v1/tripitaka/TS/sutra_group/add_sutras",
      headers: bearer(token),
      payload: { name: group.name, sutra_uids: ["TS0251", "TS0366"] },
    });
    const byGroup = await search(
      { keyword: "佛", search_mode: "exact", sutra_group_names: [group.name] },
      token,
    );
    expect(new Set(byGroup.list.map((i) => i.sutra_uid))).toEqual(new Set(["TS0251", "TS0366"]));
    const signedIn = await search({ keyword: "佛", search_mode: "exact" }, token);
    expect(signedIn.stats.filter_stats.sutra_group_names).toEqual([
      {
        id: group.name,
        name: group.name,
        reel_num: byGroup.stats.reels_count,
        hit_num: byGroup.stats.keyword_count,
      },
    ]);
    expect(base.stats.filter_stats.sutra_group_names).toEqual([]);
    const anonymous = await post("search", { keyword: "佛", sutra_group_names: [group.name] });
    expect(anonymous.statusCode).toBe(401);
  });

  it("gives statistics that add up to the hits", async () => {
    const result = await search({ keyword: "菩薩 佛", search_mode: "fuzzy" });
    const stats: HitStats = result.stats;
    expect(stats.reels_count).toBe(result.list.length);
    expect(stats.keyword_count).toBe(result.list.reduce((n, i) => n + i.keyword_count, 0));
    for (const facet of ["categories", "dynasties"] as const) {
      const field = facet === "categories" ? "categories" : "dynasties";
      const unlisted = result.list.filter((i) => (sutras.get(i.sutra_uid) as Sutra)[field].length === 0);
      const options = stats.filter_stats[facet];
      expect(options.reduce((n, o) => n + o.reel_num, 0) + unlisted.length, facet).toBe(stats.reels_count);
      expect(
        options.reduce((n, o) => n + o.hit_num, 0) + unlisted.reduce((n, i) => n + i.keyword_count, 0),
        facet,
      ).toBe(stats.keyword_count);
    }
    const matchCount = await post("match_count", { keyword: "菩薩 佛", search_mode: "fuzzy" });
    expect(matchCount.result).toEqual(stats);
  });

  it("sorts by hits, years and sutra, both ways", async () => {
    const sortedBy = async (sort_by: SearchRequest["sort_by"]) =>
      (await search({ keyword: "佛", search_mode: "exact", sort_by })).list;
    const order = [...sutras.keys()];
    const rank = (i: SearchItem) => order.indexOf(i.sutra_uid) * 1000 + Number(i.reel_uid.split("_")[1]);
    const ascending = (values: number[]) => values.every((v, i) => i === 0 || (values[i - 1] as number) <= v);
    const years = (list: SearchItem[], key: "start_year" | "end_year", sign: 1 | -1) =>
      list.filter((i) => i[key] !== null).map((i) => sign * (i[key] as number));
    expect(ascending((await sortedBy("hit")).map((i) => i.keyword_count))).toBe(true);
    const relevance = await sortedBy("-hit");
    expect(ascending(relevance.map((i) => -i.keyword_count))).toBe(true);
    expect((await search({ keyword: "佛", search_mode: "exact" })).list).toEqual(relevance);
    for (const key of ["start_year", "end_year"] as const) {
      const up = await sortedBy(key);
      const down = await sortedBy(`-${key}`);
      expect(ascending(years(up, key, 1))).toBe(true);
      expect(ascending(years(down, key, -1))).toBe(true);
      expect(up.at(-1)?.[key] === null || up.every((i) => i[key] !== null)).toBe(true);
    }
    expect(ascending((await sortedBy("sutra_uid")).map(rank))).toBe(true);
    expect(ascending((await sortedBy("-sutra_uid")).map((i) => -rank(i)))).toBe(true);
  });

  it("pages through the reels, 20 by default", async () => {
    const all = await search({ keyword: "佛", search_mode: "exact", sort_by: "sutra_uid" });
    const first = parse(
      await h.app.inject({
        method: "POST",
        url: "/v1/tripitaka/TS/search",
        payload: { keyword: "佛", search_mode: "exact", sort_by: "sutra_uid" },
      }),
    );
    const page1 = first.result as SearchResult;
    expect(page1.page_size).toBe(20);
    expect(page1.list.map((i) => i.reel_uid)).toEqual(all.list.slice(0, 20).map((i) => i.reel_uid));
    const page2 = await search({
      keyword: "佛",
      search_mode: "exact",
      sort_by: "sutra_uid",
      page_no: 2,
      page_size: 10,
    });
    expect(page2.list.map((i) => i.reel_uid)).toEqual(all.list.slice(10, 20).map((i) => i.reel_uid));
    expect(page2.total).toBe(all.total);
    const beyond = await search({ keyword: "佛", search_mode: "exact", page_no: 9 });
    expect(beyond.list).toEqual([]);
  });

  it("answers 400 for an empty or too long keyword and 404 for an unknown tripitaka", async () => {
    for (const keyword of ["", "   ", "佛".repeat(501)]) {
      const reply = await post("search", { keyword });
      expect(reply, keyword.slice(0, 3)).toMatchObject({ statusCode: 400, code: 400 });
      expect((await post("match_count", { keyword })).statusCode).toBe(400);
    }
    expect((await post("search", { keyword: "佛", page_size: 15 })).statusCode).toBe(400);
    expect((await post("search", { keyword: "佛".repeat(500) })).statusCode).toBe(200);
    const reply = parse(
      await h.app.inject({ method: "POST", url: "/v1/tripitaka/ZZ/search", payload: { keyword: "佛" } }),
    );
    expect(reply.statusCode).toBe(404);
    await h.database.canon.db
      .insertInto("tripitaka")
      .values({
        uid: "ZZ",
        name_sim: "新藏",
        name_trad: "新藏",
        short_name: "新",
        store_mode: "txt",
        img_ready: 0,
        img_suffix: "",
        cbeta_collection: null,
        is_listed: 0,
        sn: 99,
      })
      .execute();
    const added = await h.app.inject({
      method: "POST",
      url: "/v1/tripitaka/ZZ/search",
      payload: { keyword: "佛" },
    });
    expect(added.statusCode, "a tripitaka not found once is looked up again").toBe(200);
    expect(parse(added).result).toMatchObject({ total: 0, list: [] });
    const nothing = await search({ keyword: "，。" });
    expect(nothing).toMatchObject({ total: 0, list: [], stats: { reels_count: 0, keyword_count: 0 } });
  });

  it("records each search in the operation log with its keyword", async () => {
    await h.app.oplogWriter.flush();
    const before = await h.database.canon.db
      .selectFrom("oplog")
      .select("extra")
      .where("event_id", "=", "FULLTEXT_SEARCH")
      .execute();
    await post("search", { keyword: "觀自在", page_no: 1 }, token);
    await post("search", { keyword: "觀自在", page_no: 2 }, token);
    await post("match_count", { keyword: "觀自在" }, token);
    await h.app.oplogWriter.flush();
    const after = await h.database.canon.db
      .selectFrom("oplog")
      .select(["extra", "user_id", "tripitaka_uid"])
      .where("event_id", "=", "FULLTEXT_SEARCH")
      .orderBy("id")
      .execute();
    expect(after.length).toBe(before.length + 1);
    expect(JSON.parse(after.at(-1)?.extra ?? "{}")).toMatchObject({ keyword: "觀自在" });
    expect(after.at(-1)?.tripitaka_uid).toBe("TS");
    expect(after.at(-1)?.user_id).not.toBeNull();
  });
});

describe("search on both databases", () => {
  it.runIf(testDialects().length > 1)("gives the same answers", () => {
    const [first, second] = [...answers.values()];
    expect(first?.length).toBeGreaterThan(0);
    expect(second).toEqual(first);
  });
});
