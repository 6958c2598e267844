/**
 * The explanation of fuzzy hits (contract/search-foldings.ts): which foldings join two chars, the
 * classes left when foldings are switched off, the snippets' `foldings`, and `foldings_off` as the
 * worker's request reader and the search page's address read it.
 */
import { defaultParseSearch, defaultStringifySearch } from "@tanstack/react-router";
import { describe, expect, it } from "vitest";
import { createFoldingGraph, hitFoldings, variantPairFolding } from "../../contract/search-foldings.ts";
import { createKeywordReader } from "../../contract/search-keyword.ts";
import { FOLDINGS, type Folding, foldingsOn } from "../../contract/search-options.ts";
import { buildSnippets } from "../../contract/search-snippets.ts";
import { createSearchFolding, variantPairsOfGaiji } from "../../contract/search-tokenizer.ts";
import {
  EMPTY_SEARCH,
  parseSearchParams,
  printSearchParams,
} from "../../src/features/search/searchParams.ts";
import { toSearchRequest } from "../../src/features/search/searchRequest.ts";
import { readRequest } from "../../workers/search/request.ts";

const pua = (n: number) => String.fromCodePoint(0xf0000 + n);
const folding = createSearchFolding(
  variantPairsOfGaiji([
    { pua: 0xf0001, uni_char: "欵", norm_char: "款" },
    { pua: 0xf0009, uni_char: null, norm_char: "凡" },
  ]),
);
const ALL = [...FOLDINGS];

describe("the foldings joining two chars", () => {
  it("names the folding of each kind of pair", () => {
    expect(folding.foldingsBetween("說", "說", ALL)).toEqual([]);
    expect(folding.foldingsBetween("说", "說", ALL)).toEqual(["trad_sim"]);
    expect(folding.foldingsBetween("款", "欵", ALL)).toEqual(["variant"]);
    expect(folding.foldingsBetween("凡", pua(9), ALL)).toEqual(["gaiji"]);
    // A private-use char printed for 欵, whose normalised form is 款: two steps, two foldings.
    expect(folding.foldingsBetween("款", pua(1), ALL)).toEqual(["variant", "gaiji"]);
    expect(folding.foldingsBetween("款", "凡", ALL)).toBeNull();
  });

  it("finds no join through a folding switched off", () => {
    expect(folding.foldingsBetween("款", pua(1), ["variant", "trad_sim"])).toBeNull();
    expect(folding.foldingsBetween("说", "說", ["variant", "gaiji"])).toBeNull();
    expect(folding.foldingsBetween("欵", pua(1), ["gaiji"])).toEqual(["gaiji"]);
  });

  it("prefers the fewest foldings, then trad_sim before variant before gaiji", () => {
    const graph = createFoldingGraph([
      ["a", "b", "variant"],
      ["a", "b", "trad_sim"],
      ["b", "c", "gaiji"],
      ["a", "c", "variant"],
    ]);
    expect(graph.between("a", "b", ALL)).toEqual(["trad_sim"]);
    expect(graph.between("a", "b", ["variant", "gaiji"])).toEqual(["variant"]);
    expect(graph.between("a", "c", ALL)).toEqual(["variant"]);
    expect(graph.between("a", "c", ["trad_sim", "gaiji"])).toEqual(["trad_sim", "gaiji"]);
    expect(graph.between("a", "c", ["trad_sim"])).toBeNull();
  });

  it("counts a variant pair with a private-use char as gaiji", () => {
    expect(variantPairFolding(pua(9), "凡")).toBe("gaiji");
    expect(variantPairFolding("欵", "款")).toBe("variant");
  });

  it("unites the foldings of a hit's chars, in chip order", () => {
    const typed = Array.from("款说凡");
    expect(hitFoldings(typed, [pua(1), "說", pua(9)], folding, ALL)).toEqual([
      "variant",
      "trad_sim",
      "gaiji",
    ]);
    expect(hitFoldings(typed, typed, folding, ALL)).toEqual([]);
  });
});

