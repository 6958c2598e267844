/**
 * Quick search within the open reel (spec sections 2 and 9): every occurrence of the keyword in
 * the shown text, numbered in reading order so Enter can step to the next one and wrap.
 */
export const QUICK_SEARCH_DEBOUNCE_MS = 800;

export type TextPiece = { text: string; match: number | null };

/** Splits `text` at each occurrence of `keyword`; matches are numbered from `first`. */
export function splitMatches(text: string, keyword: string, first: number): TextPiece[] {
  if (keyword === "") return [{ text, match: null }];
  const pieces: TextPiece[] = [];
  let from = 0;
  let n = first;
  for (let at = text.indexOf(keyword); at >= 0; at = text.indexOf(keyword, at + keyword.length)) {
    if (at > from) pieces.push({ text: text.slice(from, at), match: null });
    pieces.push({ text: keyword, match: n++ });
    from = at + keyword.length;
  }
  if (from < text.length) pieces.push({ text: text.slice(from), match: null });
  return pieces;
}

/** The number of the first match in each line, and the total. */
export function matchStarts(lines: readonly string[], keyword: string): { starts: number[]; total: number } {
  const starts: number[] = [];
  let total = 0;
  for (const line of lines) {
    starts.push(total);
    if (keyword !== "")
      total += splitMatches(line, keyword, 0).filter((piece) => piece.match !== null).length;
  }
  return { starts, total };
}

/** The next match after `current`, wrapping to the first. */
export const nextMatch = (current: number, total: number): number =>
  total === 0 ? 0 : (current + 1) % total;
