import { describe, expect, it } from "vitest";
import {
  bookUidOfPage,
  parseBookUid,
  parseCharId,
  parseCidQuery,
  parseLineId,
  parsePageUid,
  parseReelUid,
  parseSutraUid,
  printBookUid,
  printCharId,
  printLineId,
  printPageUid,
  printReelUid,
  printSutraUid,
  tripitakaOf,
} from "../../contract/ids.ts";

describe("uid grammars", () => {
  it.each(["TS0251", "JSB470", "JSA042", "TS0220a", "TS0150A", "WX0860"])("sutra %s round-trips", (uid) => {
    const parsed = parseSutraUid(uid);
    expect(parsed).not.toBeNull();
    expect(printSutraUid(parsed!)).toBe(uid);
  });

  it.each(["TS0251_1", "JSB213_2", "TS2059_14", "TS0150B_1"])("reel %s round-trips", (uid) => {
    const parsed = parseReelUid(uid);
    expect(parsed).not.toBeNull();
    expect(printReelUid(parsed!)).toBe(uid);
  });

  it.each(["TS_8_848c", "JS_39_931a", "QL_24_17", "GL_79_4_7", "JX_165_7_12", "YB_22_713"])(
    "page %s round-trips",
    (uid) => {
      const parsed = parsePageUid(uid);
      expect(parsed).not.toBeNull();
      expect(printPageUid(parsed!)).toBe(uid);
    },
  );

  it("a page's book is its first two parts", () => {
    expect(bookUidOfPage("GL_79_4_7")).toBe("GL_79");
    expect(bookUidOfPage("TS_8_848c")).toBe("TS_8");
    expect(printBookUid(parseBookUid("JX_165")!)).toBe("JX_165");
  });

  it("line and char ids round-trip and are told apart", () => {
    expect(parseLineId("TS_8_848c.7")).toEqual({ pageUid: "TS_8_848c", line: 7 });
    expect(parseCharId("TS_8_848c.7")).toBeNull();
    expect(parseCharId("GL_79_4_7.3.12")).toEqual({ pageUid: "GL_79_4_7", line: 3, char: 12 });
    expect(parseLineId("GL_79_4_7.3.12")).toBeNull();
    expect(printLineId({ pageUid: "QL_24_17", line: 2 })).toBe("QL_24_17.2");
    expect(printCharId({ pageUid: "QL_24_17", line: 2, char: 5 })).toBe("QL_24_17.2.5");
  });

  it.each([
    ["", "empty"],
    ["ts0251", "lowercase code"],
    ["TS_8", "book, not a page"],
    ["TS0251_0", "reel zero"],
    ["TS_8_848c.0", "line zero"],
    ["TS_8_848c..1", "empty line"],
  ])("rejects %s (%s)", (uid) => {
    expect(parseSutraUid(uid) ?? parseReelUid(uid) ?? parsePageUid(uid) ?? parseLineId(uid)).toBeNull();
  });

  it("takes the tripitaka from the uppercase prefix", () => {
    expect(tripitakaOf("JSB470_1")).toBe("JS");
    expect(tripitakaOf("QL_24_17")).toBe("QL");
    expect(tripitakaOf("x")).toBeNull();
  });
});

describe("cid queries", () => {
  it("reads one id, a comma list and a range", () => {
    expect(parseCidQuery("TS_8_848c.7.3")).toEqual({ kind: "list", ids: ["TS_8_848c.7.3"] });
    expect(parseCidQuery("TS_8_848c.7.3,TS_8_848c.7.4")).toEqual({
      kind: "list",
      ids: ["TS_8_848c.7.3", "TS_8_848c.7.4"],
    });
    expect(parseCidQuery("TS_8_848c.7.3-TS_8_848c.9.5")).toEqual({
      kind: "range",
      first: "TS_8_848c.7.3",
      last: "TS_8_848c.9.5",
    });
  });

  it("rejects anything else", () => {
    expect(parseCidQuery("")).toBeNull();
    expect(parseCidQuery("TS_8_848c.7.3-")).toBeNull();
    expect(parseCidQuery("abc")).toBeNull();
  });
});
