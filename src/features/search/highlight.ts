/**
 * Marking hits in text (spec section 5: the keyword is split on whitespace and each term is
 * highlighted). Snippets carry the server's highlights with their kinds; the preview marks the
 * terms and the strings the snippets highlighted, which also covers hits found by folding.
 */
import type { Highlight } from "../../../contract/search.ts";
import { type HighlightKind, searchTerms, VERBATIM_PREFIX } from "../../../contract/search-options.ts";

export type Piece = { text: string; kind: HighlightKind | null };

/** Where highlights overlap, the stronger kind shows. */
const RANK: Record<HighlightKind, number> = { char: 1, segment: 2, full: 3 };
const KIND_OF_RANK: (HighlightKind | null)[] = [null, "char", "segment", "full"];

/** `text` cut into plain and highlighted pieces; offsets outside the text are clipped. */
export function splitHighlights(text: string, highlights: readonly Highlight[]): Piece[] {
  if (text === "") return [];
  const ranks = new Uint8Array(text.length);
  for (const { start, end, kind } of highlights) {
    const from = Math.max(0, Math.min(start, text.length));
    const to = Math.max(from, Math.min(end, text.length));
    for (let i = from; i < to; i++) ranks[i] = Math.max(ranks[i] ?? 0, RANK[kind]);
  }
  const pieces: Piece[] = [];
  let from = 0;
  for (let i = 1; i <= text.length; i++) {
    if (i === text.length || ranks[i] !== ranks[from]) {
      pieces.push({ text: text.slice(from, i), kind: KIND_OF_RANK[ranks[from] ?? 0] ?? null });
      from = i;
    }
  }
  return pieces;
}

/** The keyword's terms as matched in text: whitespace-split, without the verbatim "=" prefix. */
export function keywordTerms(keyword: string): string[] {
  const value = keyword.trim();
  const plain = value.startsWith(VERBATIM_PREFIX) ? value.slice(VERBATIM_PREFIX.length) : value;
  return searchTerms(plain);
}

/** Every occurrence of each term in `text` as a segment highlight. */
export function termHighlights(text: string, terms: readonly string[]): Highlight[] {
  const found: Highlight[] = [];
  for (const term of new Set(terms)) {
    if (term === "") continue;
    for (let at = text.indexOf(term); at !== -1; at = text.indexOf(term, at + term.length)) {
      found.push({ start: at, end: at + term.length, kind: "segment" });
    }
  }
  return found;
}

/** The distinct strings the server highlighted in some snippets, longest first. */
export function highlightedStrings(snippets: readonly { text: string; highlights: Highlight[] }[]): string[] {
  const strings = new Set<string>();
  for (const snippet of snippets) {
    for (const { start, end } of snippet.highlights) {
      const piece = snippet.text.slice(start, end);
      if (piece.trim() !== "") strings.add(piece);
    }
  }
  return [...strings].sort((a, b) => b.length - a.length);
}
