/**
 * The posting lists of the search index (posting-index.ts), built from reels' searchable text. A reel's tokens are those of contract/search-tokenizer.ts searchTokens: at each char the
 * bigram starting there, and the last char alone. A token's posting list, for one text form and
 * the reels of one segment, is built as int32s:
 *   [n, reel_1 … reel_n, end_1 … end_n, positions…]
 * the reels (numbers within their tripitaka's id range) ascending, and each reel's places (chars
 * from its start) ascending, reel i's being positions[end_(i-1) … end_i); it is stored as varints
 * (posting-list-bytes.ts). An `ori` or `sim` list equal to the `std` one is stored empty.
 *
 * std's and sim's lists are built from their texts (form-postings.ts), ori's from std's and the
 * few places where ori differs (derived-postings.ts); the two builds can run side by side in
 * threads (posting-threads.ts). The forms are merged in gram order as they are written.
 */
import { type DerivedForm, DerivedReader, deriveForm } from "./derived-postings.ts";
import {
  buildFormPostings,
  CODE_POINTS,
  type FormPostings,
  type ListRange,
  listAt,
} from "./form-postings.ts";
import type { IndexColumn, ReelText } from "./index-columns.ts";

/** A reel to index: its number within its tripitaka's id range and its text per form. */
export type PostingReel = { reel: number; text: ReelText };

/** Where the rows go: a row's gram as code points (second 0: a char alone), then its lists. */
export type PostingSink = {
  row(first: number, second: number): void;
  /**
   * A list: the int32s ints[from, to), good until the next row; null where the form lacks the
   * token.
   */
  list(ints: Int32Array | null, from: number, to: number): void;
};

/** Whether a[aFrom, aTo) and b[bFrom, bTo) hold the same ints. */
function sameInts(
  a: Int32Array,
  aFrom: number,
  aTo: number,
  b: Int32Array,
  bFrom: number,
  bTo: number,
): boolean {
  if (aTo - aFrom !== bTo - bFrom) return false;
  for (let i = aFrom, j = bFrom; i < aTo; i++, j++) if (a[i] !== b[j]) return false;
  return true;
}

/** An `ori` or `sim` list (null: the form lacks the gram), empty when it equals std's. */
function writeBesideStd(sink: PostingSink, list: ListRange | null, std: ListRange | null): void {
  if (!list) {
    sink.list(null, 0, 0);
    return;
  }
  const same = std !== null && sameInts(list.lists, list.from, list.to, std.lists, std.from, std.to);
  sink.list(list.lists, list.from, same ? list.from : list.to);
}

/** The posting lists of a set of reels: std's and sim's built, ori's derived from std's. */
export type PostingForms = { ori: DerivedForm; std: FormPostings; sim: FormPostings };

export class Postings {
  constructor(private readonly forms: PostingForms) {}

  /**
   * Writes the rows (ori, std, sim) in their grams' code point order, an `ori` or `sim` list equal
   * to std's as an empty one. `pause` is awaited when it gives a promise.
   */
  async write(sink: PostingSink, pause: () => Promise<void> | null): Promise<void> {
    const { std, sim } = this.forms;
    const ori = new DerivedReader(this.forms.ori);
    let s = 0;
    let m = 0;
    const end = Number.POSITIVE_INFINITY;
    for (;;) {
      const oriKey = ori.nextKey();
      const stdKey = s < std.keys.length ? (std.keys[s] as number) : end;
      const simKey = m < sim.keys.length ? (sim.keys[m] as number) : end;
      const key = Math.min(oriKey, stdKey, simKey);
      if (key === end) return;
      const first = Math.floor(key / CODE_POINTS);
      sink.row(first, key - first * CODE_POINTS);
      const stdList = stdKey === key ? listAt(std, s++) : null;
      if (oriKey === key) writeBesideStd(sink, ori.take(key, stdList), stdList);
      else sink.list(stdList?.lists ?? null, 0, 0);
      if (stdList) sink.list(std.lists, stdList.from, stdList.to);
      else sink.list(null, 0, 0);
      writeBesideStd(sink, simKey === key ? listAt(sim, m++) : null, stdList);
      const waiting = pause();
      if (waiting) await waiting;
    }
  }
}

/** The texts of one form of the reels. */
export const formTexts = (reels: readonly PostingReel[], form: IndexColumn): string[] =>
  reels.map((reel) => reel.text[form]);

/** The posting lists of the given reels (ascending reel numbers), built here; ori's from std's. */
export function buildPostings(reels: readonly PostingReel[]): Postings {
  const numbers = Int32Array.from(reels, (reel) => reel.reel);
  const stdTexts = formTexts(reels, "std");
  return new Postings({
    ori: deriveForm(numbers, stdTexts, formTexts(reels, "ori")),
    std: buildFormPostings(numbers, stdTexts),
    sim: buildFormPostings(numbers, formTexts(reels, "sim")),
  });
}
