/**
 * A posting list as it is stored in search_posting (posting-lists.ts gives the list): unsigned
 * LEB128 varints (7 bits a byte, low bits first, the high bit set on every byte but a number's
 * last):
 *   n, then for each of the n reels its difference from the one before (the first from 0) times
 *   two, plus one when the reel has more than one place, followed then by its count of places less
 *   two; then each reel's places as differences (each reel's first from 0).
 * Places within a reel are close together, most lists are short and most of a list's reels hold
 * its token once, so a list takes about 40 % of the bytes of its int32s: less to write to the
 * table and its log, less to read back.
 */

const MISMATCH = "a stored posting list does not hold the numbers it counts";

/** A posting list read back: its reels, each reel's end in `places`, and the places. */
export type PostingList = { reels: Int32Array; ends: Int32Array; places: Int32Array };

/** The most bytes the list of `ints` int32s takes: five per number (32 bits). */
export const maxPostingListBytes = (ints: number): number => ints * 5;

/** Writes `value` (0 ≤ value < 2³²) as a varint into `into` from `at`; returns where it ends. */
function writeVarint(into: Uint8Array, at: number, value: number): number {
  let rest = value;
  let out = at;
  while (rest >= 0x80) {
    into[out++] = (rest & 0x7f) | 0x80;
    rest >>>= 7;
  }
  into[out++] = rest;
  return out;
}

/** Writes a reel's step from the one before and its count of places, as the list's head holds them. */
function writeReelHead(into: Uint8Array, at: number, step: number, count: number): number {
  const out = writeVarint(into, at, step * 2 + (count > 1 ? 1 : 0));
  return count > 1 ? writeVarint(into, out, count - 2) : out;
}

/**
 * Writes the list ints[from, to) (its int32 form: n, the reels, their ends, the places) into
 * `into` from `at`; returns where it ends. An empty range writes nothing.
 */
export function writePostingList(
  ints: Int32Array,
  from: number,
  to: number,
  into: Uint8Array,
  at: number,
): number {
  if (to === from) return at;
  const n = ints[from] as number;
  const endsFrom = from + 1 + n;
  const placesFrom = endsFrom + n;
  let out = writeVarint(into, at, n);
  for (let i = 0, reel = 0, end = 0; i < n; i++) {
    const nextReel = ints[from + 1 + i] as number;
    const nextEnd = ints[endsFrom + i] as number;
    out = writeReelHead(into, out, nextReel - reel, nextEnd - end);
    reel = nextReel;
    end = nextEnd;
  }
  let place = placesFrom;
  for (let i = endsFrom; i < placesFrom; i++) {
    const reelEnd = placesFrom + (ints[i] as number);
    for (let previous = 0; place < reelEnd; place++) {
      out = writeVarint(into, out, (ints[place] as number) - previous);
      previous = ints[place] as number;
    }
  }
  return out;
}

/**
 * Writes a list of counts alone: reels[0, n) ascending and each one's count (≥ 1), as a posting
 * list's head with no places after it (a char's counts, posting-groups.ts). Returns where it ends.
 */
export function writeReelCounts(
  reels: Int32Array,
  counts: Int32Array,
  n: number,
  into: Uint8Array,
  at: number,
): number {
  let out = writeVarint(into, at, n);
  for (let i = 0, reel = 0; i < n; i++) {
    out = writeReelHead(into, out, (reels[i] as number) - reel, counts[i] as number);
    reel = reels[i] as number;
  }
  return out;
}

/** Reads a stored list whole (an empty blob: no reels). */
export function readPostingList(blob: Uint8Array): PostingList {
  const list = new PostingListReader(blob);
  const ends = new Int32Array(list.counts.length);
  const places = new Int32Array(list.places);
  for (let i = 0, end = 0; i < ends.length; i++) {
    end = list.writePlacesAt(i, places, end);
    ends[i] = end;
  }
  list.checkEnd();
  return { reels: list.reels, ends, places };
}

/**
 * A stored list read as far as it is needed: its reels and their counts of places at once, a
 * reel's places when they are asked for (the places are most of a list's bytes).
 */
export class PostingListReader {
  readonly reels: Int32Array;
  /** Each reel's count of places. */
  readonly counts: Int32Array;
  /** Places in all. */
  readonly places: number;
  private at = 0;
  /** Where the places start: after the reels and their counts. */
  private readonly placesStart: number;
  /**
   * Where each reel's places start, known for the first `known` reels: made when a reel's places
   * are first read (most lists of a search are only counted).
   */
  private starts: Int32Array | null = null;
  private known = 1;

