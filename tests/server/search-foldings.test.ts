/**
 * Explainable fuzzy search on the starter canon: each fuzzy snippet names the foldings its hits
 * needed (variant, trad_sim, gaiji), worked out from the text it shows; a folding switched off
 * (`foldings_off`) is left out of matching, so the reels and counts are those a plain scan of the
 * requested text form finds with the other foldings, on SQLite and PostgreSQL alike. Then the
 * offline worker's engine over the same reels gives the same answers, foldings included.
 */
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchRequest, SearchResult } from "../../contract/search.ts";
import { type Folding, foldingsOn } from "../../contract/search-options.ts";
import {
  createSearchFolding,
  type SearchFolding,
  variantPairsOfGaiji,
} from "../../contract/search-tokenizer.ts";
import type { SearchVariants } from "../../contract/search-variants.ts";
import type { TxtType } from "../../contract/tripitaka.ts";
import { openLibrary } from "../../workers/search/databases.ts";
import { createSearchEngine, type SearchEngine } from "../../workers/search/engine.ts";
import { testDialects } from "../support/databases.ts";
import { type AuthHarness, parse, startAuthApp } from "./auth-setup.ts";
import { fillLibrary, getResult, tripitakaSutras } from "./offline-library-fill.ts";
import { countIn, type ScannedReel, scanTexts } from "./search-scan.ts";

/** Keywords whose fuzzy hits need each folding in the starter canon's TS texts. */
const CASES: { keyword: string; txt_type: TxtType; needs: Folding }[] = [
  // 呪 and 咒 are joined by the gaiji data's Unicode variant and normalised form.
  { keyword: "呪", txt_type: "std_txt", needs: "variant" },
  // 于 and 於 by OpenCC's traditional → simplified table.
  { keyword: "於", txt_type: "std_txt", needs: "trad_sim" },
  // 䂮 is printed as a private-use char (CB gaiji) whose normalised form it is.
  { keyword: "䂮", txt_type: "ori_txt", needs: "gaiji" },
];

/** Answers of both databases, compared at the end. */
const answers = new Map<string, string[]>();

describe.each(testDialects())("fuzzy search foldings on %s", (dialect) => {
  let h: AuthHarness;
  let folding: SearchFolding;
  const texts = new Map<TxtType, ScannedReel[]>();
  const record: string[] = [];

  beforeAll(async () => {
    h = await startAuthApp(dialect, {}, { withCanon: true });
    for (const txtType of ["ori_txt", "std_txt", "sim_txt"] as const)
      texts.set(txtType, await scanTexts(h.database.canon.db, "TS", txtType));
    const rows = await h.database.canon.db
      .selectFrom("gaiji")
      .select(["pua", "uni_char", "norm_char"])
      .execute();
    folding = createSearchFolding(variantPairsOfGaiji(rows));
  });
  afterAll(async () => {
    answers.set(dialect, record);
    await h.close();
  });

  const post = async (path: "search" | "match_count", body: SearchRequest) =>
    parse(await h.app.inject({ method: "POST", url: `/v1/tripitaka/TS/${path}`, payload: body }));
  const search = async (body: SearchRequest): Promise<SearchResult> => {
    const reply = await post("search", { page_size: 100, search_mode: "fuzzy", ...body });
    expect(reply, JSON.stringify(body)).toMatchObject({ statusCode: 200, code: 0 });
    record.push(JSON.stringify(reply.result));
    return reply.result as SearchResult;
  };

  /** Reel → places, by a plain scan of the form folded with the foldings in use. */
  const scanned = (keyword: string, txtType: TxtType, off: Folding[]): Map<string, number> => {
    const used = folding.only(foldingsOn(off));
    const needle = used.fold(Array.from(keyword)).join("");
    const out = new Map<string, number>();
    for (const reel of texts.get(txtType) ?? []) {
      const n = countIn(used.fold(Array.from(reel.text)).join(""), needle);
      if (n > 0) out.set(reel.reelUid, n);
    }
    return out;
  };
  const countsOf = (result: SearchResult) => new Map(result.list.map((i) => [i.reel_uid, i.keyword_count]));
  const snippetFoldings = (result: SearchResult) => result.list.flatMap((i) => i.txts.map((s) => s.foldings));

  it.each(CASES)("names $needs on the snippets whose hits need it ($keyword)", async (c) => {
    const result = await search({ keyword: c.keyword, txt_type: c.txt_type });
    const foldings = snippetFoldings(result);
    expect(foldings.every((list) => Array.isArray(list))).toBe(true);
    expect(foldings.some((list) => list?.includes(c.needs))).toBe(true);
    // A snippet needs a folding exactly when a hit in it does not read as the keyword.
    for (const item of result.list) {
      for (const snippet of item.txts) {
        const folded = snippet.highlights.some((mark) => mark.kind === "char");
        expect((snippet.foldings?.length ?? 0) > 0, snippet.text).toBe(folded);
      }
    }
    expect(countsOf(result)).toEqual(scanned(c.keyword, c.txt_type, []));
  });

  it.each(CASES)("leaves $needs out when it is switched off ($keyword)", async (c) => {
    const all = await search({ keyword: c.keyword, txt_type: c.txt_type });
    const off = await search({ keyword: c.keyword, txt_type: c.txt_type, foldings_off: [c.needs] });
    const expected = scanned(c.keyword, c.txt_type, [c.needs]);
    expect(countsOf(off)).toEqual(expected);
    expect(off.stats.keyword_count).toBeLessThan(all.stats.keyword_count);
    expect(off.stats.keyword_count).toBe([...expected.values()].reduce((a, b) => a + b, 0));
    expect(snippetFoldings(off).some((list) => list?.includes(c.needs))).toBe(false);
    const counted = await post("match_count", {
      keyword: c.keyword,
      txt_type: c.txt_type,
      foldings_off: [c.needs],
    });
    expect(counted.result).toEqual(off.stats);
  });

  it("switches several foldings off, in simplified text too", async () => {
    for (const [keyword, txtType] of [
      ["于是 佛", "sim_txt"],
      ["發心", "std_txt"],
    ] as const) {
      for (const off of [
        ["trad_sim", "variant"],
        ["variant", "trad_sim", "gaiji"],
      ] as Folding[][]) {
        const result = await search({ keyword, txt_type: txtType, foldings_off: off });
        const terms = keyword.split(" ").map((term) => scanned(term, txtType, off));
        const both = new Map<string, number>();
        for (const [reel, n] of terms[0] ?? []) {
          const rest = terms.slice(1).map((t) => t.get(reel) ?? 0);
          if (rest.every((m) => m > 0))
            both.set(
              reel,
              rest.reduce((a, b) => a + b, n),
            );
        }
        expect(countsOf(result), `${keyword} ${off}`).toEqual(both);
        const left = foldingsOn(off);
        for (const list of snippetFoldings(result)) expect(list?.every((f) => left.includes(f))).toBe(true);
      }
    }
  });

  it("ignores foldings_off in exact mode, where snippets name no foldings", async () => {
    const body = { keyword: "於", search_mode: "exact" as const, txt_type: "std_txt" as const };
    const plain = await search(body);
    const off = await search({ ...body, foldings_off: ["trad_sim", "variant"] });
    expect(off).toEqual(plain);
    expect(plain.list[0]?.txts[0]).not.toHaveProperty("foldings");
  });

  it("answers 400 for a folding it does not know", async () => {
    for (const foldings_off of [["kana"], "gaiji", ["gaiji", "variant", "trad_sim", "gaiji"], [1]]) {
      const reply = await post("search", { keyword: "佛", foldings_off } as unknown as SearchRequest);
      expect(reply, JSON.stringify(foldings_off)).toMatchObject({ statusCode: 400, code: 400 });
      expect((await post("match_count", { keyword: "佛", foldings_off } as never)).statusCode).toBe(400);
    }
  });
});

