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

/** A reel to index: its number within its tripitaka's id range and its text per form. */
export type PostingReel = { reel: number; text: ReelText };

/** Int32s that grow as they are written. */
class Growing {
  data: Int32Array;
  constructor(size = 1024) {
    this.data = new Int32Array(size);
  }
  ensure(size: number): void {
    if (size <= this.data.length) return;
    let length = this.data.length;
    while (length < size) length *= 2;
    const next = new Int32Array(length);
    next.set(this.data);
    this.data = next;
  }
}

/** One form's tokens as ids (reel r's from starts[r]), and per id its places and its reels. */
type FormTokens = { seq: Int32Array; starts: Int32Array; counts: Int32Array; reels: Int32Array };

/**
 * One form's lists of a set of reels, in their grams' code point order (PostgreSQL's "C"
 * collation): gram i's key is keys[i] (first code point × CODE_POINTS + second, 0 for a char alone)
 * and its list is the int32s lists[offsets[i], offsets[i + 1]).
 */
export type FormPostings = { keys: Float64Array; offsets: Float64Array; lists: Int32Array };

/** Code points below this bound: a gram's sort key is first × bound + second. */
const CODE_POINTS = 0x200000;

/** A text's chars as code points. */
function codePoints(text: string): Int32Array {
  const out = new Int32Array(text.length);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit < 0xdc00 && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low < 0xe000) {
        out[n++] = (unit - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
        i++;
        continue;
      }
    }
    out[n++] = unit;
  }
  return out.subarray(0, n);
}

/**
 * The tokens met, numbered from 0 in the order met, in an open-addressing table: a token is its
 * first code point and its second (0 for a text's last char alone). A slot holds both and the id,
 * so a lookup reads one place.
 */
class TokenTable {
  firsts = new Growing();
  seconds = new Growing();
  size = 0;
  /** Per slot: first, second, id + 1 (0: empty). */
  private slots = new Int32Array(3 << 16);
  private mask = (1 << 16) - 1;

  private static hash(first: number, second: number): number {
    let h = Math.imul(first, 0x9e3779b1) ^ second;
    h ^= h >>> 15;
    h = Math.imul(h, 0x85ebca6b);
    return h ^ (h >>> 13);
  }

  /** The token's id, added if `add`; -1 for a token never met and not added. */
  idOf(first: number, second: number, add: boolean): number {
    const slots = this.slots;
    let at = TokenTable.hash(first, second) & this.mask;
    for (;;) {
      const base = at * 3;
      const stored = slots[base + 2] as number;
      if (stored === 0) break;
      if (slots[base] === first && slots[base + 1] === second) return stored - 1;
      at = (at + 1) & this.mask;
    }
    if (!add) return -1;
    const id = this.size++;
    this.firsts.ensure(this.size);
    this.seconds.ensure(this.size);
    this.firsts.data[id] = first;
    this.seconds.data[id] = second;
    slots[at * 3] = first;
    slots[at * 3 + 1] = second;
    slots[at * 3 + 2] = id + 1;
    if (this.size * 2 > this.mask + 1) this.grow();
    return id;
  }

  private grow(): void {
    const size = (this.mask + 1) * 2;
    this.slots = new Int32Array(size * 3);
    this.mask = size - 1;
    for (let id = 0; id < this.size; id++) {
      const first = this.firsts.data[id] as number;
      const second = this.seconds.data[id] as number;
      let at = TokenTable.hash(first, second) & this.mask;
      while (this.slots[at * 3 + 2] !== 0) at = (at + 1) & this.mask;
      this.slots[at * 3] = first;
      this.slots[at * 3 + 1] = second;
      this.slots[at * 3 + 2] = id + 1;
    }
  }
}

/** One form's tokens of the reels' texts. */
function tokenize(texts: readonly string[], table: TokenTable): FormTokens {
  const chars = texts.map(codePoints);
  const total = chars.reduce((n, c) => n + c.length, 0);
  const seq = new Int32Array(total);
  const starts = new Int32Array(texts.length + 1);
  let at = 0;
  for (let r = 0; r < chars.length; r++) {
    starts[r] = at;
    const reel = chars[r] as Int32Array;
    const n = reel.length;
    for (let i = 0; i < n; i++)
      seq[at++] = table.idOf(reel[i] as number, i + 1 < n ? (reel[i + 1] as number) : 0, true);
  }
  starts[texts.length] = at;
  const counts = new Int32Array(table.size);
  const reelCounts = new Int32Array(table.size);
  // The reel's index + 1 that last met each token, so 0 is none yet.
  const last = new Int32Array(table.size);
  for (let r = 0; r < chars.length; r++) {
    const end = starts[r + 1] as number;
    for (let i = starts[r] as number; i < end; i++) {
      const id = seq[i] as number;
      counts[id] = (counts[id] as number) + 1;
      if (last[id] !== r + 1) {
        last[id] = r + 1;
        reelCounts[id] = (reelCounts[id] as number) + 1;
      }
    }
  }
  return { seq, starts, counts, reels: reelCounts };
}

