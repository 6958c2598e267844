/** The citation parser on real references: CBETA line heads and citations, Taishō print forms, product ids. */
import { describe, expect, it } from "vitest";
import { type Citation, cbetaLineHead, parseCitation } from "../../contract/citations.ts";

type Expected = Partial<Citation>;

const line = (
  pageUid: string,
  lineNo: number,
  sutraUid: string | null,
  end: Citation["end"] = null,
): Expected => ({
  pageUid,
  line: lineNo,
  sutraUid,
  end,
});
const page = (pageUid: string, sutraUid: string | null = null): Expected => ({
  pageUid,
  line: null,
  sutraUid,
  end: null,
});

const found: Array<[string, Expected]> = [
  // CBETA line heads, as CBETA Online prints them and as its addresses end.
  ["T08n0251_p0848c07", line("TS_8_848c", 7, "TS0251")],
  ["T08n0251_p0848c07-10", line("TS_8_848c", 7, "TS0251", { pageUid: "TS_8_848c", line: 10 })],
  ["T08n0251_p0848c07-p0849a02", line("TS_8_848c", 7, "TS0251", { pageUid: "TS_8_849a", line: 2 })],
  ["T08n0251_p0848c07–10", line("TS_8_848c", 7, "TS0251", { pageUid: "TS_8_848c", line: 10 })],
  ["T08n0251_p0848c07～10", line("TS_8_848c", 7, "TS0251", { pageUid: "TS_8_848c", line: 10 })],
  ["T08n0251p0848c07", line("TS_8_848c", 7, "TS0251")],
  ["Ｔ０８ｎ０２５１＿ｐ０８４８ｃ０７", line("TS_8_848c", 7, "TS0251")],
  ["  T08n0251_p0848c07  ", line("TS_8_848c", 7, "TS0251")],
  ["(T08n0251_p0848c07)", line("TS_8_848c", 7, "TS0251")],
  ["《T08n0251_p0848c07》", line("TS_8_848c", 7, "TS0251")],
  ["J39nB470_p0934b30", line("JS_39_934b", 30, "JSB470")],
  ["J29nB237_p0452c19", line("JS_29_452c", 19, "JSB237")],
  ["J39nB450_p0492c13", line("JS_39_492c", 13, "JSB450")],
  ["J25nB167_p0308a10", line("JS_25_308a", 10, "JSB167")],
  ["J01nA042_p0793a01", line("JS_1_793a", 1, "JSA042")],
  ["X82n1571_p0455b03", line("WX_82_455b", 3, "WX1571")],
  ["X82n1571_p0556c06", line("WX_82_556c", 6, "WX1571")],
  ["X85n1587_p0101b11", line("WX_85_101b", 11, "WX1587")],
  ["X80n1567_p0576c06", line("WX_80_576c", 6, "WX1567")],
  ["L158n1652_p0188b02", line("QL_158_188b", 2, "QL1652")],
  ["T50n2059_p0333c16", line("TS_50_333c", 16, "TS2059")],
  ["T05n0220a_p0001a05", line("TS_5_1a", 5, "TS0220a")],
  ["T02n0150A_p0875a01", line("TS_2_875a", 1, "TS0150A")],
  ["A091n1057_p0307a03", line("ZC_91_307a", 3, "ZC1057")],
  // CBETA's citation form, new and old, with and without the release.
  ["CBETA, T08, no. 251, p. 848c7-9", line("TS_8_848c", 7, "TS0251", { pageUid: "TS_8_848c", line: 9 })],
  ["CBETA 2024.R1, T08, no. 251, p. 848c7", line("TS_8_848c", 7, "TS0251")],
  [
    "CBETA 2023.Q4, T08, no. 251, p. 848c7-849a2",
    line("TS_8_848c", 7, "TS0251", { pageUid: "TS_8_849a", line: 2 }),
  ],
  ["CBETA, T08, no. 251, p. 848, c7-9", line("TS_8_848c", 7, "TS0251", { pageUid: "TS_8_848c", line: 9 })],
  ["CBETA, T08, no. 251, p. 848, c7", line("TS_8_848c", 7, "TS0251")],
  ["(CBETA, T08, no. 251, p. 848c7-9)", line("TS_8_848c", 7, "TS0251", { pageUid: "TS_8_848c", line: 9 })],
  ["CBETA，T08，no. 251，p. 848c7-9", line("TS_8_848c", 7, "TS0251", { pageUid: "TS_8_848c", line: 9 })],
  ["CBETA, T08, no. 251, p. 848c7–9.", line("TS_8_848c", 7, "TS0251", { pageUid: "TS_8_848c", line: 9 })],
  ["cbeta, t08, No. 251, P. 848c7", line("TS_8_848c", 7, "TS0251")],
  ["CBETA, T08, no.251, p.848c7", line("TS_8_848c", 7, "TS0251")],
  ["CBETA, J39, no. B470, p. 934b30", line("JS_39_934b", 30, "JSB470")],
  ["CBETA, X82, no. 1571, p. 455b3", line("WX_82_455b", 3, "WX1571")],
  [
    "CBETA, T50, no. 2059, pp. 333c16-334a2",
    line("TS_50_333c", 16, "TS2059", { pageUid: "TS_50_334a", line: 2 }),
  ],
  ["T08, no. 251, p. 848c7", line("TS_8_848c", 7, "TS0251")],
  ["CBETA, T08, no. 251, p. 848c", page("TS_8_848c", "TS0251")],
  // The dotted form of the biographies and of the social-network data.
  ["T.50.2059.0333c16", line("TS_50_333c", 16, "TS2059")],
  ["X.86.1596.0040b24", line("WX_86_40b", 24, "WX1596")],
  ["T.50.2059.0334b19", line("TS_50_334b", 19, "TS2059")],
  // Taishō print forms.
  ["大正藏第8冊第848頁下欄", page("TS_8_848c")],
  ["大正藏第8册第848页下栏", page("TS_8_848c")],
  ["《大正藏》第8冊第848頁上欄", page("TS_8_848a")],
  ["大正藏第八冊第八四八頁中欄", page("TS_8_848b")],
  ["大正藏第五十冊第三三三頁下欄第十六行", line("TS_50_333c", 16, null)],
  ["大正新脩大藏經第8冊第848頁下欄第7行", line("TS_8_848c", 7, null)],
  ["大正藏 第8冊 第848頁 下欄", page("TS_8_848c")],
  ["大正藏，第8冊，第848頁，下欄", page("TS_8_848c")],
  ["嘉興藏第39冊第934頁中欄", page("JS_39_934b")],
  ["卍續藏第82冊第455頁中欄", page("WX_82_455b")],
  ["T8.848c", page("TS_8_848c")],
  ["T08.848c", page("TS_8_848c")],
  ["T08.848c07", line("TS_8_848c", 7, null)],
  ["T8, p. 848c", page("TS_8_848c")],
  ["T 8.848c", page("TS_8_848c")],
  ["Ｔ８．８４８ｃ", page("TS_8_848c")],
  // This product's ids.
  ["QL_24_17", page("QL_24_17")],
  ["GL_79_4_7", page("GL_79_4_7")],
  ["JX_165_7_12", page("JX_165_7_12")],
  ["TS_8_848c", page("TS_8_848c")],
  ["TS_8_848c.7", line("TS_8_848c", 7, null)],
  ["TS_50_333c.16", line("TS_50_333c", 16, null)],
  ["QL_24_17.3", line("QL_24_17", 3, null)],
  // Inside a whole copied quotation.
  [
    "「文」（清 大悅說《天一悅禪師語錄》第1卷〈上堂〉；CBETA, J39, no. B470, p. 931a3-4）",
    line("JS_39_931a", 3, "JSB470", { pageUid: "JS_39_931a", line: 4 }),
  ],
  [
    "《心經》：「色即是空」(T08n0251_p0848c07-10)。",
    line("TS_8_848c", 7, "TS0251", { pageUid: "TS_8_848c", line: 10 }),
  ],
];

