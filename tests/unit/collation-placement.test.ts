/**
 * The reel reader's collation marks and "read as": where each mark goes (after the lemma, or after
 * the reading put in its place), over code points with surrogate pairs, with punctuation hidden
 * and quick-search matches running across marks; and the text read as a witness is the text
 * search in readings finds (placeEntries, witnessChanges).
 */
import { describe, expect, it } from "vitest";
import { placeEntries, witnessChanges } from "../../contract/apparatus-witnesses.ts";
import { reelAsRead } from "../../src/features/reader-reel/collation/asRead.ts";
import { lineContent } from "../../src/features/reader-reel/collation/lineView.tsx";
import { shownPieces } from "../../src/features/reader-reel/collation/pieces.ts";
import { type LinePart, placeApparatus } from "../../src/features/reader-reel/collation/placement.ts";
import { withoutPunctuation } from "../../src/features/reader-reel/readingSettings.ts";
import { testReel, witnessEntry, witnessLines } from "./collation-fixture.ts";

const lines = witnessLines;

/** A line's parts written out: text as is, readings in ⟨⟩, marks as #id. */
const written = (parts: readonly LinePart[] | undefined): string =>
  (parts ?? [])
    .map((part) =>
      part.kind === "mark" ? `#${part.entry}` : part.reading === null ? part.text : `⟨${part.text}⟩`,
    )
    .join("");

const diamond = witnessEntry(0, ["P.1", 9], ["P.1", 12], "應云何", [[["明"], "云何應"]]);
// "佛" is the 9th code point of P.2, after a char outside the BMP (two UTF-16 units).
const afterAstral = witnessEntry(1, ["P.2", 8], ["P.2", 9], "佛", [[["宋", "元"], "仏"]]);
const insertion = witnessEntry(2, ["P.3", 0], ["P.3", 2], "善哉", [[["宮"], "善哉善"]]);
const point = witnessEntry(3, ["P.3", 5], ["P.3", 5], "", []);
const omission = witnessEntry(4, ["P.2", 4], ["P.2", 6], "其心", [[["元"], ""]]);
const acrossLines = witnessEntry(5, ["P.1", 12], ["P.2", 2], "住？云何", [[["宮"], "住"]]);

describe("marks in the text as it is", () => {
  it("go after each lemma, at a point note's point, and count a surrogate pair as one char", () => {
    const placed = placeApparatus(lines, [diamond, afterAstral, insertion, point], null);
    expect(written(placed.get("P.1")?.parts)).toBe("多羅三藐三菩提心，應云何#0住？");
    expect(written(placed.get("P.2")?.parts)).toBe("云何降伏其心？𠀋佛#1告須菩提");
    expect(written(placed.get("P.3")?.parts)).toBe("善哉#2善哉。#3須菩提！");
    expect(placed.get("P.2")?.text).toBe(lines[1]?.text);
  });

  it("puts a lemma running over lines after its end, in the end line", () => {
    const placed = placeApparatus(lines, [acrossLines], null);
    expect(written(placed.get("P.1")?.parts)).toBe("多羅三藐三菩提心，應云何住？");
    expect(written(placed.get("P.2")?.parts)).toBe("云何#5降伏其心？𠀋佛告須菩提");
  });

  it("leaves out places whose lines are not in the reel", () => {
    const elsewhere = witnessEntry(9, ["Q.1", 0], ["Q.1", 1], "佛", [[["明"], "仏"]]);
    expect(written(placeApparatus(lines, [elsewhere], null).get("P.1")?.parts)).toBe(lines[0]?.text);
  });
});

