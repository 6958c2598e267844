/**
 * A phrase's hits in one segment, found from the lists of the bigrams that cover it: the places of
 * the part with the fewest places (the lead), less its offset, where every other part has its
 * bigram at its own offset. Counting walks the lead's reels in order and reads each shared reel's
 * places into buffers kept for the next reel: a common phrase meets thousands of reels, and a new
 * array for each reel's places was most of its cost.
 */
import type { PostingListReader } from "./posting-list-bytes.ts";

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
  /** Each other part's index of the reel being matched, its count of places there, and where the walk stands in them. */
  private readonly at: Int32Array;
  private readonly sizes: Int32Array;
  private readonly next: Int32Array;
  private leadPlaces = new Int32Array(64);
  private readonly otherPlaces: Int32Array[];

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
    this.sizes = new Int32Array(this.others.length);
    this.next = new Int32Array(this.others.length);
    this.otherPlaces = this.others.map(() => new Int32Array(64));
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
    const count = this.lead.counts[r] as number;
    if (this.leadPlaces.length < count) this.leadPlaces = new Int32Array(2 * count);
    const leadPlaces = this.leadPlaces;
    this.lead.writePlacesAt(r, leadPlaces, 0);
    for (let i = 0; i < this.others.length; i++) {
      const list = (this.others[i] as PhrasePart).list;
      const at = this.at[i] as number;
      const size = list.counts[at] as number;
      if ((this.otherPlaces[i] as Int32Array).length < size) this.otherPlaces[i] = new Int32Array(2 * size);
      list.writePlacesAt(at, this.otherPlaces[i] as Int32Array, 0);
      this.sizes[i] = size;
      this.next[i] = 0;
    }
    let hits = 0;
    outer: for (let k = 0; k < count; k++) {
      const start = (leadPlaces[k] as number) - this.leadOffset;
      for (let i = 0; i < this.others.length; i++) {
        const want = start + (this.others[i] as PhrasePart).offset;
        const places = this.otherPlaces[i] as Int32Array;
        const size = this.sizes[i] as number;
        let next = this.next[i] as number;
        while (next < size && (places[next] as number) < want) next++;
        this.next[i] = next;
        if (next >= size) break outer;
        if (places[next] !== want) continue outer;
      }
      hits++;
      found?.push(start);
    }
    return hits;
  }
}
