/**
 * The posting lists of PostgreSQL's search index (postgres-index.ts), built from reels' searchable
 * text. A reel's tokens are those of contract/search-tokenizer.ts searchTokens: at each char the
 * bigram starting there, and the last char alone. A token's posting list, for one text form and
 * the reels of one segment, is a blob of little-endian int32s:
 *   [n, reel_1 … reel_n, end_1 … end_n, positions…]
 * the reels (numbers within their tripitaka's id range) ascending, and each reel's places (chars
 * from its start) ascending, reel i's being positions[end_(i-1) … end_i). An `ori` or `sim` list
 * equal to the `std` one is stored empty.
 *
 * Each form's lists are built on their own (buildFormPostings), so the three can be built side by
 * side in threads (posting-threads.ts), then merged in gram order as they are written.
 */
import { INDEX_COLUMNS, type IndexColumn, type ReelText } from "./index-columns.ts";
import { sortTokens } from "./token-sort.ts";

/** A reel to index: its number within its tripitaka's id range and its text per form. */
export type PostingReel = { reel: number; text: ReelText };

/**
 * One form's lists of a set of reels, in their grams' code point order (PostgreSQL's "C"
 * collation): gram i's key is keys[i] (first code point × CODE_POINTS + second, 0 for a char alone)
 * and its list is the int32s lists[offsets[i], offsets[i + 1]).
 */
export type FormPostings = { keys: Float64Array; offsets: Float64Array; lists: Int32Array };

/** Code points below this bound: a gram's sort key is first × bound + second. */
const CODE_POINTS = 0x200000;

/** The lists of one form of the reels (`reels` ascending, `texts` theirs). */
export function buildFormPostings(reels: ArrayLike<number>, texts: readonly string[]): FormPostings {
  const sorted = sortTokens(texts);
  const { keys, places, starts, width, codePoints } = sorted;
  const textOf = sorted.texts;
  const total = keys.length;
  // Sizes first: a list is its reel count, a reel and an end per reel, and its places.
  let grams = 0;
  let size = total;
  for (let i = 0, key = -1, text = -1; i < total; i++) {
    if (keys[i] !== key) {
      key = keys[i] as number;
      text = textOf[i] as number;
      grams++;
      size += 3;
    } else if (textOf[i] !== text) {
      text = textOf[i] as number;
      size += 2;
    }
  }
  const gramKeys = new Float64Array(grams);
  const offsets = new Float64Array(grams + 1);
  const lists = new Int32Array(size);
  let at = 0;
  for (let i = 0, gram = 0; i < total; gram++) {
    const key = keys[i] as number;
    let end = i;
    let reelCount = 0;
    for (let text = -1; end < total && keys[end] === key; end++)
      if (textOf[end] !== text) {
        text = textOf[end] as number;
        reelCount++;
      }
    const first = Math.floor(key / width);
    const second = key - first * width;
    gramKeys[gram] = (codePoints[first] as number) * CODE_POINTS + (codePoints[second] as number);
    offsets[gram] = at;
    lists[at] = reelCount;
    let reelAt = at + 1;
    let endAt = at + 1 + reelCount;
    let placeAt = at + 1 + 2 * reelCount;
    let placed = 0;
    for (let text = -1; i < end; i++, placed++) {
      const placeText = textOf[i] as number;
      if (placeText !== text) {
        if (text !== -1) lists[endAt++] = placed;
        lists[reelAt++] = reels[placeText] as number;
        text = placeText;
      }
      lists[placeAt++] = (places[i] as number) - (starts[placeText] as number);
    }
    lists[endAt] = placed;
    at = placeAt;
  }
  offsets[grams] = at;
  return { keys: gramKeys, offsets, lists };
}

/** Where the rows go: a row's gram as code points (second 0: a char alone), then its lists. */
export type PostingSink = {
  row(first: number, second: number): void;
  /** A list: the int32s ints[from, to); null where the form lacks the token. */
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

/** A form's list of its gram number `at`: the ints lists[from, to). */
type ListRange = { lists: Int32Array; from: number; to: number };

const listAt = (form: FormPostings, at: number): ListRange => ({
  lists: form.lists,
  from: form.offsets[at] as number,
  to: form.offsets[at + 1] as number,
});

/** An `ori` or `sim` list (null: the form lacks the gram), empty when it equals std's. */
function writeBesideStd(sink: PostingSink, list: ListRange | null, std: ListRange | null): void {
  if (!list) {
    sink.list(null, 0, 0);
    return;
  }
  const same = std !== null && sameInts(list.lists, list.from, list.to, std.lists, std.from, std.to);
  sink.list(list.lists, list.from, same ? list.from : list.to);
}

/** The posting lists of a set of reels, each form's built on its own. */
export class Postings {
  constructor(private readonly forms: Record<IndexColumn, FormPostings>) {}

  /**
   * Writes the rows (ori, std, sim) in their grams' code point order, an `ori` or `sim` list equal
   * to std's as an empty one. `pause` is awaited when it gives a promise.
   */
  async write(sink: PostingSink, pause: () => Promise<void> | null): Promise<void> {
    const { ori, std, sim } = this.forms;
    let o = 0;
    let s = 0;
    let m = 0;
    const end = Number.POSITIVE_INFINITY;
    for (;;) {
      const oriKey = o < ori.keys.length ? (ori.keys[o] as number) : end;
      const stdKey = s < std.keys.length ? (std.keys[s] as number) : end;
      const simKey = m < sim.keys.length ? (sim.keys[m] as number) : end;
      const key = Math.min(oriKey, stdKey, simKey);
      if (key === end) return;
      const first = Math.floor(key / CODE_POINTS);
      sink.row(first, key - first * CODE_POINTS);
      const stdList = stdKey === key ? listAt(std, s++) : null;
      writeBesideStd(sink, oriKey === key ? listAt(ori, o++) : null, stdList);
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

/** The posting lists of the given reels (ascending reel numbers), built here. */
export function buildPostings(reels: readonly PostingReel[]): Postings {
  const numbers = Int32Array.from(reels, (reel) => reel.reel);
  const forms = {} as Record<IndexColumn, FormPostings>;
  for (const form of INDEX_COLUMNS) forms[form] = buildFormPostings(numbers, formTexts(reels, form));
  return new Postings(forms);
}

/** A posting list read back: its reels, each reel's end in `places`, and the places. */
export type PostingList = { reels: Int32Array; ends: Int32Array; places: Int32Array };

export function readPostingList(blob: Uint8Array): PostingList {
  const whole = blob.byteLength - (blob.byteLength % 4);
  const ints =
    blob.byteOffset % 4 === 0
      ? new Int32Array(blob.buffer, blob.byteOffset, whole / 4)
      : new Int32Array(blob.slice(0, whole).buffer);
  const n = ints[0] as number;
  return {
    reels: ints.subarray(1, 1 + n),
    ends: ints.subarray(1 + n, 1 + 2 * n),
    places: ints.subarray(1 + 2 * n),
  };
}
