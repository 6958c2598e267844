/**
 * A phrase's hits in one segment, found from the lists of the bigrams that cover it: the places of
 * the part with the fewest places (the lead), less its offset, where every other part has its
 * bigram at its own offset. Counting walks the lead's reels in order and reads each shared reel's
 * places one at a time through cursors (posting-list-bytes.ts), a part's no further than the lead's
 * last: a common phrase meets thousands of reels, and arrays of their places were most of its cost.
 */
import type { PlaceCursor, PostingListReader } from "./posting-list-bytes.ts";

/** A bigram's list and where in the phrase it stands. */
export type PhrasePart = { list: PostingListReader; offset: number };

/** Where `reel` is in `reels`, or -1. */
export function reelIndex(reels: Int32Array, reel: number): number {
  let [lo, hi] = [0, reels.length - 1];
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = reels[mid] as number;
    if (at === reel) return mid;
    if (at < reel) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * The first index at or after `from` whose reel is not below `reel` (`reels.length` if none):
 * steps that double, then a binary search, so a walk along a much longer list skips most of it.
 */
function seek(reels: Int32Array, from: number, reel: number): number {
  const n = reels.length;
  if (from >= n || (reels[from] as number) >= reel) return from;
  let step = 1;
  let lo = from;
  let hi = from + 1;
  while (hi < n && (reels[hi] as number) < reel) {
    lo = hi;
    step *= 2;
    hi = from + step;
  }
  hi = Math.min(hi, n);
  // reels[lo] < reel, and reels[hi] >= reel or hi === n.
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if ((reels[mid] as number) < reel) lo = mid;
    else hi = mid;
  }
  return hi;
}

export class PhraseMatcher {
  readonly lead: PostingListReader;
  private readonly leadOffset: number;
  private readonly others: readonly PhrasePart[];
  /** Each other part's index of the reel being matched. */
  private readonly at: Int32Array;
  private readonly leadCursor: PlaceCursor;
  /** A cursor per other part (a bigram may stand twice in a phrase: each part reads on its own). */
  private readonly cursors: PlaceCursor[];
  private readonly offsets: Int32Array;

  constructor(parts: readonly PhrasePart[]) {
    let driver = 0;
    parts.forEach((part, i) => {
      if (part.list.places < (parts[driver] as PhrasePart).list.places) driver = i;
    });
    const lead = parts[driver] as PhrasePart;
    this.lead = lead.list;
    this.leadOffset = lead.offset;
    this.others = parts.filter((_part, i) => i !== driver);
    this.at = new Int32Array(this.others.length);
    this.leadCursor = this.lead.cursor();
    this.cursors = this.others.map((part) => part.list.cursor());
    this.offsets = Int32Array.from(this.others, (part) => part.offset);
  }

  /**
   * Finds the lead's reel at `r` in every other part, walking on from the reel found before (call
   * with ascending `r`); false when a part lacks it.
   */
  alignAscending(r: number): boolean {
    const reel = this.lead.reels[r] as number;
    for (let i = 0; i < this.others.length; i++) {
      const reels = (this.others[i] as PhrasePart).list.reels;
      const at = seek(reels, this.at[i] as number, reel);
      this.at[i] = at;
      if (at >= reels.length || reels[at] !== reel) return false;
    }
    return true;
  }

  /** Hits in the reel at `r` of the lead's reels, once aligned. */
  count(r: number): number {
    return this.match(r, null);
  }

  /** The places of the phrase in `reel`, in order. */
  placesOf(reel: number): number[] {
    const r = reelIndex(this.lead.reels, reel);
    if (r < 0) return [];
    for (let i = 0; i < this.others.length; i++) {
      const at = reelIndex((this.others[i] as PhrasePart).list.reels, reel);
      if (at < 0) return [];
      this.at[i] = at;
    }
    const found: number[] = [];
    this.match(r, found);
    return found;
  }

  /** Hits in the reel at `r` of the lead's reels, once aligned; their places go into `found` if given. */
  private match(r: number, found: number[] | null): number {
    const lead = this.leadCursor;
    lead.open(r);
    const cursors = this.cursors;
    const offsets = this.offsets;
    const parts = cursors.length;
    for (let i = 0; i < parts; i++) (cursors[i] as PlaceCursor).open(this.at[i] as number);
    let hits = 0;
    outer: while (lead.left > 0) {
      const start = lead.next() - this.leadOffset;
      for (let i = 0; i < parts; i++) {
        const cursor = cursors[i] as PlaceCursor;
        const want = start + (offsets[i] as number);
        let place = cursor.place;
        while (place < want) {
          if (cursor.left === 0) break outer;
          place = cursor.next();
        }
        if (place !== want) continue outer;
      }
      hits++;
      found?.push(start);
    }
    return hits;
  }
}
