import { describe, expect, it } from "vitest";
import { SNIPPET_CONTEXT } from "../../contract/search-options.ts";
import { encodeLineChars, storedLineSizes } from "../../server/modules/search/line-chars.ts";
import { windowRuns } from "../../server/modules/search/snippet-windows.ts";

describe("the lines a reel's snippet windows need", () => {
  // Ten lines of 20 searchable chars: line n holds chars 20n to 20n + 19.
  const lines = storedLineSizes(encodeLineChars(Array.from({ length: 10 }, () => 20)));

  it("takes each window's lines from its context before to its end, one more line either side", () => {
    // A hit at char 100 (line 5): its context starts at char 70 (line 3); it ends at char 135 (line 6).
    expect(windowRuns(lines, [{ firstHit: 100, end: 135 }], 1)).toEqual([{ first: 2, last: 7 }]);
    expect(SNIPPET_CONTEXT).toBe(30);
  });

  it("takes no more lines in the form the line sizes count", () => {
    expect(windowRuns(lines, [{ firstHit: 100, end: 135 }], 0)).toEqual([{ first: 3, last: 6 }]);
    expect(
      windowRuns(
        lines,
        [
          { firstHit: 100, end: 120 },
          { firstHit: 170, end: 199 },
        ],
        0,
      ),
    ).toEqual([{ first: 3, last: 9 }]);
  });

  it("joins windows whose lines touch or overlap and keeps apart those that do not", () => {
    const runs = windowRuns(
      lines,
      [
        { firstHit: 0, end: 33 },
        { firstHit: 60, end: 93 },
        { firstHit: 190, end: 199 },
      ],
      1,
    );
    expect(runs).toEqual([
      { first: 0, last: 5 },
      { first: 7, last: 9 },
    ]);
  });

  it("stays within the reel", () => {
    expect(windowRuns(lines, [{ firstHit: 5, end: 400 }], 1)).toEqual([{ first: 0, last: 9 }]);
  });
});
