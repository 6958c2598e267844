/**
 * A form's posting lists read beside std's, for a form that differs from std at few places (`ori`,
 * the text as printed, differs at about 3 % of the canon's tokens). Only the places where the two
 * forms' tokens differ are sorted: a gram none of them starts has std's list (and lacks none of
 * std's grams), and a gram some of them start gets std's places less the differing ones, merged
 * with the form's own. The lists are those buildFormPostings would give from the form's texts.
 */
import { CODE_POINTS, type ListRange } from "./form-postings.ts";
import { writeCodePoints } from "./token-sort.ts";

/** Growable int32s. */
class Ints {
  values: Int32Array;
  count = 0;

  constructor(capacity = 1024) {
    this.values = new Int32Array(capacity);
  }

  /** Makes room for `more` ints beyond `count`. */
  reserve(more: number): Int32Array {
    if (this.count + more > this.values.length) {
      const grown = new Int32Array(Math.max(this.values.length * 2, this.count + more));
      grown.set(this.values.subarray(0, this.count));
      this.values = grown;
    }
    return this.values;
  }
}

/** Places whose token is not the same in both forms, with the token of one of them. */
class Places {
  private keys = new Float64Array(1024);
  private readonly reels = new Ints();
  private readonly places = new Ints();

  get count(): number {
    return this.reels.count;
  }

  add(key: number, reel: number, place: number): void {
    const at = this.reels.count;
    if (at === this.keys.length) {
      const keys = new Float64Array(at * 2);
      keys.set(this.keys);
      this.keys = keys;
    }
    this.keys[at] = key;
    this.reels.reserve(1)[this.reels.count++] = reel;
    this.places.reserve(1)[this.places.count++] = place;
  }

  /** The places by key, in the order added within a key (a counting sort by the keys' ranks). */
  sorted(): SortedPlaces {
    const count = this.count;
    const keys = this.keys.subarray(0, count);
    const distinct = Float64Array.from(keys).sort();
    let kinds = 0;
    for (let i = 0; i < count; i++)
      if (i === 0 || distinct[i] !== distinct[i - 1]) distinct[kinds++] = distinct[i] as number;
    const rankOf = (key: number): number => {
      let [lo, hi] = [0, kinds - 1];
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((distinct[mid] as number) < key) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    const ranks = new Int32Array(count);
    const starts = new Int32Array(kinds + 1);
    for (let i = 0; i < count; i++) {
      const rank = rankOf(keys[i] as number);
      ranks[i] = rank;
      starts[rank + 1] = (starts[rank + 1] as number) + 1;
    }
    for (let k = 0; k < kinds; k++) starts[k + 1] = (starts[k + 1] as number) + (starts[k] as number);
    const sorted: SortedPlaces = {
      keys: new Float64Array(count),
      reels: new Int32Array(count),
      places: new Int32Array(count),
    };
    const reels = this.reels.values;
    const places = this.places.values;
    for (let i = 0; i < count; i++) {
      const rank = ranks[i] as number;
      const at = starts[rank] as number;
      starts[rank] = at + 1;
      sorted.keys[at] = distinct[rank] as number;
      sorted.reels[at] = reels[i] as number;
      sorted.places[at] = places[i] as number;
    }
    return sorted;
  }
}

/** Places by token key, in (reel, place) order within a key. */
type SortedPlaces = { keys: Float64Array; reels: Int32Array; places: Int32Array };

/** A text's code points into `into` (grown as needed); returns how many. */
const codePointsOf = (text: string, into: Ints): number =>
  writeCodePoints(text, into.reserve(text.length), 0);

/** The token key at a place of a text of n chars: the char and the next, or the last char alone. */
const tokenKey = (chars: Int32Array, n: number, place: number): number =>
  (chars[place] as number) * CODE_POINTS + (place + 1 < n ? (chars[place + 1] as number) : 0);

/** The places where a form's tokens differ from std's, sorted: see the module comment. */
export type DerivedForm = { lost: SortedPlaces; gained: SortedPlaces };

/**
 * The form of `texts` beside std's of `stdTexts`, for the same reels (`reels` ascending): the
 * places std's lists lose and those the form's gain, each by key.
 */
export function deriveForm(
  reels: ArrayLike<number>,
  stdTexts: readonly string[],
  texts: readonly string[],
): DerivedForm {
  const lost = new Places();
  const gained = new Places();
  const stdChars = new Ints();
  const ownChars = new Ints();
  for (let t = 0; t < texts.length; t++) {
    const text = texts[t] as string;
    const std = stdTexts[t] as string;
    if (text === std) continue;
    const reel = reels[t] as number;
    const n = codePointsOf(std, stdChars);
    const m = codePointsOf(text, ownChars);
    const theirs = stdChars.values;
    const ours = ownChars.values;
    if (n !== m) {
      // Places do not line up: every token of the reel is another.
      for (let p = 0; p < n; p++) lost.add(tokenKey(theirs, n, p), reel, p);
      for (let p = 0; p < m; p++) gained.add(tokenKey(ours, m, p), reel, p);
      continue;
    }
    // A char that differs changes the token it starts and the one before.
    let marked = -1;
    for (let p = 0; p < n; p++) {
      if (theirs[p] === ours[p]) continue;
      for (let q = Math.max(p - 1, marked + 1); q <= p; q++) {
        lost.add(tokenKey(theirs, n, q), reel, q);
        gained.add(tokenKey(ours, n, q), reel, q);
      }
      marked = p;
    }
  }
  return { lost: lost.sorted(), gained: gained.sorted() };
}

/** One gram's list as it is assembled: its reels, their ends and its places. */
class ListScratch {
  readonly reels = new Ints();
  readonly ends = new Ints();
  readonly places = new Ints();