describe("both databases", () => {
  it("give the same answers", () => {
    const runs = [...answers.values()];
    for (const run of runs.slice(1)) expect(run).toEqual(runs[0]);
  });
});

describe("the offline worker", () => {
  let h: AuthHarness;
  let engine: SearchEngine;
  let closeLibrary: () => void;

  beforeAll(async () => {
    h = await startAuthApp("sqlite", {}, { withCanon: true });
    const variants = await getResult<SearchVariants>(h.app, "/v1/search/variants");
    const idb = new IDBFactory();
    const library = await openLibrary({ indexedDB: idb, IDBKeyRange });
    closeLibrary = () => library.close();
    const forms = ["ori_txt", "uni_txt", "std_txt", "sim_txt"] as const;
    await fillLibrary(library, h.app, await tripitakaSutras(h.app, "TS"), forms, 1_000);
    engine = createSearchEngine({ idb: { indexedDB: idb, IDBKeyRange }, now: () => 1_000 });
    await engine.sync({ hash: variants.hash, pairs: variants.pairs ?? [] });
  }, 240_000);
  afterAll(async () => {
    await engine?.close();
    closeLibrary?.();
    await h?.close();
  });

  const bodies: SearchRequest[] = [
    ...CASES.flatMap((c): SearchRequest[] => [
      { keyword: c.keyword, txt_type: c.txt_type },
      { keyword: c.keyword, txt_type: c.txt_type, foldings_off: [c.needs] },
    ]),
    { keyword: "于是 佛", txt_type: "sim_txt", foldings_off: ["trad_sim", "variant"] },
    { keyword: "發心", txt_type: "uni_txt", foldings_off: ["gaiji"] },
    { keyword: "呪", txt_type: "uni_txt", foldings_off: ["trad_sim"] },
  ];

  it.each(bodies.map((b) => [JSON.stringify(b), b] as const))(
    "explains %s as the server does",
    async (_, body) => {
      const reply = parse(
        await h.app.inject({
          method: "POST",
          url: "/v1/tripitaka/TS/search",
          payload: { ...body, page_size: 100 },
        }),
      );
      const local = await engine.search({ tripitakaUid: "TS", groups: [] }, { ...body, page_size: 100 });
      expect(local).toEqual({ ok: true, result: reply.result });
      const result = reply.result as SearchResult;
      expect(result.list.length).toBeGreaterThan(0);
      expect(result.list.every((item) => item.txts.every((s) => Array.isArray(s.foldings)))).toBe(true);
    },
  );

  it("refuses a folding it does not know, as the server does", async () => {
    const answer = await engine.search({ tripitakaUid: "TS", groups: [] }, {
      keyword: "佛",
      foldings_off: ["kana"],
    } as unknown as SearchRequest);
    expect(answer).toMatchObject({ ok: false, code: 400 });
  });
});