describe("a folding with foldings switched off", () => {
  it("keeps the classes of the foldings in use", () => {
    expect(folding.only(ALL)).toBe(folding);
    expect(folding.members("款")).toEqual(expect.arrayContaining(["欵", pua(1)]));
    const noGaiji = folding.only(foldingsOn(["gaiji"]));
    expect(noGaiji.members("款")).toContain("欵");
    expect(noGaiji.members("款")).not.toContain(pua(1));
    expect(folding.only(["trad_sim"]).members("款")).toEqual(["款"]);
    expect(noGaiji.foldChar("欵")).toBe(noGaiji.foldChar("款"));
    expect(folding.only(["trad_sim"]).fold(Array.from("说欵"))).toEqual(
      folding.only(["trad_sim"]).fold(Array.from("說欵")),
    );
  });

  it("reads the keyword with the foldings in use, none in exact mode", () => {
    const read = createKeywordReader(folding);
    const query = { keyword: "款", txt_type: "std_txt", trans_mode: "uni2default" } as const;
    expect(read({ ...query, search_mode: "fuzzy" }).foldings).toEqual(ALL);
    expect(read({ ...query, search_mode: "fuzzy", foldings_off: ["variant"] }).foldings).toEqual([
      "trad_sim",
      "gaiji",
    ]);
    expect(read({ ...query, search_mode: "exact", foldings_off: ["variant"] }).foldings).toEqual([]);
  });

  it("marks snippets with the foldings their hits needed, and leaves out hits of a folding off", () => {
    const read = createKeywordReader(folding);
    const text = `一款二欵三${pua(1)}四`;
    const reel = { text, cids: ["L1"] };
    const plan = (off: Folding[]) =>
      read({
        keyword: "=款",
        search_mode: "fuzzy",
        txt_type: "ori_txt",
        trans_mode: "none",
        foldings_off: off,
      });
    const all = buildSnippets(reel, plan([]), folding);
    expect(all.hits).toBe(3);
    expect(all.snippets[0]?.foldings).toEqual(["variant", "gaiji"]);
    const noVariant = buildSnippets(reel, plan(["variant"]), folding);
    expect(noVariant.hits).toBe(1);
    expect(noVariant.snippets[0]?.foldings).toEqual([]);
    const noGaiji = buildSnippets(reel, plan(["gaiji"]), folding);
    expect(noGaiji.hits).toBe(2);
    expect(noGaiji.snippets[0]?.foldings).toEqual(["variant"]);
    const exact = buildSnippets(
      reel,
      read({ keyword: "款", search_mode: "exact", txt_type: "ori_txt", trans_mode: "none" }),
      folding,
    );
    expect(exact.snippets[0]).not.toHaveProperty("foldings");
  });
});

describe("foldings_off in a request", () => {
  it("is read by the worker as the server's schema reads it", () => {
    const ok = readRequest({ keyword: "佛", foldings_off: ["gaiji", "variant"] });
    expect(ok).toMatchObject({ ok: true, query: { foldings_off: ["gaiji", "variant"] } });
    expect(readRequest({ keyword: "佛" })).toMatchObject({ ok: true, query: { foldings_off: undefined } });
    for (const foldings_off of [["kana"], "gaiji", ["gaiji", "gaiji", "variant", "trad_sim"], [1]]) {
      const body = { keyword: "佛", foldings_off } as unknown as Parameters<typeof readRequest>[0];
      expect(readRequest(body), JSON.stringify(foldings_off)).toMatchObject({ ok: false, code: 400 });
    }
  });

  it("is kept in the search page's address and sent in fuzzy mode only", () => {
    const params = parseSearchParams(defaultParseSearch("?keyword=呪&foldings_off=gaiji,kana,variant"));
    expect(params.foldings_off).toEqual(["variant", "gaiji"]);
    const query = defaultStringifySearch(printSearchParams(params));
    expect(parseSearchParams(defaultParseSearch(query)).foldings_off).toEqual(["variant", "gaiji"]);
    expect(printSearchParams({ ...params, foldings_off: [] })).not.toHaveProperty("foldings_off");
    expect(EMPTY_SEARCH.foldings_off).toEqual([]);
    const text = { txtType: "std_txt", transMode: "uni2std" } as const;
    expect(toSearchRequest(params, text, false).foldings_off).toEqual(["variant", "gaiji"]);
    expect(toSearchRequest({ ...params, mode: "exact" }, text, false)).not.toHaveProperty("foldings_off");
  });
});