  start(reels: number, places: number): void {
    this.reels.count = 0;
    this.ends.count = 0;
    this.places.count = 0;
    this.reels.reserve(reels);
    this.ends.reserve(reels);
    this.places.reserve(places);
  }

  endReel(reel: number): void {
    this.reels.values[this.reels.count++] = reel;
    this.ends.values[this.ends.count++] = this.places.count;
  }

  /** The ints of the list: [n, reels, ends, places]. */
  get size(): number {
    return 1 + 2 * this.reels.count + this.places.count;
  }

  /** Writes [n, reels, ends, places] at `at`; returns where it ends. */
  writeTo(lists: Int32Array, at: number): number {
    const n = this.reels.count;
    lists[at] = n;
    lists.set(this.reels.values.subarray(0, n), at + 1);
    lists.set(this.ends.values.subarray(0, n), at + 1 + n);
    lists.set(this.places.values.subarray(0, this.places.count), at + 1 + 2 * n);
    return at + 1 + 2 * n + this.places.count;
  }
}

const NO_INTS = new Int32Array(0);

/** A range of sorted places, those of one key. */
type Span = { from: number; to: number };

function spanOf(sorted: SortedPlaces, from: number, key: number): Span {
  let to = from;
  while (to < sorted.keys.length && sorted.keys[to] === key) to++;
  return { from, to };
}

/**
 * A gram's list: std's (none: the form alone has the gram) less the lost places, merged with the gained
 * ones, all in (reel, place) order.
 */
function mergeList(
  stdList: ListRange | null,
  lost: SortedPlaces,
  lostSpan: Span,
  gained: SortedPlaces,
  gainedSpan: Span,
  out: ListScratch,
): void {
  const std = stdList?.lists ?? NO_INTS;
  const offset = stdList ? stdList.from : -1;
  const n = stdList ? (std[offset] as number) : 0;
  const reelsAt = offset + 1;
  const endsAt = offset + 1 + n;
  const placesAt = offset + 1 + 2 * n;
  const stdPlaces = n === 0 ? 0 : (std[placesAt - 1] as number);
  out.start(n + gainedSpan.to - gainedSpan.from, stdPlaces + gainedSpan.to - gainedSpan.from);
  const places = out.places.values;
  let g = gainedSpan.from;
  let l = lostSpan.from;
  for (let i = 0; i <= n; i++) {
    const stdReel = i < n ? (std[reelsAt + i] as number) : Number.POSITIVE_INFINITY;
    // Reels only the gained places are in, before this one of std's.
    while (g < gainedSpan.to && (gained.reels[g] as number) < stdReel) {
      const reel = gained.reels[g] as number;
      while (g < gainedSpan.to && gained.reels[g] === reel)
        places[out.places.count++] = gained.places[g++] as number;
      out.endReel(reel);
    }
    if (i === n) break;
    const from = placesAt + (i === 0 ? 0 : (std[endsAt + i - 1] as number));
    const to = placesAt + (std[endsAt + i] as number);
    const before = out.places.count;
    let at = before;
    const touched =
      (l < lostSpan.to && lost.reels[l] === stdReel) || (g < gainedSpan.to && gained.reels[g] === stdReel);
    if (!touched) {
      for (let k = from; k < to; k++) places[at++] = std[k] as number;
    } else {
      for (let k = from; k < to; k++) {
        const place = std[k] as number;
        while (g < gainedSpan.to && gained.reels[g] === stdReel && (gained.places[g] as number) < place)
          places[at++] = gained.places[g++] as number;
        if (l < lostSpan.to && lost.reels[l] === stdReel && lost.places[l] === place) {
          l++;
          continue;
        }
        places[at++] = place;
      }
      while (g < gainedSpan.to && gained.reels[g] === stdReel) places[at++] = gained.places[g++] as number;
    }
    out.places.count = at;
    if (at > before) out.endReel(stdReel);
  }
}

/** Reads a derived form's lists in gram order, beside std's. */
export class DerivedReader {
  private lost = 0;
  private gained = 0;
  private readonly scratch = new ListScratch();
  private list = new Int32Array(1024);

  constructor(private readonly form: DerivedForm) {}

  /** The next gram (key) whose list is not std's, or +∞. */
  nextKey(): number {
    const { lost, gained } = this.form;
    const lostKey =
      this.lost < lost.keys.length ? (lost.keys[this.lost] as number) : Number.POSITIVE_INFINITY;
    const gainedKey =
      this.gained < gained.keys.length ? (gained.keys[this.gained] as number) : Number.POSITIVE_INFINITY;
    return Math.min(lostKey, gainedKey);
  }

  /**
   * The list of the gram `key` (nextKey's) from std's list of it (null: std lacks the gram); null
   * when the form lacks it. The list is good until the next call.
   */
  take(key: number, std: ListRange | null): ListRange | null {
    const { lost, gained } = this.form;
    const lostSpan = spanOf(lost, this.lost, key);
    const gainedSpan = spanOf(gained, this.gained, key);
    this.lost = lostSpan.to;
    this.gained = gainedSpan.to;
    mergeList(std, lost, lostSpan, gained, gainedSpan, this.scratch);
    if (this.scratch.places.count === 0) return null;
    const size = this.scratch.size;
    if (size > this.list.length) this.list = new Int32Array(Math.max(size, this.list.length * 2));
    return { lists: this.list, from: 0, to: this.scratch.writeTo(this.list, 0) };
  }
}
