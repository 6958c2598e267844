import { describe, expect, it } from "vitest";
import type { Sutra } from "../../contract/canon.ts";
import { splitHighlights } from "../../contract/highlight-pieces.ts";
import type { Highlight } from "../../contract/search.ts";
import { keywordTerms } from "../../contract/search-options.ts";
import { highlightedStrings, termHighlights } from "../../src/features/search/highlight.ts";
import { matchSutras } from "../../src/features/search/sutraMatch.ts";

const h = (start: number, end: number, kind: Highlight["kind"]): Highlight => ({ start, end, kind });

describe("splitting a snippet at its highlights", () => {
  it("cuts plain and marked pieces in order", () => {
    expect(splitHighlights("如是我聞一時佛在", [h(0, 2, "segment"), h(6, 7, "char")])).toEqual([
      { text: "如是", kind: "segment" },
      { text: "我聞一時", kind: null },
      { text: "佛", kind: "char" },
      { text: "在", kind: null },
    ]);
  });

  it("shows the stronger kind where highlights overlap", () => {
    expect(splitHighlights("般若波羅蜜多", [h(0, 5, "segment"), h(2, 4, "full"), h(4, 6, "char")])).toEqual([
      { text: "般若", kind: "segment" },
      { text: "波羅", kind: "full" },
      { text: "蜜", kind: "segment" },
      { text: "多", kind: "char" },
    ]);
  });

  it("clips offsets outside the text and ignores empty ranges", () => {
    expect(splitHighlights("佛法", [h(1, 9, "segment"), h(5, 2, "full"), h(0, 0, "char")])).toEqual([
      { text: "佛", kind: null },
      { text: "法", kind: "segment" },
    ]);
    expect(splitHighlights("", [h(0, 1, "full")])).toEqual([]);
    expect(splitHighlights("佛法", [])).toEqual([{ text: "佛法", kind: null }]);
  });
});

describe("the keyword's terms", () => {
  it("splits on any whitespace and drops the verbatim prefix", () => {
    expect(keywordTerms(" 般若\u3000波羅蜜 \t心經 ")).toEqual(["般若", "波羅蜜", "心經"]);
    expect(keywordTerms("=般若 心經")).toEqual(["般若", "心經"]);
    expect(keywordTerms("   ")).toEqual([]);
  });

  it("marks each term wherever it occurs", () => {
    expect(termHighlights("色即是空空即是色", ["即是", "空"])).toEqual([
      h(1, 3, "segment"),
      h(5, 7, "segment"),
      h(3, 4, "segment"),
      h(4, 5, "segment"),
    ]);
    expect(termHighlights("佛佛佛", ["佛佛"])).toEqual([h(0, 2, "segment")]);
    expect(termHighlights("佛", [""])).toEqual([]);
  });

  it("collects the strings the server highlighted, longest first", () => {
    const snippets = [
      { text: "觀自在菩薩", highlights: [h(0, 3, "segment"), h(3, 5, "char")] },
      { text: "观自在", highlights: [h(0, 3, "full")] },
      { text: "觀自在", highlights: [h(0, 3, "segment"), h(1, 1, "char")] },
    ];
    expect(highlightedStrings(snippets)).toEqual(["觀自在", "观自在", "菩薩"]);
  });
});

describe("sutras matching the keyword (tips and the matched-sutras strip)", () => {
  const sutra = (uid: string, name: string) => ({ uid, name }) as Sutra;
  const sutras = [
    sutra("T0251", "般若波罗蜜多心经|般若波羅蜜多心經"),
    sutra("T0235", "金刚般若波罗蜜经|金剛般若波羅蜜經"),
    sutra("T0366", "佛说阿弥陀经|佛說阿彌陀經"),
  ];

  it("matches either script and every term", () => {
    expect(matchSutras(sutras, "般若").map((s) => s.uid)).toEqual(["T0251", "T0235"]);
    expect(matchSutras(sutras, "心經").map((s) => s.uid)).toEqual(["T0251"]);
    expect(matchSutras(sutras, "心经").map((s) => s.uid)).toEqual(["T0251"]);
    expect(matchSutras(sutras, "金剛 蜜").map((s) => s.uid)).toEqual(["T0235"]);
    expect(matchSutras(sutras, "t0366").map((s) => s.uid)).toEqual(["T0366"]);
    expect(matchSutras(sutras, " ")).toEqual([]);
  });
});
