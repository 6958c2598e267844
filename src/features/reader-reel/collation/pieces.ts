/**
 * A line's parts as the reader shows them: punctuation left out when the settings say so, and the
 * quick-search matches of the line as read marked, a match running over a reading or a mark
 * split into pieces that keep its number.
 */
import { splitMatches } from "../quickSearch.ts";
import { withoutPunctuation } from "../readingSettings.ts";
import type { LinePart } from "./placement.ts";

export type Piece =
  | { kind: "text"; text: string; reading: number | null; match: number | null }
  | { kind: "mark"; entry: number };

export type PieceOptions = { punctuation: boolean; keyword: string; first: number };

export function shownPieces(parts: readonly LinePart[], options: PieceOptions): Piece[] {
  const shown = parts.flatMap((part): LinePart[] => {
    if (part.kind === "mark" || options.punctuation) return [part];
    const text = withoutPunctuation(part.text);
    return text === "" && (part.text !== "" || part.reading === null) ? [] : [{ ...part, text }];
  });
  const line = shown.map((part) => (part.kind === "text" ? part.text : "")).join("");
  const matches: { from: number; to: number; match: number }[] = [];
  let at = 0;
  for (const piece of splitMatches(line, options.keyword, options.first)) {
    if (piece.match !== null) matches.push({ from: at, to: at + piece.text.length, match: piece.match });
    at += piece.text.length;
  }
  const pieces: Piece[] = [];
  let offset = 0;
  for (const part of shown) {
    if (part.kind === "mark" || part.text === "") {
      pieces.push(part.kind === "mark" ? part : { ...part, match: null });
      continue;
    }
    const end = offset + part.text.length;
    let cursor = offset;
    for (const m of matches) {
      if (m.to <= cursor || m.from >= end) continue;
      if (m.from > cursor) pieces.push({ ...part, text: line.slice(cursor, m.from), match: null });
      const to = Math.min(m.to, end);
      pieces.push({ ...part, text: line.slice(Math.max(m.from, cursor), to), match: m.match });
      cursor = to;
    }
    if (end > cursor) pieces.push({ ...part, text: line.slice(cursor, end), match: null });
    offset = end;
  }
  return pieces;
}
