/**
 * The collation notes of a quotation: each place the quoted text touches gets a footnote number
 * after its lemma (or where the quotation stops within it), and a footnote in the apparatus's own
 * notation, every text followed by its witnesses: `[1] 應云何【大】，云何應【明】`.
 */
import type { ApparatusEntry } from "../../../../contract/apparatus-witnesses.ts";
import type { LineSlice } from "../selection/quoteText.ts";
import type { PlacedLine } from "./placement.ts";

export type QuoteNotes = {
  /** Per line, the footnote labels to put after a UTF-16 offset of its text. */
  marks: Map<string, Map<number, string>>;
  notes: string[];
};

/** How the apparatus writes a missing text (a witness without the lemma, or nothing in the base). */
const ABSENT = "〔－〕";

const sigla = (witnesses: readonly string[]): string => witnesses.map((w) => `【${w}】`).join("");

/** One place in the apparatus's notation; a place with no readings gives its note. */
export function noteText(entry: ApparatusEntry): string {
  if (entry.readings.length > 0) {
    const texts = [entry.lemma, ...entry.readings].map((r) => `${r.text || ABSENT}${sigla(r.witnesses)}`);
    return texts.join("，");
  }
  const note =
    entry.notes.find((n) => n.kind === "add") ?? entry.notes.find((n) => n.kind === "orig") ?? entry.notes[0];
  return note?.text ?? `${entry.lemma.text}${sigla(entry.lemma.witnesses)}`;
}

const touches = (place: { from: number; to: number }, slice: LineSlice): boolean =>
  place.from === place.to
    ? slice.from <= place.from && place.from <= slice.to
    : place.from < slice.to && place.to > slice.from;

/** The footnotes of the places `slices` touch, numbered in the order they are quoted. */
export function quoteNotes(
  lines: ReadonlyMap<string, PlacedLine>,
  entries: readonly ApparatusEntry[],
  slices: readonly LineSlice[],
): QuoteNotes {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const cited: { entry: ApparatusEntry; cid: string; at: number; atMark: boolean }[] = [];
  for (const slice of slices) {
    const places = [...(lines.get(slice.cid)?.places ?? [])].sort((a, b) => a.from - b.from);
    for (const place of places) {
      if (!touches(place, slice)) continue;
      const entry = byId.get(place.entry);
      if (!entry) continue;
      const markInside = place.mark !== null && slice.from <= place.mark && place.mark <= slice.to;
      const at = markInside ? (place.mark as number) : Math.min(Math.max(place.to, slice.from), slice.to);
      const known = cited.find((c) => c.entry === entry);
      if (!known) cited.push({ entry, cid: slice.cid, at, atMark: markInside });
      else if (!known.atMark) Object.assign(known, { cid: slice.cid, at, atMark: markInside });
    }
  }
  const marks = new Map<string, Map<number, string>>();
  const notes = cited.map(({ entry, cid, at }, i) => {
    const label = `[${i + 1}]`;
    const line = marks.get(cid) ?? new Map<number, string>();
    line.set(at, (line.get(at) ?? "") + label);
    marks.set(cid, line);
    return `${label} ${noteText(entry)}`;
  });
  return { marks, notes };
}
