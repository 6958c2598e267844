/**
 * A char's counts in one form and segment: each reel's places of every token the char starts (its
 * bigrams and the char alone), that is each reel's hits of the char. They are written after the
 * char's tokens as a token of their own (posting-groups.ts), a list of counts without places
 * (posting-list-bytes.ts writeReelCounts), so a single-char search reads one list per segment
 * rather than every one of the thousands a common char starts.
 */
import { writeReelCounts } from "./posting-list-bytes.ts";

/** Reel numbers from this one on are counted in a map rather than an array indexed by them. */
const DENSE_REELS = 2 ** 20;

/**
 * Each reel's count of places of a char's tokens being summed, in one form; with a negative sign
 * as well, for a form's difference from std's (most `ori` and `sim` lists are std's).
 */
export class CharCounts {
  private hits = new Int32Array(1024);
  private touched = new Int32Array(256);
  private touchedCount = 0;
  private far: Map<number, number> | null = null;
  private reels = new Int32Array(256);
  private counts = new Int32Array(256);
  private bytes = new Uint8Array(1024);

  /** Adds (sign 1) or takes away (sign -1) the list ints[from, …) in its int32 form (posting-lists.ts). */
  addList(ints: Int32Array, from: number, sign: 1 | -1): void {
    const n = ints[from] as number;
    const endsFrom = from + 1 + n;
    for (let i = 0, end = 0; i < n; i++) {
      const next = ints[endsFrom + i] as number;
      this.addReel(ints[from + 1 + i] as number, sign * (next - end));
      end = next;
    }
  }

  /** Whether anything was added since the last take. */
  get touchedAny(): boolean {
    return this.touchedCount > 0 || this.far !== null;
  }

  /**
   * The counts, `base`'s added where given, as a stored list good until the next take; null when
   * no reel's count is above 0. Starts this one again, not `base`.
   */
  take(base?: CharCounts): Uint8Array | null {
    let n = this.gatherInto(this, 0);
    if (base) n = base.gatherInto(this, n);
    const reels = sortReels(this.reels, n);
    if (this.counts.length < n) this.counts = new Int32Array(this.reels.length);
    let kept = 0;
    for (let i = 0; i < reels.length; i++) {
      const reel = reels[i] as number;
      if (i > 0 && reel === reels[i - 1]) continue;
      const count = this.countOf(reel) + (base ? base.countOf(reel) : 0);
      if (count <= 0) continue;
      reels[kept] = reel;
      this.counts[kept++] = count;
    }
    for (let i = 0; i < this.touchedCount; i++) this.hits[this.touched[i] as number] = 0;
    this.touchedCount = 0;
    this.far = null;
    if (kept === 0) return null;
    // A varint of a reel's step and one of its count: five bytes each at most.
    if (this.bytes.length < 5 + kept * 10) this.bytes = new Uint8Array(2 * (5 + kept * 10));
    return this.bytes.subarray(0, writeReelCounts(reels, this.counts, kept, this.bytes, 0));
  }

  /** Puts this one's reels into `into`'s `reels` from `at`; returns where they end. */
  private gatherInto(into: CharCounts, at: number): number {
    const end = at + this.touchedCount + (this.far?.size ?? 0);
    if (end > into.reels.length) {
      const grown = new Int32Array(2 * end);
      grown.set(into.reels.subarray(0, at));
      into.reels = grown;
    }
    into.reels.set(this.touched.subarray(0, this.touchedCount), at);
    let n = at + this.touchedCount;
    if (this.far) for (const reel of this.far.keys()) into.reels[n++] = reel;
    return n;
  }

  private countOf(reel: number): number {
    if (reel >= DENSE_REELS) return this.far?.get(reel) ?? 0;
    return reel < this.hits.length ? (this.hits[reel] as number) : 0;
  }

  private addReel(reel: number, count: number): void {
    if (reel >= DENSE_REELS) {
      this.far ??= new Map();
      this.far.set(reel, (this.far.get(reel) ?? 0) + count);
      return;
    }
    if (reel >= this.hits.length) {
      const grown = new Int32Array(Math.max(reel + 1, this.hits.length * 2));
      grown.set(this.hits);
      this.hits = grown;
    }
    if (this.hits[reel] === 0) {
      if (this.touchedCount === this.touched.length) {
        const grown = new Int32Array(this.touched.length * 2);
        grown.set(this.touched);
        this.touched = grown;
      }
      this.touched[this.touchedCount++] = reel;
    }
    this.hits[reel] = (this.hits[reel] as number) + count;
  }
}

