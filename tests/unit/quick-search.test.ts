import { describe, expect, it } from "vitest";
import { matchStarts, nextMatch, splitMatches } from "../../src/features/reader-reel/quickSearch.ts";

describe("quick search in a reel", () => {
  it("splits a line at each occurrence, numbering from the given start", () => {
    expect(splitMatches("如是我聞如是", "如是", 3)).toEqual([
      { text: "如是", match: 3 },
      { text: "我聞", match: null },
      { text: "如是", match: 4 },
    ]);
    expect(splitMatches("一時佛在", "如是", 0)).toEqual([{ text: "一時佛在", match: null }]);
  });

  it("numbers matches across lines in reading order", () => {
    expect(matchStarts(["佛說", "佛在舍衛國佛", "無"], "佛")).toEqual({ starts: [0, 1, 3], total: 3 });
    expect(matchStarts(["佛"], "")).toEqual({ starts: [0], total: 0 });
  });

  it("wraps from the last match to the first", () => {
    expect(nextMatch(0, 3)).toBe(1);
    expect(nextMatch(2, 3)).toBe(0);
    expect(nextMatch(0, 0)).toBe(0);
  });
});
