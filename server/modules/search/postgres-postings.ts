/**
 * The posting lists of PostgreSQL's search index (postgres-index.ts), built from reels' searchable
 * text. A reel's tokens are those of contract/search-tokenizer.ts searchTokens: at each char the
 * bigram starting there, and the last char alone. A token's posting list, for one text form and
 * the reels of one segment, is a blob of little-endian int32s:
 *   [n, reel_1 … reel_n, end_1 … end_n, positions…]
 * the reels (numbers within their tripitaka's id range) ascending, and each reel's places (chars
 * from its start) ascending, reel i's being positions[end_(i-1) … end_i). An `ori` or `sim` list
 * equal to the `std` one is stored empty.
 */
import { INDEX_COLUMNS, type IndexColumn, type ReelText } from "./index-writer.ts";

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
type FormTokens = { seq: Int32Array; starts: Int32Array; counts: Growing; reels: Growing; last: Growing };

/** One form's lists: token id's is bytes[offsets[id] × 4, offsets[id + 1] × 4), empty if absent. */
type FormLists = { bytes: Buffer; offsets: Float64Array };

/** The forms in the order they are read: std first, whose tokens the others take when equal. */
const READ_ORDER: readonly IndexColumn[] = ["std", "ori", "sim"];

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
 * first code point and its second (0 for a text's last char alone).
 */
class TokenTable {
  firsts = new Growing();
  seconds = new Growing();
  size = 0;
  private slots = new Int32Array(1 << 16);
  private mask = (1 << 16) - 1;

  private static hash(first: number, second: number): number {
    let h = Math.imul(first, 0x9e3779b1) ^ second;
    h ^= h >>> 15;
    h = Math.imul(h, 0x85ebca6b);
    return h ^ (h >>> 13);
  }

  /** The token's id, added if `add`; -1 for a token never met and not added. */
  idOf(first: number, second: number, add: boolean): number {
    let at = TokenTable.hash(first, second) & this.mask;
    for (;;) {
      const slot = this.slots[at] as number;
      if (slot === 0) break;
      const id = slot - 1;
      if (this.firsts.data[id] === first && this.seconds.data[id] === second) return id;
      at = (at + 1) & this.mask;
    }
    if (!add) return -1;
    const id = this.size++;
    this.firsts.ensure(this.size);
    this.seconds.ensure(this.size);
    this.firsts.data[id] = first;
    this.seconds.data[id] = second;
    this.slots[at] = id + 1;
    if (this.size * 2 > this.slots.length) this.grow();
    return id;
  }

  private grow(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    this.mask = this.slots.length - 1;
    for (let id = 0; id < this.size; id++) {
      let at = TokenTable.hash(this.firsts.data[id] as number, this.seconds.data[id] as number) & this.mask;
      while (this.slots[at] !== 0) at = (at + 1) & this.mask;
      this.slots[at] = id + 1;
    }
  }
}

/** One form's tokens; a reel whose text equals std's takes std's tokens. */
function tokenize(
  reels: readonly PostingReel[],
  form: IndexColumn,
  table: TokenTable,
  std: FormTokens | null,
): FormTokens {
  const texts = reels.map((reel) =>
    std !== null && reel.text[form] === reel.text.std ? null : codePoints(reel.text[form]),
  );
  let total = 0;
  texts.forEach((chars, r) => {
    total += chars ? chars.length : (std?.starts[r + 1] ?? 0) - (std?.starts[r] ?? 0);
  });
  const size = Math.max(1024, table.size);
  const tokens: FormTokens = {
    seq: new Int32Array(total),
    starts: new Int32Array(reels.length + 1),
    counts: new Growing(size),
    reels: new Growing(size),
    last: new Growing(size),
  };
  let at = 0;
  for (let r = 0; r < reels.length; r++) {
    tokens.starts[r] = at;
    const chars = texts[r];
    const from = at;
    if (!chars) {
      const source = std as FormTokens;
      const copied = source.seq.subarray(source.starts[r] as number, source.starts[r + 1] as number);
      tokens.seq.set(copied, at);
      at += copied.length;
    } else {
      const n = chars.length;
      for (let i = 0; i < n; i++)
        tokens.seq[at++] = table.idOf(chars[i] as number, i + 1 < n ? (chars[i + 1] as number) : 0, true);
      tokens.counts.ensure(table.size);
      tokens.reels.ensure(table.size);
      tokens.last.ensure(table.size);
    }
    const seq = tokens.seq;
    const counts = tokens.counts.data;
    const reelCounts = tokens.reels.data;
    const last = tokens.last.data;
    for (let i = from; i < at; i++) {
      const id = seq[i] as number;
      counts[id] = (counts[id] as number) + 1;
      // `last` holds the reel's index + 1, so 0 is no reel yet.
      if (last[id] !== r + 1) {
        last[id] = r + 1;
        reelCounts[id] = (reelCounts[id] as number) + 1;
      }
    }
  }
  tokens.starts[reels.length] = at;
  return tokens;
}

/** Every token's list of one form, in one buffer. */
function listsOf(reels: readonly PostingReel[], tokens: FormTokens, tokenCount: number): FormLists {
  const counts = tokens.counts.data;
  const reelCounts = tokens.reels.data;
  const offsets = new Float64Array(tokenCount + 1);
  for (let id = 0; id < tokenCount; id++) {
    const count = id < counts.length ? (counts[id] as number) : 0;
    offsets[id + 1] =
      (offsets[id] as number) + (count === 0 ? 0 : 1 + 2 * (reelCounts[id] as number) + count);
  }
  const all = new Int32Array(offsets[tokenCount] as number);
  const reelsDone = new Int32Array(tokenCount);
  const placesDone = new Int32Array(tokenCount);
  const lastReel = new Int32Array(tokenCount).fill(-1);
  for (let id = 0; id < tokenCount; id++) {
    if (offsets[id + 1] !== offsets[id]) all[offsets[id] as number] = reelCounts[id] as number;
  }
  const { seq, starts } = tokens;
  for (let r = 0; r < reels.length; r++) {
    const reel = (reels[r] as PostingReel).reel;
    const end = starts[r + 1] as number;
    for (let at = starts[r] as number, place = 0; at < end; at++, place++) {
      const id = seq[at] as number;
      const base = offsets[id] as number;
      const n = all[base] as number;
      if (lastReel[id] !== r) {
        lastReel[id] = r;
        all[base + 1 + (reelsDone[id] as number)] = reel;
        reelsDone[id] = (reelsDone[id] as number) + 1;
      }
      all[base + 1 + 2 * n + (placesDone[id] as number)] = place;
      placesDone[id] = (placesDone[id] as number) + 1;
      all[base + n + (reelsDone[id] as number)] = placesDone[id] as number;
    }
  }
  return { bytes: Buffer.from(all.buffer, all.byteOffset, all.byteLength), offsets };
}

/** Where the rows go: a row's gram as code points (second 0: a char alone), then its lists. */
export type PostingSink = {
  row(first: number, second: number): void;
  /** A list: bytes[from, to) of `bytes`; null where the form lacks the token. */
  list(bytes: Buffer | null, from: number, to: number): void;
};

/** Code points below this bound: a gram's sort key is first × bound + second. */
const CODE_POINTS = 0x200000;

/** The posting lists of a set of reels. */
export class Postings {
  constructor(
    private readonly table: TokenTable,
    private readonly lists: Record<IndexColumn, FormLists>,
  ) {}

  get size(): number {
    return this.table.size;
  }

  /**
   * Writes the rows (ori, std, sim) in their grams' code point order (PostgreSQL's "C" collation),
   * an `ori` or `sim` list equal to std's as an empty one. `pause` is awaited when it gives a promise.
   */
  async write(sink: PostingSink, pause: () => Promise<void> | null): Promise<void> {
    const { table, lists } = this;
    const keys = new Float64Array(table.size);
    for (let id = 0; id < table.size; id++)
      keys[id] = (table.firsts.data[id] as number) * CODE_POINTS + (table.seconds.data[id] as number);
    keys.sort();
    const std = lists.std;
    for (const key of keys) {
      const first = Math.floor(key / CODE_POINTS);
      const second = key - first * CODE_POINTS;
      const id = table.idOf(first, second, false);
      sink.row(first, second);
      const stdFrom = (std.offsets[id] as number) * 4;
      const stdTo = (std.offsets[id + 1] as number) * 4;
      for (const form of INDEX_COLUMNS) {
        const { bytes, offsets } = lists[form];
        const from = (offsets[id] as number) * 4;
        const to = (offsets[id + 1] as number) * 4;
        if (from === to) sink.list(null, 0, 0);
        else if (
          form !== "std" &&
          to - from === stdTo - stdFrom &&
          bytes.compare(std.bytes, stdFrom, stdTo, from, to) === 0
        )
          sink.list(bytes, from, from);
        else sink.list(bytes, from, to);
      }
      const waiting = pause();
      if (waiting) await waiting;
    }
  }
}

/** The posting lists of the given reels (ascending reel numbers). */
export function buildPostings(reels: readonly PostingReel[]): Postings {
  const table = new TokenTable();
  const read = new Map<IndexColumn, FormTokens>();
  for (const form of READ_ORDER) read.set(form, tokenize(reels, form, table, read.get("std") ?? null));
  const lists = {} as Record<IndexColumn, FormLists>;
  for (const form of INDEX_COLUMNS) lists[form] = listsOf(reels, read.get(form) as FormTokens, table.size);
  return new Postings(table, lists);
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
