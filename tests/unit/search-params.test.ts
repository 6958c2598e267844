import { defaultParseSearch, defaultStringifySearch } from "@tanstack/react-router";
import { describe, expect, it } from "vitest";
import { searchAnswerPath } from "../../contract/app-screens.ts";
import { keywordOnlyRequest } from "../../contract/search-options.ts";
import {
  EMPTY_SEARCH,
  parseSearchParams,
  printSearchParams,
  type SearchParams,
  validateSearchParams,
  withSearch,
} from "../../src/features/search/searchParams.ts";
import { canSearch, statsScope, toSearchRequest } from "../../src/features/search/searchRequest.ts";
import { NO_CHOICE, textChoice } from "../../src/features/search/searchSettings.ts";

/** The query string the router writes for `params`, and what the route reads back from it. */
const address = (params: SearchParams) => defaultStringifySearch(printSearchParams(params));
const reread = (query: string) => parseSearchParams(defaultParseSearch(query));
/** The router calls the validator with whatever it parsed; its input type only guides links. */
const validate = (raw: Record<string, unknown>) =>
  validateSearchParams(raw as unknown as Parameters<typeof validateSearchParams>[0]);

describe("the search page's query", () => {
  it.each<[string, Record<string, unknown>, Partial<SearchParams>]>([
    ["nothing", {}, {}],
    ["a keyword, trimmed", { keyword: "  般若  " }, { keyword: "般若" }],
    ["a numeric keyword the router read as a number", { keyword: 123 }, { keyword: "123" }],
    ["a keyword of 501 characters, cut to 500", { keyword: "佛".repeat(501) }, { keyword: "佛".repeat(500) }],
    ["exact mode", { mode: "exact" }, { mode: "exact" }],
    ["an unknown mode", { mode: "regex" }, {}],
    ["page 3 as text", { page_no: "3" }, { page_no: 3 }],
    ["page 0", { page_no: 0 }, {}],
    ["page 2.5", { page_no: 2.5 }, {}],
    ["page size 50", { page_size: 50 }, { page_size: 50 }],
    ["page size 30", { page_size: 30 }, {}],
    ["a sort", { sort: "-start_year" }, { sort: "-start_year" }],
    ["an unknown sort", { sort: "char_cnt" }, {}],
    ["one category id", { category_ids: 3 }, { category_ids: [3] }],
    ["category ids as an array", { category_ids: [3, "4", "x", 3] }, { category_ids: [3, 4] }],
    ["dynasty ids typed with commas", { dynasty_ids: "1,2, 5" }, { dynasty_ids: [1, 2, 5] }],
    ["sutra uids typed with commas", { sutra_uids: "T0251,T0235" }, { sutra_uids: ["T0251", "T0235"] }],
    ["a group name with a comma", { sutra_groups: "早课,晚课" }, { sutra_groups: ["早课,晚课"] }],
    ["author names", { author_names: ["玄奘", "鳩摩羅什"] }, { author_names: ["玄奘", "鳩摩羅什"] }],
    ["a text type", { txt_type: "ori_txt" }, { txt_type: "ori_txt" }],
    ["an unknown text type", { txt_type: "big5" }, {}],
    ["objects where text belongs", { keyword: { a: 1 }, author_names: [{ a: 1 }] }, {}],
    ["readings searched too, as the address writes it", { in_readings: 1 }, { in_readings: true }],
    ["readings searched too, as true", { in_readings: true }, { in_readings: true }],
    ["readings not searched", { in_readings: "0" }, {}],
    ["an unknown readings value", { in_readings: "yes" }, {}],
  ])("%s", (_, raw, expected) => {
    expect(parseSearchParams(raw)).toEqual({ ...EMPTY_SEARCH, ...expected });
  });

  it("prints nothing for the defaults", () => {
    expect(printSearchParams(EMPTY_SEARCH)).toEqual({});
    expect(address({ ...EMPTY_SEARCH, keyword: "般若" })).toBe(`?keyword=${encodeURIComponent("般若")}`);
  });

  it("leaves page 1, page size 20, fuzzy mode and relevance out of the address", () => {
    const query = address({ ...EMPTY_SEARCH, keyword: "如是", page_size: 20, page_no: 1 });
    expect(query).not.toMatch(/page_no|page_size|mode|sort/u);
    expect(address({ ...EMPTY_SEARCH, keyword: "如是", page_no: 2, page_size: 50, mode: "exact" })).toMatch(
      /page_no=2&page_size=50/u,
    );
  });

  it.each<Partial<SearchParams>>([
    { keyword: "般若 波羅蜜", mode: "exact", page_no: 4, page_size: 100, sort: "end_year" },
    { keyword: "123" },
    { keyword: "1e3" },
    { keyword: "true" },
    { keyword: '"quoted"' },
    { keyword: "=般若" },
    { category_ids: [1, 22], dynasty_ids: [7] },
    { sutra_uids: ["T0251"], sutra_groups: ["123", "早课,晚课"], author_names: ["null", "玄奘"] },
    { txt_type: "sim_txt", sort: "-sutra_uid" },
    { in_readings: true, mode: "exact" },
  ])("reads back what it printed: %j", (patch) => {
    const params = { ...EMPTY_SEARCH, keyword: "佛", ...patch };
    expect(reread(address(params))).toEqual(params);
  });

  it("validates to the printed form, which validates to itself (the router writes it to the address)", () => {
    const raw = {
      keyword: " 般若 ",
      page_no: "1",
      page_size: 20,
      mode: "fuzzy",
      category_ids: "3,4",
      bogus: 1,
    };
    const once = validate(raw);
    expect(once).toEqual({ keyword: "般若", category_ids: [3, 4] });
    expect(validate(once)).toEqual(once);
  });

  it("starts a new search from page 1, keeping what it does not change", () => {
    const params = { ...EMPTY_SEARCH, keyword: "佛", page_no: 5, page_size: 50 as const, category_ids: [2] };
    expect(withSearch(params, { keyword: "法" })).toEqual({ ...params, keyword: "法", page_no: 1 });
    expect(withSearch(params, { page_no: 3 }).page_no).toBe(3);
  });
});

