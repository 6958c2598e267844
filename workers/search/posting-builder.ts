/**
 * A segment's posting lists built in memory (terms.ts): reels are added one by one, in ascending
 * id order per term, and each term's list grows as varints in a chain of chunks of one shared
 * pool of pages. Everything is held in typed arrays (a record of ints per term, no object per
 * term or per place), so a segment of SEGMENT_CHARS chars takes some tens of MB while it is
 * built, and none once it is written out as rows (posting-rows.ts).
 *
 * A list is its reel count, then the reels in ascending id order, each as: its step (varint.ts
 * reelStep: the gap from the previous id minus one, the first counted from -1, and whether its
 * number of times follows), its number of times less two when more than one, and for a bigram or
 * a form's char its places, the first as is and each next as the gap from the one before.
 */
import { ALONE, bucketOf, codePoints, FORM } from "./terms.ts";
import { type ByteWriter, reelStep, varintSize, writeVarint } from "./varint.ts";

const PAGE_BITS = 20;
const PAGE = 1 << PAGE_BITS;
const FIRST_CHUNK = 16;
const LAST_CHUNK = 4096;
const FIRST_TERMS = 4096;
/** Chars below this code point find their record in an array rather than the hash table. */
const DIRECT = 0x30000;

/** A term's record: its numbers, its place in the reel being added, its list and its chunks. */
const X = 0;
const Y = 1;
const SEEN_IN = 2;
const TIMES = 3;
const FIRST_AT = 4;
const LAST_AT = 5;
const LAST_DOC = 6;
const DOCS = 7;
const BYTES = 8;
const HEAD = 9;
const TAIL = 10;
const FILL = 11;
const SIZE = 12;
const STRIDE = 13;

/**
 * One reel's text in one form, whose chars are counted under that form (FORM + its number): all of
 * them, or with `only` those whose bit is set (a bitmap by code point).
 */
export type FormChars = { form: number; text: string; only: Uint8Array | null };

const hash = (x: number, y: number): number => {
  let h = Math.imul(x, 0x9e3779b1) ^ Math.imul(y + 0x632be5ab, 0x85ebca77);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return h >>> 0;
};