let marks = new Uint8Array(4096);

/**
 * ints[0, n) sorted in place, and returned as a view (it may then hold a reel twice): most chars
 * meet a few reels of a segment, and the common ones most of its reels, which lie close together.
 */
function sortReels(ints: Int32Array, n: number): Int32Array {
  if (n <= 24) {
    for (let i = 1; i < n; i++) {
      const value = ints[i] as number;
      let j = i - 1;
      for (; j >= 0 && (ints[j] as number) > value; j--) ints[j + 1] = ints[j] as number;
      ints[j + 1] = value;
    }
    return ints.subarray(0, n);
  }
  let [lo, hi] = [ints[0] as number, ints[0] as number];
  for (let i = 1; i < n; i++) {
    const reel = ints[i] as number;
    if (reel < lo) lo = reel;
    else if (reel > hi) hi = reel;
  }
  const span = hi - lo + 1;
  if (span > 4 * n) return ints.subarray(0, n).sort();
  if (marks.length < span) marks = new Uint8Array(2 * span);
  for (let i = 0; i < n; i++) marks[(ints[i] as number) - lo] = 1;
  let kept = 0;
  for (let i = 0; i < span; i++) {
    if (marks[i] === 0) continue;
    marks[i] = 0;
    ints[kept++] = lo + i;
  }
  return ints.subarray(0, kept);
}

/** Whether two stored lists hold the same bytes. */
const sameBytes = (a: Uint8Array, b: Uint8Array): boolean =>
  Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);

const NO_LIST = new Uint8Array(0);
/** Forms by their place in a row. */
const [ORI, STD, SIM] = [0, 1, 2];

/**
 * Each char's counts in the three forms, summed over its tokens as they are written: std's, and
 * ori's and sim's differences from it, which are nothing for most tokens (their lists are std's).
 */
export class CharCountsWriter {
  private readonly std = new CharCounts();
  private readonly ori = new CharCounts();
  private readonly sim = new CharCounts();
  private readonly given: (Int32Array | null)[] = [null, null, null];
  private readonly givenFrom = new Float64Array(3);
  private readonly givenTo = new Float64Array(3);

  /**
   * Adds a token's list in a form, its int32s ints[from, to) (null: the form lacks it; empty: an
   * `ori` or `sim` list equal to std's); the lists of a token stay good until the next token.
   */
  add(form: number, ints: Int32Array | null, from: number, to: number): void {
    if (form === STD && ints) this.std.addList(ints, from, 1);
    this.given[form] = ints;
    this.givenFrom[form] = from;
    this.givenTo[form] = to;
  }

  /** After a token's three lists: ori's and sim's differences from std's. */
  endToken(): void {
    const std = this.given[STD] ?? null;
    this.difference(this.ori, ORI, std);
    this.difference(this.sim, SIM, std);
  }

  private difference(differences: CharCounts, form: number, std: Int32Array | null): void {
    const list = this.given[form] ?? null;
    const from = this.givenFrom[form] as number;
    if (list && (this.givenTo[form] as number) === from) return;
    if (list) differences.addList(list, from, 1);
    if (std) differences.addList(std, this.givenFrom[STD] as number, -1);
  }

  /** The lists of the counts token (ori, std, sim), as any token's; then starts again. */
  take(): (Uint8Array | null)[] {
    const std = this.std;
    const hasStd = std.touchedAny;
    const besideStd = (differences: CharCounts): Uint8Array | null =>
      differences.touchedAny ? differences.take(std) : hasStd ? NO_LIST : null;
    const ori = besideStd(this.ori);
    const sim = besideStd(this.sim);
    const stdList = std.take();
    // A form's counts equal to std's are stored empty, as any token's list equal to std's.
    const same = (list: Uint8Array | null) =>
      list && list !== NO_LIST && stdList && sameBytes(list, stdList) ? NO_LIST : list;
    return [same(ori), stdList, same(sim)];
  }
}
