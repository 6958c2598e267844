/**
 * Marking hits in text (spec section 5: the keyword is split on whitespace and each term is
 * highlighted). Snippets carry the server's highlights with their kinds; the preview marks the
 * terms and the strings the snippets highlighted, which also covers hits found by folding.
 */
import type { Highlight } from "../../../contract/search.ts";

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