/** `expectedTerms`: room made at once for so many terms (more grow the tables). */
export function createPostingBuilder(expectedTerms = FIRST_TERMS) {
  let capacity = Math.max(FIRST_TERMS, expectedTerms);
  let count = 0;
  let rec = new Int32Array(capacity * STRIDE);
  let table = new Int32Array(2 ** Math.ceil(Math.log2(capacity * 2)));
  /** Record offsets + 1 of lone chars and forms' chars below DIRECT, by second number and code point. */
  const direct = new Map<number, Int32Array>();
  const pages: Uint8Array[] = [];
  let poolEnd = 0;
  let reelSeq = 0;
  let scratch = new Int32Array(1024);
  let nextAt = new Int32Array(1024);
  let touched = new Int32Array(1024);
  let entry = new Uint8Array(1024);
  /** Bytes of all lists, and of their terms' numbers and lengths (about). */
  let listBytes = 0;

  function place(id: number): void {
    const mask = table.length - 1;
    let slot = hash(rec[id * STRIDE + X] as number, rec[id * STRIDE + Y] as number) & mask;
    while (table[slot] !== 0) slot = (slot + 1) & mask;
    table[slot] = id + 1;
  }

  function grow(): void {
    capacity += capacity >> 1;
    const bigger = new Int32Array(capacity * STRIDE);
    bigger.set(rec);
    rec = bigger;
    let slots = table.length;
    while (slots < capacity * 2) slots *= 2;
    table = new Int32Array(slots);
    for (let id = 0; id < count; id++) {
      const y = rec[id * STRIDE + Y] as number;
      if (y < ALONE || (rec[id * STRIDE + X] as number) >= DIRECT) place(id);
    }
  }

  /** The record offset of term (x, y), -1 when it has none and `add` is false. */
  function recordOf(x: number, y: number, add: boolean): number {
    if (y >= ALONE && x < DIRECT) {
      let chars = direct.get(y);
      if (!chars) {
        if (!add) return -1;
        chars = new Int32Array(DIRECT);
        direct.set(y, chars);
      }
      const known = chars[x] as number;
      if (known !== 0 || !add) return known - 1;
      const r = newRecord(x, y);
      chars[x] = r + 1;
      return r;
    }
    const mask = table.length - 1;
    let slot = hash(x, y) & mask;
    for (let at = table[slot] as number; at !== 0; at = table[slot] as number) {
      const r = (at - 1) * STRIDE;
      if (rec[r + X] === x && rec[r + Y] === y) return r;
      slot = (slot + 1) & mask;
    }
    if (!add) return -1;
    if (count + 1 > capacity) {
      grow();
      return recordOf(x, y, true);
    }
    const r = newRecord(x, y);
    table[slot] = count;
    return r;
  }

  function newRecord(x: number, y: number): number {
    if (count + 1 > capacity) grow();
    const r = count++ * STRIDE;
    rec[r + X] = x;
    rec[r + Y] = y;
    rec[r + SEEN_IN] = -1;
    rec[r + LAST_DOC] = -1;
    return r;
  }

  /** Pool bytes for a chunk, within one page: the next page (made when new) if it does not fit. */
  function allocate(wanted: number): number {
    let page = poolEnd >>> PAGE_BITS;
    if ((poolEnd + wanted - 1) >>> PAGE_BITS !== page) {
      page++;
      poolEnd = page * PAGE;
    }
    if (page === pages.length) pages.push(new Uint8Array(PAGE));
    const at = poolEnd;
    poolEnd += wanted;
    return at;
  }

  /** The int32 at pool offset `at` (a chunk's link to the next). */
  function link(at: number, value?: number): number {
    const page = pages[at >>> PAGE_BITS] as Uint8Array;
    const i = at & (PAGE - 1);
    if (value !== undefined) {
      page[i] = value & 0xff;
      page[i + 1] = (value >>> 8) & 0xff;
      page[i + 2] = (value >>> 16) & 0xff;
      page[i + 3] = value >>> 24;
    }
    return (
      (page[i] as number) |
      ((page[i + 1] as number) << 8) |
      ((page[i + 2] as number) << 16) |
      ((page[i + 3] as number) << 24)
    );
  }

  /** Appends the first `length` bytes of `entry` to the chunks of the term at record `r`. */
  function append(r: number, length: number): void {
    let chunk = rec[r + TAIL] as number;
    let used = rec[r + FILL] as number;
    let chunkSize = rec[r + SIZE] as number;
    for (let done = 0; done < length; ) {
      if (chunkSize === 0 || used === chunkSize - 4) {
        const next = chunkSize === 0 ? FIRST_CHUNK : Math.min(LAST_CHUNK, chunkSize * 2);
        const at = allocate(next);
        if (chunkSize === 0) rec[r + HEAD] = at;
        else link(chunk + chunkSize - 4, at);
        chunk = at;
        chunkSize = next;
        used = 0;
      }
      const take = Math.min(length - done, chunkSize - 4 - used);
      const page = pages[chunk >>> PAGE_BITS] as Uint8Array;
      const to = (chunk & (PAGE - 1)) + used - done;
      for (let i = done; i < done + take; i++) page[to + i] = entry[i] as number;
      used += take;
      done += take;
    }
    rec[r + TAIL] = chunk;
    rec[r + FILL] = used;
    rec[r + SIZE] = chunkSize;
    rec[r + BYTES] = (rec[r + BYTES] as number) + length;
    listBytes += length;
  }

  /** Writes a varint into `entry` at `at`; returns the position after it. */
  function put(at: number, value: number): number {
    if (at + 5 > entry.length) {
      const bigger = new Uint8Array(entry.length * 2);
      bigger.set(entry);
      entry = bigger;
    }
    let rest = value >>> 0;
    let i = at;
    while (rest >= 0x80) {
      entry[i++] = (rest & 0x7f) | 0x80;
      rest >>>= 7;
    }
    entry[i++] = rest;
    return i;
  }

  /** Starts, in `entry`, a reel's entry for the term at record `r`: its step and its times. */
  function startEntry(r: number, doc: number, times: number): number {
    const last = rec[r + LAST_DOC] as number;
    if (doc <= last) throw new RangeError(`reel ${doc} added after reel ${last}`);
    rec[r + LAST_DOC] = doc;
    rec[r + DOCS] = (rec[r + DOCS] as number) + 1;
    const at = put(0, reelStep(doc - last - 1, times));
    return times > 1 ? put(at, times - 2) : at;
  }

  function writeList(r: number, into: ByteWriter): void {
    writeVarint(into, rec[r + DOCS] as number);
    let left = rec[r + BYTES] as number;
    if (into.length + left > into.bytes.length) {
      const bigger = new Uint8Array(Math.max(into.bytes.length * 2, into.length + left));
      bigger.set(into.bytes.subarray(0, into.length));
      into.bytes = bigger;
    }
    let chunk = rec[r + HEAD] as number;
    let chunkSize = FIRST_CHUNK;
    const out = into.bytes;
    let at = into.length;
    while (left > 0) {
      const take = Math.min(left, chunkSize - 4);
      const from = chunk & (PAGE - 1);
      const page = pages[chunk >>> PAGE_BITS] as Uint8Array;
      if (take > 32) {
        out.set(page.subarray(from, from + take), at);
        at += take;
      } else for (let i = from; i < from + take; i++) out[at++] = page[i] as number;
      left -= take;
      if (left > 0) chunk = link(chunk + chunkSize - 4);
      chunkSize = Math.min(LAST_CHUNK, chunkSize * 2);
    }
    into.length = at;
  }

  /** Marks the record `r` seen in the pass `pass`; returns how many records the pass has seen. */
  function see(r: number, pass: number, seen: number): number {
    if (rec[r + SEEN_IN] !== pass) {
      rec[r + SEEN_IN] = pass;
      rec[r + TIMES] = 0;
      if (seen === touched.length) {
        const bigger = new Int32Array(touched.length * 2);
        bigger.set(touched);
        touched = bigger;
      }
      touched[seen++] = r;
    }
    rec[r + TIMES] = (rec[r + TIMES] as number) + 1;
    return seen;
  }

  /** Chains place `i` to the places of the record `r` in the pass `pass`. */
  function chain(r: number, pass: number, i: number): void {
    if (rec[r + SEEN_IN] !== pass) rec[r + FIRST_AT] = i;
    else nextAt[rec[r + LAST_AT] as number] = i;
    rec[r + LAST_AT] = i;
  }

  /**
   * Adds one text of a reel: with `y` -1 the folded text (its chars counted, its bigrams placed),
   * else a form's text, its chars (those `only` lets through) placed under `y`.
   */
  function addText(doc: number, text: string, y: number, only: Uint8Array | null): void {
    const pass = reelSeq++;
    let seen = 0;
    if (scratch.length < text.length) scratch = new Int32Array(text.length * 2);
    if (nextAt.length < text.length) nextAt = new Int32Array(text.length * 2);
    const n = codePoints(text, scratch);
    for (let i = 0; i < n; i++) {
      const c = scratch[i] as number;
      if (y < 0) {
        seen = see(recordOf(c, ALONE, true), pass, seen);
        if (i + 1 === n) break;
        const r = recordOf(c, scratch[i + 1] as number, true);
        chain(r, pass, i);
        seen = see(r, pass, seen);
      } else if (only === null || ((only[c >>> 3] as number) >> (c & 7)) & 1) {
        const r = recordOf(c, y, true);
        chain(r, pass, i);
        seen = see(r, pass, seen);
      }
    }
    for (let t = 0; t < seen; t++) {
      const r = touched[t] as number;
      const times = rec[r + TIMES] as number;
      let length = startEntry(r, doc, times);
      if (rec[r + Y] !== ALONE) {
        let previous = 0;
        for (let at = rec[r + FIRST_AT] as number, k = 0; k < times; k++) {
          length = put(length, at - previous);
          previous = at;
          at = nextAt[at] as number;
        }
      }
      append(r, length);
    }
  }

  return {
    get terms() {
      return count;
    },
    /** Bytes its rows take, about. */
    get bytes() {
      return listBytes + count * 8;
    },
    /** The chars each form's lists hold, by form number, ascending. */
    formChars(): number[][] {
      const out: number[][] = [[], [], [], []];
      for (let r = 0; r < count * STRIDE; r += STRIDE) {
        const y = rec[r + Y] as number;
        if (y >= FORM) out[y - FORM]?.push(rec[r + X] as number);
      }
      for (const chars of out) chars.sort((a, b) => a - b);
      return out;
    },
    /** Forgets every term, keeping the tables and pages made so far for the next segment. */
    reset(): void {
      rec.fill(0, 0, count * STRIDE);
      table.fill(0);
      for (const chars of direct.values()) chars.fill(0);
      count = 0;
      poolEnd = 0;
      listBytes = 0;
    },
    /** Adds a reel (ids ascending): its folded text's chars and bigrams, and its forms' chars. */
    addReel(doc: number, folded: string, forms: readonly FormChars[] = []): void {
      addText(doc, folded, -1, null);
      for (const { form, text, only } of forms) addText(doc, text, FORM + form, only);
    },
    /** Adds a reel's entry taken from another list (for a bigram, its places as absolute places). */
    addEntry(x: number, y: number, doc: number, times: number, places: ArrayLike<number> | null): void {
      const r = recordOf(x, y, true);
      let length = startEntry(r, doc, times);
      if (places) {
        let previous = 0;
        for (let k = 0; k < times; k++) {
          length = put(length, (places[k] as number) - previous);
          previous = places[k] as number;
        }
      }
      append(r, length);
    },
    /** Writes term (x, y)'s list into `into`; false when no reel holds it. */
    list(x: number, y: number, into: ByteWriter): boolean {
      const r = recordOf(x, y, false);
      if (r < 0) return false;
      writeList(r, into);
      return true;
    },
    /** The records of the terms, bucket by bucket (of `buckets`), in the order the terms were met. */
    buckets(buckets: number): Int32Array[] {
      const counts = new Int32Array(buckets);
      const bucket = new Int32Array(count);
      for (let id = 0; id < count; id++) {
        const b = bucketOf(rec[id * STRIDE + X] as number, rec[id * STRIDE + Y] as number, buckets);
        bucket[id] = b;
        counts[b] = (counts[b] as number) + 1;
      }
      const lists = Array.from(counts, (n) => new Int32Array(n));
      counts.fill(0);
      for (let id = 0; id < count; id++) {
        const b = bucket[id] as number;
        (lists[b] as Int32Array)[counts[b] as number] = id * STRIDE;
        counts[b] = (counts[b] as number) + 1;
      }
      return lists;
    },
    /** Writes the term at record `r` as a row entry: its two numbers, its list's length, its list. */
    writeEntry(r: number, into: ByteWriter): void {
      writeVarint(into, rec[r + X] as number);
      writeVarint(into, rec[r + Y] as number);
      writeVarint(into, varintSize(rec[r + DOCS] as number) + (rec[r + BYTES] as number));
      writeList(r, into);
    },
  };
}

export type PostingBuilder = ReturnType<typeof createPostingBuilder>;