  constructor(private readonly bytes: Uint8Array) {
    const n = bytes.byteLength === 0 ? 0 : this.next();
    // Every reel takes a byte at least.
    if (n > bytes.byteLength) throw new RangeError(MISMATCH);
    this.reels = new Int32Array(n);
    this.counts = new Int32Array(n);
    let places = 0;
    for (let i = 0, reel = 0; i < n; i++) {
      const step = this.next();
      reel += Math.floor(step / 2);
      const count = step % 2 === 0 ? 1 : this.next() + 2;
      this.reels[i] = reel;
      this.counts[i] = count;
      places += count;
    }
    if (this.at > bytes.byteLength) throw new RangeError(MISMATCH);
    this.places = places;
    this.placesStart = this.at;
  }

  /** Writes the places of the reel at `i` into `into` from `from`; returns where they end. */
  writePlacesAt(i: number, into: Int32Array, from: number): number {
    const end = from + (this.counts[i] as number);
    this.at = this.startOf(i);
    for (let k = from, place = 0; k < end; k++) {
      place += this.next();
      into[k] = place;
    }
    this.ended(i, this.at);
    return end;
  }

  /** A cursor over one reel's places at a time, read as they are asked for. */
  cursor(): PlaceCursor {
    return new PlaceCursor(this.bytes, this);
  }

  /** Where the places of the reel at `i` start in the bytes. */
  startOf(i: number): number {
    return this.findStarts(i)[i] as number;
  }

  /** Told where the places of the reel at `i` end, once read through: where the next one's start. */
  ended(i: number, at: number): void {
    const size = this.bytes.byteLength;
    if (at > size || (i + 1 === this.counts.length && at !== size)) throw new RangeError(MISMATCH);
    if (this.known !== i + 1) return;
    (this.starts as Int32Array)[i + 1] = at;
    this.known = i + 2;
  }

  /** Throws unless the places of the last reel end where the stored list does. */
  checkEnd(): void {
    const n = this.counts.length;
    if ((this.findStarts(n)[n] as number) !== this.bytes.byteLength) throw new RangeError(MISMATCH);
  }

  private next(): number {
    const bytes = this.bytes;
    let byte = bytes[this.at++] as number;
    if (byte < 0x80) return byte;
    let value = byte & 0x7f;
    let scale = 0x80;
    do {
      byte = bytes[this.at++] as number;
      value += (byte & 0x7f) * scale;
      scale *= 0x80;
    } while (byte >= 0x80);
    return value;
  }

  /**
   * Finds where the places of reels up to `last` start (and where the last one's end), going on
   * from the last reel found: counting each number's last byte, without reading the numbers.
   */
  private findStarts(last: number): Int32Array {
    const bytes = this.bytes;
    const counts = this.counts;
    if (!this.starts) {
      this.starts = new Int32Array(counts.length + 1);
      this.starts[0] = this.placesStart;
    }
    const starts = this.starts;
    if (last < this.known) return starts;
    let at = starts[this.known - 1] as number;
    for (let i = this.known - 1; i < last; i++) {
      for (let left = counts[i] as number; left > 0; at++) {
        if (at >= bytes.byteLength) throw new RangeError(MISMATCH);
        if ((bytes[at] as number) < 0x80) left--;
      }
      starts[i + 1] = at;
    }
    this.known = last + 1;
    if (last === counts.length && at !== bytes.byteLength) throw new RangeError(MISMATCH);
    return starts;
  }
}

/** Below any place a phrase's part may want (a lead's place less its offset may be negative). */
const BEFORE_PLACES = -(2 ** 31);

/**
 * One reel's places of a list, decoded one at a time: a phrase's match stops reading a part's
 * places once past the lead's last, and writes no array of them.
 */
export class PlaceCursor {
  /** The last place read (below any want before the first) and the places left to read. */
  place = BEFORE_PLACES;
  left = 0;
  private at = 0;
  private sum = 0;
  private reel = 0;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly list: PostingListReader,
  ) {}

  /** Starts on the places of the reel at `i`. */
  open(i: number): void {
    this.at = this.list.startOf(i);
    this.left = this.list.counts[i] as number;
    this.place = BEFORE_PLACES;
    this.sum = 0;
    this.reel = i;
  }

  /** The next place; only while `left` is above 0. */
  next(): number {
    const bytes = this.bytes;
    let byte = bytes[this.at++] as number;
    let value = byte & 0x7f;
    for (let scale = 0x80; byte >= 0x80; scale *= 0x80) {
      byte = bytes[this.at++] as number;
      value += (byte & 0x7f) * scale;
    }
    this.sum += value;
    this.place = this.sum;
    if (--this.left === 0) this.list.ended(this.reel, this.at);
    return this.place;
  }
}
