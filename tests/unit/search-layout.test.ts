import { describe, expect, it } from "vitest";
import type { HitStats } from "../../contract/search.ts";
import { conversionFor } from "../../contract/search-options.ts";
import {
  autoExpandedGroup,
  type FilterSelection,
  groupOptions,
  hasSelection,
  NO_SELECTION,
  sameSelection,
  selectionOf,
  toggleOption,
  withSelection,
} from "../../src/features/search/filterPanel.ts";
import { EMPTY_SEARCH } from "../../src/features/search/searchParams.ts";
import { NO_CHOICE, normaliseSearchSettings, textChoice } from "../../src/features/search/searchSettings.ts";
import {
  clampSplit,
  DEFAULT_SPLIT,
  readSplit,
  SPLIT_SIZE_KEY,
  splitAt,
} from "../../src/features/search/splitSize.ts";

const option = (id: number | string, name = String(id)) => ({ id, name, reel_num: 1, hit_num: 2 });
const stats = (filter: Partial<HitStats["filter_stats"]>): HitStats => ({
  reels_count: 1,
  keyword_count: 2,
  filter_stats: { sutra_group_names: [], categories: [], dynasties: [], authors: [], ...filter },
});

describe("the filter panel", () => {
  it("reads the applied selection from the address and writes it back from page 1", () => {
    const params = { ...EMPTY_SEARCH, keyword: "佛", page_no: 3, category_ids: [2], author_names: ["玄奘"] };
    const selection = selectionOf(params);
    expect(selection).toEqual({ ...NO_SELECTION, categories: ["2"], authors: ["玄奘"] });
    const next = toggleOption(toggleOption(selection, "dynasties", "7", true), "categories", "2", false);
    expect(withSelection(params, next)).toEqual({
      ...params,
      page_no: 1,
      category_ids: [],
      dynasty_ids: [7],
      author_names: ["玄奘"],
    });
  });

  it("offers Apply only for a selection that differs from the applied one, in any order", () => {
    const applied: FilterSelection = { ...NO_SELECTION, categories: ["1", "2"] };
    expect(sameSelection(applied, { ...NO_SELECTION, categories: ["2", "1"] })).toBe(true);
    expect(sameSelection(applied, toggleOption(applied, "categories", "3", true))).toBe(false);
    expect(sameSelection(applied, toggleOption(applied, "categories", "1", false))).toBe(false);
  });

  it("offers Clear all only when something is selected", () => {
    expect(hasSelection(NO_SELECTION)).toBe(false);
    expect(hasSelection(toggleOption(NO_SELECTION, "authors", "玄奘", true))).toBe(true);
  });

  it("expands the first group with an applied selection, else the first with options", () => {
    const found = stats({ categories: [option(1)], dynasties: [option(4)] });
    expect(autoExpandedGroup(found, NO_SELECTION)).toBe("categories");
    expect(autoExpandedGroup(found, { ...NO_SELECTION, dynasties: ["4"] })).toBe("dynasties");
    expect(autoExpandedGroup(stats({}), NO_SELECTION)).toBeNull();
  });

  it("keeps a selected option the statistics no longer list, so it can be undone", () => {
    const found = stats({ categories: [option(1, "般若部")] });
    expect(groupOptions(found, "categories", ["1", "9"]).map((o) => String(o.id))).toEqual(["1", "9"]);
    expect(groupOptions(undefined, "authors", [])).toEqual([]);
  });
});

describe("the search settings", () => {
  it("defaults the text type by interface language", () => {
    expect(textChoice(null, NO_CHOICE, "zh-CN")).toEqual({ txtType: "sim_txt", transMode: "uni2sim" });
    expect(textChoice(null, NO_CHOICE, "zh-TW")).toEqual({ txtType: "std_txt", transMode: "uni2std" });
    expect(textChoice(null, NO_CHOICE, "en")).toEqual({ txtType: "std_txt", transMode: "uni2std" });
  });

  it("prefers the address, then the reader's choice", () => {
    const chosen = { textType: "ori_txt", transMode: null } as const;
    expect(textChoice("uni_txt", chosen, "zh-CN")).toEqual({ txtType: "uni_txt", transMode: "none" });
    expect(textChoice(null, chosen, "zh-CN")).toEqual({ txtType: "ori_txt", transMode: "none" });
  });

  it("follows the text type with the conversion unless the reader chose one", () => {
    expect(conversionFor("std_txt")).toBe("uni2std");
    expect(conversionFor("sim_txt")).toBe("uni2sim");
    expect(conversionFor("uni_txt")).toBe("none");
    expect(textChoice("sim_txt", { textType: null, transMode: "uni2default" }, "en").transMode).toBe(
      "uni2default",
    );
  });

  it("keeps only known stored values", () => {
    expect(normaliseSearchSettings({ textType: "sim_txt", transMode: "bogus" })).toEqual({
      textType: "sim_txt",
      transMode: null,
    });
    expect(normaliseSearchSettings("x")).toEqual(NO_CHOICE);
  });
});

describe("the split between results and preview", () => {
  it("keeps the results at least 572 px and the preview at least 300 px", () => {
    expect(clampSplit(0.5, 1000)).toBe(0.572);
    expect(clampSplit(0.9, 1000)).toBe(0.7);
    expect(clampSplit(0.6, 1000)).toBe(0.6);
    expect(clampSplit(Number.NaN, 2000)).toBe(DEFAULT_SPLIT);
    expect(clampSplit(0.5, 600)).toBeCloseTo(572 / 872);
  });

  it("follows the divider", () => {
    expect(splitAt(800, 200, 1000)).toBe(0.6);
    expect(splitAt(300, 200, 1000)).toBe(0.572);
  });

  it("reads a stored split, else 0.5", () => {
    const storage = (value: string | null) => ({
      getItem: (key: string) => (key === SPLIT_SIZE_KEY ? value : null),
    });
    expect(readSplit(storage("0.62"))).toBe(0.62);
    expect(readSplit(storage(null))).toBe(0.5);
    expect(readSplit(storage("7"))).toBe(0.5);
    expect(readSplit(storage("abc"))).toBe(0.5);
  });
});