/** The lists of one form of the reels (`reels` ascending, `texts` theirs). */
export function buildFormPostings(reels: ArrayLike<number>, texts: readonly string[]): FormPostings {
  const table = new TokenTable();
  const tokens = tokenize(texts, table);
  const size = table.size;
  const keys = new Float64Array(size);
  for (let id = 0; id < size; id++)
    keys[id] = (table.firsts.data[id] as number) * CODE_POINTS + (table.seconds.data[id] as number);
  keys.sort();
  // Lists are laid out in gram order: a token's base is where its rank's list starts.
  const offsets = new Float64Array(size + 1);
  const base = new Float64Array(size);
  for (let rank = 0; rank < size; rank++) {
    const key = keys[rank] as number;
    const first = Math.floor(key / CODE_POINTS);
    const id = table.idOf(first, key - first * CODE_POINTS, false);
    base[id] = offsets[rank] as number;
    offsets[rank + 1] =
      (offsets[rank] as number) + 1 + 2 * (tokens.reels[id] as number) + (tokens.counts[id] as number);
  }
  const lists = new Int32Array(offsets[size] as number);
  for (let id = 0; id < size; id++) lists[base[id] as number] = tokens.reels[id] as number;
  const reelsDone = new Int32Array(size);
  const placesDone = new Int32Array(size);
  const lastReel = new Int32Array(size).fill(-1);
  const { seq, starts } = tokens;
  for (let r = 0; r < texts.length; r++) {
    const reel = reels[r] as number;
    const end = starts[r + 1] as number;
    for (let at = starts[r] as number, place = 0; at < end; at++, place++) {
      const id = seq[at] as number;
      const from = base[id] as number;
      const n = lists[from] as number;
      if (lastReel[id] !== r) {
        lastReel[id] = r;
        lists[from + 1 + (reelsDone[id] as number)] = reel;
        reelsDone[id] = (reelsDone[id] as number) + 1;
      }
      lists[from + 1 + 2 * n + (placesDone[id] as number)] = place;
      placesDone[id] = (placesDone[id] as number) + 1;
      lists[from + n + (reelsDone[id] as number)] = placesDone[id] as number;
    }
  }
  return { keys, offsets, lists };
}

/** Where the rows go: a row's gram as code points (second 0: a char alone), then its lists. */
export type PostingSink = {
  row(first: number, second: number): void;
  /** A list: bytes[from, to) of `bytes`; null where the form lacks the token. */
  list(bytes: Buffer | null, from: number, to: number): void;
};

const asBytes = (lists: Int32Array): Buffer => Buffer.from(lists.buffer, lists.byteOffset, lists.byteLength);

/** The posting lists of a set of reels, each form's built on its own. */
export class Postings {
  constructor(private readonly forms: Record<IndexColumn, FormPostings>) {}

  /**
   * Writes the rows (ori, std, sim) in their grams' code point order, an `ori` or `sim` list equal
   * to std's as an empty one. `pause` is awaited when it gives a promise.
   */
  async write(sink: PostingSink, pause: () => Promise<void> | null): Promise<void> {
    const { forms } = this;
    const bytes: Record<IndexColumn, Buffer> = {
      ori: asBytes(forms.ori.lists),
      std: asBytes(forms.std.lists),
      sim: asBytes(forms.sim.lists),
    };
    const next: Record<IndexColumn, number> = { ori: 0, std: 0, sim: 0 };
    const keyAt = (form: IndexColumn): number => {
      const keys = forms[form].keys;
      return next[form] < keys.length ? (keys[next[form]] as number) : Number.POSITIVE_INFINITY;
    };
    for (;;) {
      const key = Math.min(keyAt("ori"), keyAt("std"), keyAt("sim"));
      if (key === Number.POSITIVE_INFINITY) return;
      const first = Math.floor(key / CODE_POINTS);
      sink.row(first, key - first * CODE_POINTS);
      let stdFrom = 0;
      let stdTo = 0;
      if (keyAt("std") === key) {
        stdFrom = (forms.std.offsets[next.std] as number) * 4;
        stdTo = (forms.std.offsets[next.std + 1] as number) * 4;
      }
      for (const form of INDEX_COLUMNS) {
        if (keyAt(form) !== key) {
          sink.list(null, 0, 0);
          continue;
        }
        const offsets = forms[form].offsets;
        const from = (offsets[next[form]] as number) * 4;
        const to = (offsets[next[form] + 1] as number) * 4;
        if (
          form !== "std" &&
          to - from === stdTo - stdFrom &&
          bytes[form].compare(bytes.std, stdFrom, stdTo, from, to) === 0
        )
          sink.list(bytes[form], from, from);
        else sink.list(bytes[form], from, to);
      }
      for (const form of INDEX_COLUMNS) if (keyAt(form) === key) next[form]++;
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
