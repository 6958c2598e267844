/**
 * A posting list as it is stored in search_posting (posting-lists.ts gives the list): unsigned
 * LEB128 varints (7 bits a byte, low bits first, the high bit set on every byte but a number's
 * last):
 *   n, then the n reels as differences (the first from 0), then each reel's count of places, then
 *   each reel's places as differences (each reel's first from 0).
 * Places within a reel are close together and most lists are short, so a list takes about 45 % of
 * the bytes of its int32s: less to write to the table and its log, less to read back.
 */

const MISMATCH = "a stored posting list does not hold the numbers it counts";

/** A posting list read back: its reels, each reel's end in `places`, and the places. */
export type PostingList = { reels: Int32Array; ends: Int32Array; places: Int32Array };

/** The most bytes the list of `ints` int32s takes: five per number (31 bits). */
export const maxPostingListBytes = (ints: number): number => ints * 5;

/** Writes `value` (0 ≤ value < 2³¹) as a varint into `into` from `at`; returns where it ends. */
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
  for (let i = from + 1, previous = 0; i < endsFrom; i++) {
    out = writeVarint(into, out, (ints[i] as number) - previous);
    previous = ints[i] as number;
  }
  // Ends as differences: each reel's count of places.
  for (let i = endsFrom, previous = 0; i < placesFrom; i++) {
    out = writeVarint(into, out, (ints[i] as number) - previous);
    previous = ints[i] as number;
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

/** Reads a stored list (an empty blob: no reels). */
export function readPostingList(blob: Uint8Array): PostingList {
  // The numbers first, then their sums in place: no number takes less than a byte.
  const numbers = new Int32Array(blob.byteLength);
  let count = 0;
  for (let at = 0; at < blob.byteLength; ) {
    let byte = blob[at++] as number;
    if (byte < 0x80) {
      numbers[count++] = byte;
      continue;
    }
    let value = byte & 0x7f;
    let scale = 0x80;
    do {
      byte = blob[at++] as number;
      value += (byte & 0x7f) * scale;
      scale *= 0x80;
    } while (byte >= 0x80);
    numbers[count++] = value;
  }
  const n = count === 0 ? 0 : (numbers[0] as number);
  const endsFrom = 1 + n;
  const placesFrom = endsFrom + n;
  if (count > 0 && (placesFrom > count || sumOf(numbers, endsFrom, placesFrom) !== count - placesFrom))
    throw new RangeError(MISMATCH);
  for (let i = 2; i < endsFrom; i++) numbers[i] = (numbers[i] as number) + (numbers[i - 1] as number);
  for (let i = endsFrom + 1; i < placesFrom; i++)
    numbers[i] = (numbers[i] as number) + (numbers[i - 1] as number);
  // Each reel's first place is its own; the others follow the one before.
  let reelStart = placesFrom;
  for (let i = endsFrom; i < placesFrom; i++) {
    const reelEnd = placesFrom + (numbers[i] as number);
    for (let place = reelStart + 1; place < reelEnd; place++)
      numbers[place] = (numbers[place] as number) + (numbers[place - 1] as number);
    reelStart = reelEnd;
  }
  return {
    reels: numbers.subarray(1, endsFrom),
    ends: numbers.subarray(endsFrom, placesFrom),
    places: numbers.subarray(placesFrom, count),
  };
}

function sumOf(numbers: Int32Array, from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += numbers[i] as number;
  return sum;
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
  /** Where each reel's places start, known for the first `known` reels. */
  private starts: Int32Array;
  private known = 1;

  constructor(private readonly bytes: Uint8Array) {
    const n = bytes.byteLength === 0 ? 0 : this.next();
    this.reels = new Int32Array(n);
    this.counts = new Int32Array(n);
    for (let i = 0, reel = 0; i < n; i++) {
      reel += this.next();
      this.reels[i] = reel;
    }
    let places = 0;
    for (let i = 0; i < n; i++) {
      const count = this.next();
      this.counts[i] = count;
      places += count;
    }
    if (this.at > bytes.byteLength) throw new RangeError(MISMATCH);
    this.places = places;
    this.starts = new Int32Array(n + 1);
    this.starts[0] = this.at;
  }

  /** The places of the reel at `i` among the list's reels, ascending. */
  placesAt(i: number): Int32Array {
    const out = new Int32Array(this.counts[i] as number);
    this.writePlacesAt(i, out, 0);
    return out;
  }

  /** Writes the places of the reel at `i` into `into` from `from`; returns where they end. */
  writePlacesAt(i: number, into: Int32Array, from: number): number {
    if (i + 1 >= this.known) this.findStarts(i + 1);
    const end = from + (this.counts[i] as number);
    this.at = this.starts[i] as number;
    for (let k = from, place = 0; k < end; k++) {
      place += this.next();
      into[k] = place;
    }
    return end;
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
  private findStarts(last: number): void {
    const bytes = this.bytes;
    const { counts, starts } = this;
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
  }
}
