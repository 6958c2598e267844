/**
 * The quoted text of a selection, from the reel's own lines rather than the page: line heads and
 * search marks never enter it, paragraphs may start on new lines, punctuation may be left out.
 */
import type { Reel } from "../../../../contract/canon.ts";
import { withoutPunctuation } from "../readingSettings.ts";

/** Part of one reel line: characters [from, to) of its text, in UTF-16 units. */
export type LineSlice = { cid: string; from: number; to: number };

export type QuoteTextOptions = {
  paragraphs: boolean;
  punctuation: boolean;
  /** Per line, text to put after a UTF-16 offset of its text (footnote numbers). */
  marks?: ReadonlyMap<string, ReadonlyMap<number, string>>;
};

export function quoteText(reel: Reel, slices: readonly LineSlice[], options: QuoteTextOptions): string {
  const lines = new Map(reel.pages.flatMap((page) => page.lines.map((line) => [line.cid, line] as const)));
  let out = "";
  for (const slice of slices) {
    const line = lines.get(slice.cid);
    if (!line) continue;
    const starts = options.paragraphs ? line.para_offsets : [];
    const marks = options.marks?.get(slice.cid);
    const to = Math.min(slice.to, line.text.length);
    const breakAt = (i: number) => {
      if (out !== "" && starts.includes(i) && !out.endsWith("\n")) out += "\n";
    };
    for (let i = slice.from; i <= to; i++) {
      // A label follows the char before it; at the quotation's start it opens the paragraph.
      if (i === slice.from && i < to) breakAt(i);
      out += marks?.get(i) ?? "";
      if (i === to) break;
      if (i > slice.from) breakAt(i);
      out += line.text[i];
    }
  }
  return options.punctuation ? out : withoutPunctuation(out);
}

/** The first and last line of a selection. */
export function sliceBounds(slices: readonly LineSlice[]): { first: string; last: string } | null {
  const first = slices[0];
  const last = slices[slices.length - 1];
  return first && last ? { first: first.cid, last: last.cid } : null;
}
