import { describe, expect, it } from "vitest";
import {
  parseCrossReference,
  readingFragments,
  touchesReading,
  type WitnessEntry,
  witnessesInEntries,
  witnessesOf,
} from "../../contract/apparatus-witnesses.ts";
import { witnessEntry, witnessLines } from "./collation-fixture.ts";

const lines = witnessLines;

let nextId = 0;
const entry = (
  line: string,
  offset: number,
  endLine: string,
  endOffset: number,
  lemma: string,
  readings: [string[], string][],
): WitnessEntry => witnessEntry(nextId++, [line, offset], [endLine, endOffset], lemma, readings);

describe("witnesses", () => {
  it("normalises sigla: CBETA-checked editions are the edition's own, 三 is Song, Yuan and Ming", () => {
    expect(witnessesOf("【宋】【元】【明】【宮】")).toEqual(["宋", "元", "明", "宮"]);
    expect(witnessesOf("【CB】【麗-CB】【磧-CB】")).toEqual(["CB", "麗", "磧"]);
    expect(witnessesOf("【三】【宮】")).toEqual(["宋", "元", "明", "宮"]);
    expect(witnessesOf("")).toEqual([]);
  });

  it("lists a reel's witnesses with the base first", () => {
    const list = witnessesInEntries([
      entry("P.1", 9, "P.1", 12, "應云何", [[["明"], "云何應"]]),
      entry("P.3", 0, "P.3", 2, "善哉", [[["宮", "宋"], "善"]]),
    ]);
    expect(list).toEqual(["大", "宋", "明", "宮"]);
  });

  it("parses cross-references with and without a work number", () => {
    expect(parseCrossReference("K05n0013_p0980a01")).toEqual({
      collection: "K",
      volume: 5,
      workNo: "0013",
      pageKey: "0980a",
      lineNo: 1,
    });
    expect(parseCrossReference("Q30p0570c22")).toMatchObject({
      collection: "Q",
      workNo: null,
      pageKey: "0570c",
    });
    expect(parseCrossReference("not a line")).toBeNull();
  });
});

describe("readingFragments", () => {
  it("keeps base text around each reading and finds what only the witness reads", () => {
    const entries = [entry("P.1", 9, "P.1", 12, "應云何", [[["明"], "云何應"]])];
    const [fragment, ...rest] = readingFragments(lines, entries);
    expect(rest).toEqual([]);
    expect(fragment?.witnesses).toEqual(["明"]);
    expect(fragment?.cid).toBe("P.1");
    const at = fragment?.text.indexOf("云何應住") ?? -1;
    expect(at).toBeGreaterThan(0);
    expect(fragment && touchesReading(fragment, at, at + 4)).toBe(true);
    // 須菩提 follows in the base text too: it does not touch the reading.
    const base = fragment?.text.indexOf("須菩提") ?? -1;
    expect(fragment && touchesReading(fragment, base, base + 3)).toBe(false);
  });

  it("trims what the lemma and reading share, so a hit on the shared chars reads as the base", () => {
    const entries = [entry("P.1", 7, "P.1", 8, "心", [[["宋", "元"], "心者"]])];
    const [fragment] = readingFragments(lines, entries);
    expect(fragment?.witnesses).toEqual(["宋", "元"]);
    const heart = fragment?.text.indexOf("提心") ?? -1;
    expect(fragment && touchesReading(fragment, heart, heart + 2)).toBe(false);
    const added = fragment?.text.indexOf("心者") ?? -1;
    expect(fragment && touchesReading(fragment, added, added + 2)).toBe(true);
  });

  it("touches an omission only with a hit running across its place", () => {
    const entries = [entry("P.3", 2, "P.3", 4, "善哉", [[["宋"], ""]])];
    const [fragment] = readingFragments(lines, entries);
    const at = fragment?.text.indexOf("善哉。") ?? -1;
    expect(fragment?.spans).toEqual([[at + 2, at + 2]]);
    expect(fragment && touchesReading(fragment, at, at + 3)).toBe(true);
    expect(fragment && touchesReading(fragment, at, at + 2)).toBe(false);
  });
});
