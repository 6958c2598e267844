/**
 * A snippet's text cut into plain and highlighted pieces (spec section 5), as the search page marks
 * it and as the server draws a search's first results in the page.
 */
import type { Highlight } from "./search.ts";
import type { HighlightKind } from "./search-options.ts";

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
