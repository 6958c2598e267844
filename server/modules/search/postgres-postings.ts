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

/** One token's lists in a segment: null where the form lacks it, empty where it equals std's. */
export type PostingRow = { gram: string; ori: Buffer | null; std: Buffer | null; sim: Buffer | null };

/** Int32s that grow as they are written. */
class Growing {
  data = new Int32Array(1024);
  ensure(size: number): void {
    if (size <= this.data.length) return;
    let length = this.data.length;
    while (length < size) length *= 2;
    const next = new Int32Array(length);
    next.set(this.data);
    this.data = next;
  }
}

/** One form's tokens as ids, and per id its places and its reels. */
type FormTokens = { seq: Int32Array; counts: Growing; reels: Growing; last: Growing };

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
 * Chars numbered from 1 in the order met, so a token's key is a small integer: a single char's is
 * minus its number, a bigram's its first number × SMALL + its second (or, with more chars than
 * SMALL, above SMALL² by first × LARGE + second).
 */
class CharNumbers {
  private byCodePoint = new Int32Array(0x110000);
  codePoints: number[] = [0];
  of(cp: number): number {
    let n = this.byCodePoint[cp] as number;
    if (n === 0) {
      n = this.codePoints.length;
      this.byCodePoint[cp] = n;
      this.codePoints.push(cp);
    }
    return n;
  }
}

const SMALL = 2 ** 15;
const LARGE = 2 ** 21;

function keyOf(first: number, second: number): number {
  return first < SMALL && second < SMALL ? first * SMALL + second : SMALL * SMALL + first * LARGE + second;
}

function gramOf(key: number, chars: CharNumbers): string {
  const cp = (n: number) => chars.codePoints[n] as number;
  if (key < 0) return String.fromCodePoint(cp(-key));
  if (key < SMALL * SMALL) return String.fromCodePoint(cp(Math.floor(key / SMALL)), cp(key % SMALL));
  const rest = key - SMALL * SMALL;
  return String.fromCodePoint(cp(Math.floor(rest / LARGE)), cp(rest % LARGE));
}

function tokenize(
  reels: readonly PostingReel[],
  form: IndexColumn,
  ids: Map<number, number>,
  grams: number[],
  numbers: CharNumbers,
  std: { tokens: FormTokens; starts: Int32Array } | null,
): { tokens: FormTokens; starts: Int32Array } {
  const chars = reels.map((r) => {
    const list = codePoints(r.text[form]);
    for (let i = 0; i < list.length; i++) list[i] = numbers.of(list[i] as number);
    return list;
  });
  const total = chars.reduce((sum, list) => sum + list.length, 0);
  const tokens: FormTokens = {
    seq: new Int32Array(total),
    counts: new Growing(),
    reels: new Growing(),
    last: new Growing(),
  };
  const starts = new Int32Array(reels.length + 1);
  let at = 0;
  reels.forEach((reel, r) => {
    starts[r] = at;
    const list = chars[r] as Int32Array;
    const n = list.length;
    const same = std !== null && reel.text[form] === reel.text.std;
    for (let i = 0; i < n; i++) {
      let id: number;
      if (same) id = std.tokens.seq[(std.starts[r] as number) + i] as number;
      else {
        const gram = i + 1 < n ? keyOf(list[i] as number, list[i + 1] as number) : -(list[i] as number);
        const known = ids.get(gram);
        if (known === undefined) {
          id = grams.length;
          ids.set(gram, id);
          grams.push(gram);
        } else id = known;
      }
      tokens.seq[at++] = id;
      tokens.counts.ensure(id + 1);
      tokens.reels.ensure(id + 1);
      tokens.last.ensure(id + 1);
      tokens.counts.data[id] = (tokens.counts.data[id] as number) + 1;
      // `last` holds the reel's index + 1, so 0 is no reel yet.
      if (tokens.last.data[id] !== r + 1) {
        tokens.last.data[id] = r + 1;
        tokens.reels.data[id] = (tokens.reels.data[id] as number) + 1;
      }
    }
  });
  starts[reels.length] = at;
  return { tokens, starts };
}

/** Every token's list of one form, as views of one buffer; null where the form lacks the token. */
function listsOf(
  reels: readonly PostingReel[],
  tokens: FormTokens,
  starts: Int32Array,
  gramCount: number,
): (Buffer | null)[] {
  const offsets = new Float64Array(gramCount + 1);
  for (let id = 0; id < gramCount; id++) {
    const count = id < tokens.counts.data.length ? (tokens.counts.data[id] as number) : 0;
    const n = count === 0 ? 0 : (tokens.reels.data[id] as number);
    offsets[id + 1] = (offsets[id] as number) + (count === 0 ? 0 : 1 + 2 * n + count);
  }
  const all = new Int32Array(offsets[gramCount] as number);
  const reelsDone = new Int32Array(gramCount);
  const placesDone = new Int32Array(gramCount);
  const lastReel = new Int32Array(gramCount).fill(-1);
  for (let id = 0; id < gramCount; id++) {
    if (offsets[id + 1] !== offsets[id]) all[offsets[id] as number] = tokens.reels.data[id] as number;
  }
  reels.forEach((reel, r) => {
    for (let at = starts[r] as number, place = 0; at < (starts[r + 1] as number); at++, place++) {
      const id = tokens.seq[at] as number;
      const base = offsets[id] as number;
      const n = all[base] as number;
      if (lastReel[id] !== r) {
        lastReel[id] = r;
        all[base + 1 + (reelsDone[id] as number)] = reel.reel;
        reelsDone[id] = (reelsDone[id] as number) + 1;
      }
      all[base + 1 + 2 * n + (placesDone[id] as number)] = place;
      placesDone[id] = (placesDone[id] as number) + 1;
      all[base + n + (reelsDone[id] as number)] = placesDone[id] as number;
    }
  });
  const bytes = Buffer.from(all.buffer, all.byteOffset, all.byteLength);
  const lists: (Buffer | null)[] = new Array(gramCount);
  for (let id = 0; id < gramCount; id++) {
    const from = offsets[id] as number;
    const to = offsets[id + 1] as number;
    lists[id] = from === to ? null : bytes.subarray(from * 4, to * 4);
  }
  return lists;
}

/** The posting rows of the given reels (ascending reel numbers), ordered by token. */
export function buildPostings(reels: readonly PostingReel[]): PostingRow[] {
  const ids = new Map<number, number>();
  const grams: number[] = [];
  const numbers = new CharNumbers();
  const read = new Map<IndexColumn, { tokens: FormTokens; starts: Int32Array }>();
  for (const form of READ_ORDER)
    read.set(form, tokenize(reels, form, ids, grams, numbers, read.get("std") ?? null));
  const lists = new Map<IndexColumn, (Buffer | null)[]>();
  for (const form of INDEX_COLUMNS) {
    const { tokens, starts } = read.get(form) as { tokens: FormTokens; starts: Int32Array };
    lists.set(form, listsOf(reels, tokens, starts, grams.length));
  }
  const empty = Buffer.alloc(0);
  const order = Array.from(grams.keys()).sort((a, b) => (grams[a] as number) - (grams[b] as number));
  return order.map((id) => {
    const std = lists.get("std")?.[id] ?? null;
    const other = (form: IndexColumn) => {
      const list = lists.get(form)?.[id] ?? null;
      return list !== null && std !== null && list.equals(std) ? empty : list;
    };
    return { gram: gramOf(grams[id] as number, numbers), ori: other("ori"), std, sim: other("sim") };
  });
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
