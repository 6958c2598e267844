import { describe, expect, it } from "vitest";
import type { Sutra } from "../../contract/canon.ts";
import type { SutraGroup } from "../../contract/personal.ts";
import { BOOK_PAGE_SIZE, bookPageOf } from "../../src/features/catalogue/bookPages.ts";
import { categoryTree, filterTree } from "../../src/features/catalogue/catalogTree.ts";
import {
  bookBeingRead,
  defaultTab,
  drawerWidth,
  shownTab,
  sutraBeingRead,
  visibleTabs,
} from "../../src/features/catalogue/drawerTabs.ts";
import { filterGroups } from "../../src/features/catalogue/groupSearch.ts";
import { mergeSutraIndex } from "../../src/features/catalogue/sutraIndex.ts";
import {
  clearFilters,
  hasFilters,
  INITIAL_QUERY,
  toListRequest,
  withFilters,
} from "../../src/features/catalogue/sutraQuery.ts";

function sutra(uid: string, name: string, categories: { id: number; name: string }[], updated = 1): Sutra {
  return {
    uid,
    name,
    authors: [],
    dynasties: [],
    categories,
    actual_reel_cnt: 1,
    char_cnt: 100,
    reel_uids: [[`${uid}_1`, "第1卷"]],
    dynasty_author: "",
    start_year: null,
    end_year: null,
    years: "",
    last_updated_time: updated,
  };
}

const chan = { id: 2, name: "禪宗部類|禅宗部类" };
const prajna = { id: 1, name: "般若部類|般若部类" };

describe("drawer tabs", () => {
  it("offers the group tab only to a signed-in reader with groups", () => {
    expect(visibleTabs(false, 0)).toEqual(["search", "book", "catalog"]);
    expect(visibleTabs(false, 3)).toEqual(["search", "book", "catalog"]);
    expect(visibleTabs(true, 0)).toEqual(["search", "book", "catalog"]);
    expect(visibleTabs(true, 1)).toEqual(["search", "book", "group", "catalog"]);
    expect(shownTab("group", visibleTabs(true, 0))).toBe("search");
    expect(shownTab("book", visibleTabs(true, 0))).toBe("book");
  });

  it("opens on the book tab while reading by page, else on search", () => {
    expect(defaultTab("/page/JS_1_793a")).toBe("book");
    expect(defaultTab("/JS")).toBe("search");
    expect(defaultTab("/scroll/JSA042_1")).toBe("search");
  });

  it("is 1100 px wide for search and 500 px otherwise", () => {
    expect(drawerWidth("search")).toBe(1100);
    expect(["book", "group", "catalog"].map((tab) => drawerWidth(tab as "book"))).toEqual([500, 500, 500]);
  });

  it("knows the sutra and the book being read from the address", () => {
    expect(sutraBeingRead("/scroll/JSA042_1")).toBe("JSA042");
    expect(sutraBeingRead("/scroll/TS0220a_12")).toBe("TS0220a");
    expect(sutraBeingRead("/JS")).toBeNull();
    expect(sutraBeingRead("/scroll/nonsense")).toBeNull();
    expect(bookBeingRead("/page/JS_1_793a")).toBe("JS_1");
    expect(bookBeingRead("/page/GL_79_4_7")).toBe("GL_79");
    expect(bookBeingRead("/scroll/JSA042_1")).toBeNull();
  });
});

describe("the catalogue search request", () => {
  it("sends the default page and sort with no filters", () => {
    expect(toListRequest(INITIAL_QUERY, false)).toEqual({ page_no: 1, page_size: 10, sort_by: "sutra_uid" });
  });

  it("sends each filter as the list call expects it, pins first for a signed-in reader", () => {
    const query = {
      ...INITIAL_QUERY,
      keyword: " 禅师 ",
      sutraName: "语录 ",
      group: "早课",
      dynastyId: 3,
      categoryId: 2,
      authorId: 8,
      pageNo: 2,
      pageSize: 50 as const,
      sortBy: "-char_cnt" as const,
    };
    expect(toListRequest(query, true)).toEqual({
      page_no: 2,
      page_size: 50,
      sort_by: "-char_cnt",
      keyword: "禅师",
      sutra_name: "语录",
      sutra_group_names: ["早课"],
      dynasty_ids: [3],
      category_ids: [2],
      author_ids: [8],
      pinned_first: true,
    });
    const guest = toListRequest(query, false);
    expect(guest.sutra_group_names).toBeUndefined();
    expect(guest.pinned_first).toBeUndefined();
  });

  it("goes back to page 1 on new filters and clears them keeping size, sort and the panel", () => {
    const paged = {
      ...INITIAL_QUERY,
      pageNo: 4,
      pageSize: 20 as const,
      advanced: true,
      sortBy: "reel_cnt" as const,
    };
    const filtered = withFilters(paged, { dynastyId: 5 });
    expect(filtered).toMatchObject({ pageNo: 1, dynastyId: 5, pageSize: 20 });
    expect(hasFilters(filtered)).toBe(true);
    const cleared = clearFilters(filtered);
    expect(hasFilters(cleared)).toBe(false);
    expect(cleared).toMatchObject({ pageNo: 1, pageSize: 20, advanced: true, sortBy: "reel_cnt" });
  });
});