describe("the search bodies", () => {
  const text = { txtType: "std_txt", transMode: "uni2std" } as const;
  const params: SearchParams = {
    ...EMPTY_SEARCH,
    keyword: "般若",
    sort: "start_year",
    page_no: 2,
    category_ids: [1],
    dynasty_ids: [4],
    author_names: ["玄奘"],
    sutra_groups: ["早课"],
    sutra_uids: ["T0251"],
  };

  it("needs a keyword with a term", () => {
    expect(canSearch({ ...EMPTY_SEARCH, keyword: "般若" })).toBe(true);
    expect(canSearch(EMPTY_SEARCH)).toBe(false);
  });

  it("sends every filter, the groups only for a signed-in reader, and sorts only in exact mode", () => {
    expect(toSearchRequest({ ...params, mode: "exact" }, text, true)).toEqual({
      keyword: "般若",
      search_mode: "exact",
      txt_type: "std_txt",
      trans_mode: "uni2std",
      sutra_uids: ["T0251"],
      categories: [1],
      dynasties: [4],
      authors: ["玄奘"],
      sutra_group_names: ["早课"],
      page_no: 2,
      page_size: 20,
      sort_by: "start_year",
    });
    const fuzzy = toSearchRequest(params, text, false);
    expect(fuzzy.sort_by).toBe("-hit");
    expect(fuzzy).not.toHaveProperty("sutra_group_names");
    expect(fuzzy).not.toHaveProperty("in_readings");
    expect(toSearchRequest({ ...params, in_readings: true }, text, false)).toEqual({
      ...fuzzy,
      in_readings: true,
    });
    expect(address({ ...params, in_readings: true })).toMatch(/in_readings=1/u);
  });

  it("starts new statistics only for a new keyword, mode, text or sutra scope", () => {
    expect(statsScope(params, text)).toEqual({
      keyword: "般若",
      search_mode: "fuzzy",
      txt_type: "std_txt",
      trans_mode: "uni2std",
      sutra_uids: ["T0251"],
    });
    const samePanel = {
      ...params,
      page_no: 9,
      sort: "-end_year" as const,
      category_ids: [],
      author_names: [],
    };
    expect(statsScope(samePanel, text)).toEqual(statsScope(params, text));
    // Readings are listed beside the results and counted in no statistics.
    expect(statsScope({ ...params, in_readings: true }, text)).toEqual(statsScope(params, text));
    expect(statsScope({ ...params, mode: "exact" }, text)).not.toEqual(statsScope(params, text));
  });

  it("asks, for an address holding only a keyword and untouched settings, the search the server puts in the page", () => {
    for (const locale of ["zh-CN", "zh-TW", "en"]) {
      for (const signedIn of [false, true]) {
        const asked = toSearchRequest(
          parseSearchParams({ keyword: " 如是 " }),
          textChoice(null, NO_CHOICE, locale),
          signedIn,
        );
        const inPage = keywordOnlyRequest("如是", locale);
        expect(asked).toEqual(inPage);
        expect(searchAnswerPath("TS", asked)).toBe(searchAnswerPath("TS", inPage));
      }
    }
    const exact = toSearchRequest(
      parseSearchParams({ keyword: "如是", mode: "exact" }),
      textChoice(null, NO_CHOICE, "en"),
      false,
    );
    expect(searchAnswerPath("TS", exact)).not.toBe(searchAnswerPath("TS", keywordOnlyRequest("如是", "en")));
  });
});
