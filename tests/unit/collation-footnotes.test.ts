/**
 * Quote copy with the collation notes: a footnote number after each quoted place (after its
 * lemma, or where the quotation stops inside it), the notes in the apparatus's notation after the
 * citation, and the same in a reel read as a witness.
 */
import { describe, expect, it } from "vitest";
import type { ApparatusEntry } from "../../contract/apparatus-witnesses.ts";
import { reelAsRead as asRead } from "../../src/features/reader-reel/collation/asRead.ts";
import { noteText, quoteNotes } from "../../src/features/reader-reel/collation/footnotes.ts";
import { linesOf, placeApparatus } from "../../src/features/reader-reel/collation/placement.ts";
import { quoteText } from "../../src/features/reader-reel/selection/quoteText.ts";
import { diamondApparatus, diamondEntry, diamondLines, pointEntry, testReel } from "./collation-fixture.ts";

const reel = testReel(diamondLines);
const LINE = "TS_8_748c.28";
const options = { paragraphs: true, punctuation: true };

function quoted(witness: string | null, slices: { cid: string; from: number; to: number }[]) {
  const placed = placeApparatus(linesOf(reel), diamondApparatus.entries, witness);
  const shown = witness ? asRead(reel, placed, ["云何應"]) : reel;
  const notes = quoteNotes(placed, diamondApparatus.entries, slices);
  return { text: quoteText(shown, slices, { ...options, marks: notes.marks }), notes: notes.notes };
}

describe("the notes of a quotation", () => {
  it("numbers a quoted place after its lemma and writes every text with its witnesses", () => {
    // 「應云何住？」: from the lemma to the question mark.
    expect(quoted(null, [{ cid: LINE, from: 9, to: 14 }])).toEqual({
      text: "應云何[1]住？",
      notes: ["[1] 應云何【大】，云何應【明】"],
    });
  });

  it("puts the number where a quotation stops inside a place", () => {
    expect(quoted(null, [{ cid: LINE, from: 5, to: 10 }]).text).toBe("菩提心，應[1]");
  });

  it("leaves out places the quotation does not touch", () => {
    expect(quoted(null, [{ cid: LINE, from: 13, to: 20 }])).toEqual({ text: "？云何降伏其心", notes: [] });
  });

  it("gives a note at a point its own text, numbered in the order quoted", () => {
    const first = diamondLines[0]?.cid ?? "";
    const both = quoted(null, [
      { cid: first, from: 0, to: 3 },
      { cid: LINE, from: 9, to: 12 },
    ]);
    expect(both).toEqual({
      text: "[1]發阿耨應云何[2]",
      notes: ["[1] 經文分段依大正藏。", "[2] 應云何【大】，云何應【明】"],
    });
  });

  it("quotes a reel read as a witness with its reading and the same note", () => {
    expect(quoted("明", [{ cid: LINE, from: 9, to: 14 }])).toEqual({
      text: "云何應[1]住？",
      notes: ["[1] 應云何【大】，云何應【明】"],
    });
  });

  it("writes a missing text as the apparatus does", () => {
    const omitted: ApparatusEntry = {
      ...diamondEntry,
      lemma: { witnesses: ["大"], text: "住" },
      readings: [{ witnesses: ["宋", "元"], text: "", resp: "Taisho" }],
    };
    expect(noteText(omitted)).toBe("住【大】，〔－〕【宋】【元】");
    expect(noteText(pointEntry)).toBe("經文分段依大正藏。");
  });
});