describe("the catalog tree", () => {
  const sutras = [
    sutra("TS0235", "金刚般若波罗蜜经|金剛般若波羅蜜經", [prajna]),
    sutra("TS2008", "六祖大师法宝坛经|六祖大師法寶壇經", [chan]),
    sutra("TS0251", "般若波罗蜜多心经|般若波羅蜜多心經", [prajna]),
    sutra("TS9999", "无部类经|無部類經", []),
  ];

  it("groups sutras under their categories in id order, the uncategorised last", () => {
    const tree = categoryTree(sutras);
    expect(tree.map((b) => [b.key, b.sutras.map((s) => s.uid)])).toEqual([
      ["category-1", ["TS0235", "TS0251"]],
      ["category-2", ["TS2008"]],
      ["category-none", ["TS9999"]],
    ]);
    expect(tree[2]?.name).toBeNull();
  });

  it("filters by category name, sutra name in either script or uid", () => {
    const tree = categoryTree(sutras);
    expect(filterTree(tree, "禅宗").map((b) => b.key)).toEqual(["category-2"]);
    expect(filterTree(tree, "心經").map((b) => [b.key, b.sutras.map((s) => s.uid)])).toEqual([
      ["category-1", ["TS0251"]],
    ]);
    expect(filterTree(tree, "ts2008").map((b) => b.key)).toEqual(["category-2"]);
    expect(filterTree(tree, "  ")).toHaveLength(3);
    expect(filterTree(tree, "不存在")).toEqual([]);
  });
});

describe("the full sutra list, refreshed incrementally", () => {
  it("replaces changed sutras in place and appends new ones", () => {
    const first = mergeSutraIndex(undefined, {
      sutras: [sutra("A1", "甲|甲", []), sutra("B2", "乙|乙", [])],
      last_updated_time: 10,
    });
    expect(first.lastUpdated).toBe(10);
    const next = mergeSutraIndex(first, {
      sutras: [sutra("B2", "乙二|乙二", [], 12), sutra("C3", "丙|丙", [], 11)],
      last_updated_time: 12,
    });
    expect(next.sutras.map((s) => [s.uid, s.name])).toEqual([
      ["A1", "甲|甲"],
      ["B2", "乙二|乙二"],
      ["C3", "丙|丙"],
    ]);
    expect(next.lastUpdated).toBe(12);
    expect(mergeSutraIndex(next, { sutras: [], last_updated_time: 12 })).toEqual(next);
  });
});

describe("searching the groups", () => {
  const groups: SutraGroup[] = [
    { _id: 1, name: "早课", sn: 1, sutra_uids: ["TS0251", "TS0235"] },
    { _id: 2, name: "语录", sn: 2, sutra_uids: ["JSB213"] },
  ];
  const names: Record<string, string> = {
    TS0251: "般若波罗蜜多心经|般若波羅蜜多心經",
    JSB213: "芝岩秀禅师语录|芝巖秀禪師語錄",
  };
  const nameOf = (uid: string) => names[uid] ?? "";

  it("shows a group whole when its name matches, else only its matching sutras", () => {
    expect(filterGroups(groups, "早", nameOf)).toEqual([
      { group: groups[0], sutraUids: ["TS0251", "TS0235"] },
    ]);
    expect(filterGroups(groups, "心經", nameOf)).toEqual([{ group: groups[0], sutraUids: ["TS0251"] }]);
    expect(filterGroups(groups, "ts0235", nameOf)).toEqual([{ group: groups[0], sutraUids: ["TS0235"] }]);
    expect(filterGroups(groups, "", nameOf)).toHaveLength(2);
    expect(filterGroups(groups, "无此经", nameOf)).toEqual([]);
  });
});

describe("the book list's pages", () => {
  const books = Array.from({ length: 250 }, (_, i) => ({ uid: `QL_${i + 1}` }));
  it("opens on the page holding the book being read", () => {
    expect(BOOK_PAGE_SIZE).toBe(100);
    expect(bookPageOf(books, "QL_1")).toBe(1);
    expect(bookPageOf(books, "QL_100")).toBe(1);
    expect(bookPageOf(books, "QL_101")).toBe(2);
    expect(bookPageOf(books, "QL_250")).toBe(3);
    expect(bookPageOf(books, null)).toBe(1);
    expect(bookPageOf(books, "QL_999")).toBe(1);
  });
});