describe("parseCitation", () => {
  it.each(found)("reads %s", (reference, expected) => {
    const parsed = parseCitation(reference);
    expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
    if (parsed.ok) expect(parsed.citation).toMatchObject(expected);
  });

  it("reads a char id to its char", () => {
    const parsed = parseCitation("TS_8_848c.7.12");
    expect(parsed).toEqual({
      ok: true,
      citation: { tripitaka: "TS", sutraUid: null, pageUid: "TS_8_848c", line: 7, char: 12, end: null },
    });
  });

  it("names the tripitaka of every form", () => {
    expect(parseCitation("J39nB470_p0934b30")).toMatchObject({ ok: true, citation: { tripitaka: "JS" } });
    expect(parseCitation("大正藏第8冊第848頁下欄")).toMatchObject({
      ok: true,
      citation: { tripitaka: "TS" },
    });
    expect(parseCitation("QL_24_17")).toMatchObject({ ok: true, citation: { tripitaka: "QL" } });
  });

  it.each([
    ["", "EMPTY"],
    ["   ", "EMPTY"],
    ["（）", "EMPTY"],
    ["般若波羅蜜多心經", "UNKNOWN_FORM"],
    ["T08n0251", "UNKNOWN_FORM"],
    ["T08n0251_p0848", "UNKNOWN_FORM"],
    ["p. 848c7", "UNKNOWN_FORM"],
    ["CBETA, T08, p. 848c7", "UNKNOWN_FORM"],
    ["大正藏第8冊", "UNKNOWN_FORM"],
    ["hello world", "UNKNOWN_FORM"],
    ["TS_8_848c.0", "UNKNOWN_FORM"],
    ["ts_8_848c", "UNKNOWN_FORM"],
  ])("refuses %j as %s", (reference, code) => {
    expect(parseCitation(reference)).toEqual({ ok: false, error: { code } });
  });

  it("names a collection this library does not hold", () => {
    expect(parseCitation("B22n0118_p0766a10")).toEqual({
      ok: false,
      error: { code: "UNKNOWN_COLLECTION", collection: "B" },
    });
    expect(parseCitation("CBETA, GA001, no. 1, p. 1a1")).toEqual({
      ok: false,
      error: { code: "UNKNOWN_COLLECTION", collection: "GA" },
    });
  });

  it("lists the registers a page without one may mean", () => {
    const expected = { code: "AMBIGUOUS", candidates: ["TS_8_848a", "TS_8_848b", "TS_8_848c"] };
    expect(parseCitation("大正藏第8冊第848頁")).toEqual({ ok: false, error: expected });
    expect(parseCitation("T8.848")).toEqual({ ok: false, error: expected });
    expect(parseCitation("CBETA, T08, no. 251, p. 848")).toEqual({ ok: false, error: expected });
  });

  it("refuses a range that ends before it starts", () => {
    expect(parseCitation("T08n0251_p0848c07-03")).toEqual({ ok: false, error: { code: "BAD_RANGE" } });
    expect(parseCitation("CBETA, T08, no. 251, p. 848c7-848a2")).toEqual({
      ok: false,
      error: { code: "BAD_RANGE" },
    });
  });
});

describe("cbetaLineHead", () => {
  it("prints the line head a copied citation carries, which reads back to the same line", () => {
    const head = cbetaLineHead({ sutraUid: "TS0251", pageUid: "TS_8_848c", line: 7 });
    expect(head).toBe("T08n0251_p0848c07");
    expect(parseCitation(head ?? "")).toMatchObject({ ok: true, citation: line("TS_8_848c", 7, "TS0251") });
    expect(cbetaLineHead({ sutraUid: "JSB470", pageUid: "JS_39_934b", line: 30 })).toBe("J39nB470_p0934b30");
  });

  it("has none for pages of scans", () => {
    expect(cbetaLineHead({ sutraUid: "QL0001", pageUid: "QL_24_17", line: 3 })).toBeNull();
  });
});
