import { describe, expect, it } from "vitest";
import { SEARCH_RESULT_LIMIT } from "../../contract/search-options.ts";
import { pageWithinLimit } from "../../contract/search-results.ts";

const matches = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
/** The matches already in order: the first n of them. */
const inOrder = (found: number[]) => (n: number) => found.slice(0, n);

describe("search results past the limit", () => {
  it("shows the first thousand reels and says more were found", () => {
    const found = matches(SEARCH_RESULT_LIMIT + 234);
    const first = pageWithinLimit(found, 1, 20, inOrder(found));
    expect(first).toMatchObject({ total: SEARCH_RESULT_LIMIT, limited: true });
    expect(first.page).toEqual(matches(20));
    const last = pageWithinLimit(found, SEARCH_RESULT_LIMIT / 20, 20, inOrder(found));
    expect(last.page.at(-1)).toBe(SEARCH_RESULT_LIMIT);
    expect(pageWithinLimit(found, SEARCH_RESULT_LIMIT / 20 + 1, 20, inOrder(found)).page).toEqual([]);
  });

  it("cuts a page that straddles the limit", () => {
    const { page, total, limited } = pageWithinLimit(matches(10), 2, 4, inOrder(matches(10)), 7);
    expect(page).toEqual([5, 6, 7]);
    expect(total).toBe(7);
    expect(limited).toBe(true);
  });

  it("is not limited at or under the limit", () => {
    expect(pageWithinLimit(matches(7), 2, 4, inOrder(matches(7)), 7)).toEqual({
      page: [5, 6, 7],
      total: 7,
      limited: false,
    });
    expect(pageWithinLimit([], 1, 20, inOrder([]))).toEqual({ page: [], total: 0, limited: false });
  });
});