describe("a reel read as a witness", () => {
  const all = [diamond, afterAstral, insertion, point, omission, acrossLines];

  it("puts the witness's readings in place, each followed by its mark", () => {
    const ming = placeApparatus(lines, [diamond], "明");
    expect(written(ming.get("P.1")?.parts)).toBe("多羅三藐三菩提心，⟨云何應⟩#0住？");
    const song = placeApparatus(lines, [afterAstral], "宋");
    expect(written(song.get("P.2")?.parts)).toBe("云何降伏其心？𠀋⟨仏⟩#1告須菩提");
  });

  it("marks only what differs: an addition after the lemma, an omission as an empty reading", () => {
    const gong = placeApparatus(lines, [insertion], "宮");
    expect(written(gong.get("P.3")?.parts)).toBe("善哉⟨善⟩#2善哉。須菩提！");
    const yuan = placeApparatus(lines, [omission], "元");
    expect(written(yuan.get("P.2")?.parts)).toBe("云何降伏⟨⟩#4？𠀋佛告須菩提");
    expect(yuan.get("P.2")?.parts).toContainEqual({ kind: "text", text: "", reading: 4 });
  });

  it("keeps the mark of a lemma the text leaves out, and puts no reading there", () => {
    const sanskrit = witnessEntry(6, ["P.3", 5], ["P.3", 5], "ūl", [[["大"], "lū"]]);
    const taisho = placeApparatus(lines, [sanskrit], "大");
    expect(written(taisho.get("P.3")?.parts)).toBe("善哉善哉。#6須菩提！");
  });

  it("shows a reading running over lines in its first line and empties the rest", () => {
    const gong = placeApparatus(lines, [acrossLines], "宮");
    expect(written(gong.get("P.1")?.parts)).toBe("多羅三藐三菩提心，應云何住⟨⟩#5");
    expect(written(gong.get("P.2")?.parts)).toBe("降伏其心？𠀋佛告須菩提");
  });

  it.each(["大", "宋", "元", "明", "宮"])("reads as %s exactly what search in readings reads", (witness) => {
    // The reel as the witness reads it, made by splicing its changes into the joined base text.
    const { text, placed } = placeEntries(lines, all);
    let expected = "";
    let at = 0;
    for (const change of witnessChanges(text, placed, witness)) {
      expected += text.slice(at, change.start) + change.text;
      at = change.end;
    }
    expected += text.slice(at);
    const read = placeApparatus(lines, all, witness);
    expect(lines.map((line) => read.get(line.cid)?.text).join("")).toBe(expected);
  });

  it("moves paragraph starts with the text and keeps every other field of the reel", () => {
    const reel = testReel([
      { ...lines[0], para_offsets: [0, 13] } as (typeof lines)[number] & { para_offsets: number[] },
    ]);
    const placed = placeApparatus(
      reel.pages[0]?.lines ?? [],
      [witnessEntry(0, ["P.1", 9], ["P.1", 12], "應云何", [[["明"], "何"]])],
      "明",
    );
    const read = reelAsRead(reel, placed, ["何"]);
    expect(read.pages[0]?.lines[0]).toMatchObject({
      text: "多羅三藐三菩提心，何住？",
      para_offsets: [0, 11],
    });
    expect(read.allText).toBe(`${reel.allText}何`);
    expect(read.reel_uid).toBe(reel.reel_uid);
  });
});

describe("a line as shown", () => {
  const parts = placeApparatus(lines, [diamond], "明").get("P.1")?.parts ?? [];

  it("leaves punctuation out when asked, keeping the marks", () => {
    const pieces = shownPieces(parts, { punctuation: false, keyword: "", first: 0 });
    expect(pieces.map((p) => (p.kind === "mark" ? "#" : p.text)).join("")).toBe("多羅三藐三菩提心云何應#住");
  });

  it("numbers matches from the line's first and splits one running over a reading and a mark", () => {
    const pieces = shownPieces(parts, { punctuation: true, keyword: "應住", first: 7 });
    const matched = pieces.flatMap((p) =>
      p.kind === "text" && p.match !== null ? [[p.text, p.match, p.reading]] : [],
    );
    expect(matched).toEqual([
      ["應", 7, 0],
      ["住", 7, null],
    ]);
    expect(pieces.some((p) => p.kind === "mark")).toBe(true);
  });

  it("is the plain text itself for a line with no mark, reading or match, as the line without the apparatus", () => {
    const placed = placeApparatus(lines, [diamond], null);
    const styles = { mark: "m", reading: "r", omission: "o", match: "h", currentMatch: "c" };
    const labels = { mark: (entry: number) => ({ number: String(entry + 1), name: "" }), reading: "" };
    const show = (cid: string, keyword: string, marks: boolean) =>
      lineContent(
        placed.get(cid),
        { punctuation: false, marks },
        { keyword, first: 0, current: 0 },
        labels,
        styles,
      );
    expect(show("P.3", "", true)).toBe(withoutPunctuation(lines[2]?.text ?? ""));
    expect(show("P.1", "", false)).toEqual(expect.any(String));
    expect(Array.isArray(show("P.1", "", true))).toBe(true);
    expect(Array.isArray(show("P.3", "善", true))).toBe(true);
  });
});
