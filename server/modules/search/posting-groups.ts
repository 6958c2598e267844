/**
 * How search_posting's rows hold the tokens of a segment, the same on both databases. A row is
 * keyed by one integer,
 *   k = seg × 2⁴² + first × 2²¹ + second
 * the key of its first token (its code points; second 0: a char alone), so a segment's tokens are
 * one range of the key in code point order and the tokens a char starts are one range within it.
 * Last in a char's range, at second COUNTS_SECOND (past every code point), is its counts token:
 * each reel's hits of the char alone, without places (char-counts.ts).
 * A token whose lists are long has a row of its own; the many short ones (most tokens occur in one
 * reel or two) share rows, consecutive tokens of one first char together up to GROUP_BYTES, so the
 * index is not mostly rows' own overhead, and the rows of a char's tokens are those keyed in its
 * range. A row's column of a form (ori, std, sim) is its tokens' lists in that
 * form, each as
 *   varint: the token's key less the one before it in the column (the first: less the row's key)
 *   varint: the list's length in bytes, then the list (posting-list-bytes.ts)
 * A token the form lacks is not in the column (a column without tokens is null); an `ori` or `sim`
 * list equal to std's is there with length 0. A column longer than GROUP_BYTES is a row of one
 * token, the row's own: a lookup of another token passes over it without reading it.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { CharCountsWriter } from "./char-counts.ts";
import type { IndexColumn } from "./index-columns.ts";
import { maxPostingListBytes, writePostingList } from "./posting-list-bytes.ts";
import type { Postings } from "./posting-lists.ts";
import { gramOf, type PostingStore } from "./posting-store.ts";

type Db = Kysely<Database>;

/** A code point's bits in a key. */
const CHAR_BITS = 21;
const CHAR_SPAN = 2 ** CHAR_BITS;
/** Keys of a segment's tokens: 2⁴². */
export const SEGMENT_KEY_BITS = 2 * CHAR_BITS;
/** Segment ids the key has room for (k < 2⁶³). */
export const MAX_SEGMENT = 2 ** (63 - SEGMENT_KEY_BITS) - 1;
/** Bytes of a shared row's lists and their heads in all: a row stays in its page on either database. */
export const GROUP_BYTES = 1800;
/** Bytes of a token's lists above which it has a row of its own. */
const OWN_ROW_BYTES = 240;

/** The second of a char's counts token: no code point, and after every token the char starts. */
const COUNTS_SECOND = CHAR_SPAN - 1;

/** A token's key within its segment. */
export const tokenKey = (first: number, second: number): number => first * CHAR_SPAN + second;

/** Whether a key is a char's counts token. */
const isCounts = (key: number): boolean => key % CHAR_SPAN === COUNTS_SECOND;

/** A token's gram; a counts token's is its char. */
export const gramOfKey = (key: number): string => {
  const first = Math.floor(key / CHAR_SPAN);
  return isCounts(key) ? gramOf(first, 0) : gramOf(first, key - first * CHAR_SPAN);
};

const codePoints = (gram: string): number[] => Array.from(gram, (ch) => ch.codePointAt(0) as number);

/** A gram's keys within a segment: a bigram's own, or every token a char starts. */
export function gramKeys(gram: string): { lo: number; hi: number } {
  const [first, second] = codePoints(gram) as [number, number | undefined];
  return second === undefined
    ? { lo: tokenKey(first, 0), hi: tokenKey(first, CHAR_SPAN - 1) }
    : { lo: tokenKey(first, second), hi: tokenKey(first, second) };
}

/** A token's exact key (a char alone: that token, not the range it starts). */
export function exactKey(gram: string): number {
  const [first, second] = codePoints(gram);
  return tokenKey(first as number, second ?? 0);
}

/** A row as stored: its key within the segment and its columns. */
export type GroupRow = {
  key: number;
  ori: Uint8Array | null;
  std: Uint8Array | null;
  sim: Uint8Array | null;
};

/** Bytes of a varint of `value` (0 ≤ value < 2⁵³). */
function varintBytes(value: number): number {
  let bytes = 1;
  for (let rest = value; rest >= 0x80; rest = Math.floor(rest / 0x80)) bytes++;
  return bytes;
}

function writeVarint(into: Uint8Array, at: number, value: number): number {
  let rest = value;
  let out = at;
  while (rest >= 0x80) {
    into[out++] = (rest % 0x80) | 0x80;
    rest = Math.floor(rest / 0x80);
  }
  into[out++] = rest;
  return out;
}

function readVarint(bytes: Uint8Array, cursor: { at: number }): number {
  let value = 0;
  let scale = 1;
  for (;;) {
    const byte = bytes[cursor.at++];
    if (byte === undefined) throw new RangeError("a stored posting group ends inside a number");
    value += (byte & 0x7f) * scale;
    if (byte < 0x80) return value;
    scale *= 0x80;
  }
}

/** A growing column of a row being written. */
class Column {
  bytes = new Uint8Array(256);
  length = 0;
  lastKey = 0;

  add(key: number, rowKey: number, list: Uint8Array): void {
    const room = this.length + 16 + list.length;
    if (room > this.bytes.length) {
      const bigger = new Uint8Array(Math.max(room, this.bytes.length * 2));
      bigger.set(this.bytes.subarray(0, this.length));
      this.bytes = bigger;
    }
    this.length = writeVarint(this.bytes, this.length, key - (this.length === 0 ? rowKey : this.lastKey));
    this.length = writeVarint(this.bytes, this.length, list.length);
    this.bytes.set(list, this.length);
    this.length += list.length;
    this.lastKey = key;
  }

  take(): Uint8Array | null {
    const out = this.length === 0 ? null : this.bytes.slice(0, this.length);
    this.length = 0;
    return out;
  }
}

/**
 * Gathers a segment's tokens, given in key order with their lists (null: the form lacks the token;
 * empty: an `ori` or `sim` list equal to std's), into rows.
 */
export class GroupWriter {
  private readonly columns = [new Column(), new Column(), new Column()];
  private rowKey = -1;
  private rowBytes = 0;
  private readonly own = [new Column(), new Column(), new Column()];

  constructor(private readonly emit: (row: GroupRow) => void) {}

  /** Adds a token and its lists, by form (ori, std, sim). */
  token(key: number, lists: readonly (Uint8Array | null)[]): void {
    let bytes = 0;
    for (const list of lists) if (list) bytes += varintBytes(key) + varintBytes(list.length) + list.length;
    if (bytes > OWN_ROW_BYTES) {
      this.end();
      lists.forEach((list, form) => {
        if (list) (this.own[form] as Column).add(key, key, list);
      });
      this.emitRow(key, this.own);
      return;
    }
    const otherChar = Math.floor(key / CHAR_SPAN) !== Math.floor(this.rowKey / CHAR_SPAN);
    if (this.rowKey >= 0 && (otherChar || this.rowBytes + bytes > GROUP_BYTES)) this.end();
    if (this.rowKey < 0) this.rowKey = key;
    lists.forEach((list, form) => {
      if (list) (this.columns[form] as Column).add(key, this.rowKey, list);
    });
    this.rowBytes += bytes;
  }

  /** Writes out the row being gathered. */
  end(): void {
    if (this.rowKey < 0) return;
    this.emitRow(this.rowKey, this.columns);
    this.rowKey = -1;
    this.rowBytes = 0;
  }

  private emitRow(key: number, columns: readonly Column[]): void {
    const [ori, std, sim] = columns.map((column) => column.take());
    this.emit({ key, ori: ori ?? null, std: std ?? null, sim: sim ?? null });
  }
}

/** The keys of the tokens a gram's first char starts. */
export function charKeys(key: number): { lo: number; hi: number } {
  const lo = Math.floor(key / CHAR_SPAN) * CHAR_SPAN;
  return { lo, hi: lo + CHAR_SPAN - 1 };
}

/**
 * Writes a segment's postings as rows through `emit`, each char's counts token after its tokens;
 * `pause` is awaited after a token when it gives a promise (the caller writes out the rows it
 * holds).
 */
export async function writeGroupRows(
  postings: Postings,
  emit: (row: GroupRow) => void,
  pause: () => Promise<void> | null,
): Promise<void> {
  const writer = new GroupWriter(emit);
  const scratch = [new Uint8Array(1024), new Uint8Array(1024), new Uint8Array(1024)];
  const lists: (Uint8Array | null)[] = [];
  const charCounts = new CharCountsWriter();
  let key = 0;
  let char = -1;
  await postings.write(
    {
      row(first, second) {
        if (first !== char) {
          if (char >= 0) writer.token(tokenKey(char, COUNTS_SECOND), charCounts.take());
          char = first;
        }
        key = tokenKey(first, second);
        lists.length = 0;
      },
      list(ints, from, to) {
        const form = lists.length;
        if (ints === null) lists.push(null);
        else {
          const most = maxPostingListBytes(to - from);
          if ((scratch[form] as Uint8Array).length < most) scratch[form] = new Uint8Array(most * 2);
          const into = scratch[form] as Uint8Array;
          lists.push(into.subarray(0, writePostingList(ints, from, to, into, 0)));
        }
        charCounts.add(form, ints, from, to);
        if (lists.length < 3) return;
        charCounts.endToken();
        writer.token(key, lists);
      },
    },
    pause,
  );
  if (char >= 0) writer.token(tokenKey(char, COUNTS_SECOND), charCounts.take());
  writer.end();
}

/** A row as read for a lookup: its segment and key, and the columns read. */
export type ReadRow = {
  seg: number;
  key: number;
  /** The column of the form looked in; null where it is too long to be read (a row of its own). */
  list: Uint8Array | null;
  /** std's column, read beside a short `ori` or `sim` one; null otherwise. */
  std: Uint8Array | null;
};

/** The tokens of a column: each one's key and where its list lies in the column. */
function* columnTokens(
  rowKey: number,
  column: Uint8Array,
): Generator<{ key: number; from: number; to: number }> {
  const cursor = { at: 0 };
  let key = rowKey;
  while (cursor.at < column.length) {
    key += readVarint(column, cursor);
    const length = readVarint(column, cursor);
    const from = cursor.at;
    cursor.at += length;
    if (cursor.at > column.length) throw new RangeError("a stored posting group ends inside a list");
    yield { key, from, to: cursor.at };
  }
}

/** The list of token `key` in a column, or null. */
function listIn(rowKey: number, column: Uint8Array, key: number): Uint8Array | null {
  for (const token of columnTokens(rowKey, column)) {
    if (token.key === key) return column.subarray(token.from, token.to);
    if (token.key > key) break;
  }
  return null;
}

/** A token's list and where it was found. */
export type TokenList = { gram: string; seg: number; list: Uint8Array };

/**
 * The lists of the tokens whose keys `wanted` keeps, from rows read for a lookup (a row read twice
 * is taken once); an `ori` or `sim` list equal to std's is std's.
 */
export function listsOfRows(rows: readonly ReadRow[], wanted: (key: number) => boolean): TokenList[] {
  const out: TokenList[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const id = `${row.seg}:${row.key}`;
    if (row.list === null || seen.has(id)) continue;
    seen.add(id);
    for (const token of columnTokens(row.key, row.list)) {
      if (!wanted(token.key)) continue;
      let list = row.list.subarray(token.from, token.to);
      if (list.length === 0) {
        const std = row.std && listIn(row.key, row.std, token.key);
        if (!std) throw new RangeError("a stored list equal to std's has no std list beside it");
        list = std;
      }
      out.push({ gram: gramOfKey(token.key), seg: row.seg, list });
    }
  }
  return out;
}

/**
 * Whether a row read for token `key` (the row keyed at or before it among its char's) holds it in
 * the form looked in: a column too long to be read is a row of one token, the row's own.
 */
export const rowHolds = (row: ReadRow, key: number): boolean =>
  row.list === null ? row.key === key : listIn(row.key, row.list, key) !== null;

/** How a database reads search_posting's rows for the lookups of a search (groupedLookups). */
export type RowReads = {
  /**
   * The row of each segment of the slot (every slot: null) holding, if any does, each wanted
   * token: the last keyed at or before it among its char's.
   */
  rowsOfTokens(
    db: Db,
    column: IndexColumn,
    slot: number | null,
    keys: readonly number[],
  ): Promise<(ReadRow & { target: number })[]>;
  /** The rows of each segment of the slot keyed in [lo, hi], every column read. */
  rowsInRange(db: Db, column: IndexColumn, slot: number, lo: number, hi: number): Promise<ReadRow[]>;
  /** Which of the ranges of keys some segment has a row keyed in with the form's column. */
  rangesHeld(
    db: Db,
    column: IndexColumn,
    ranges: readonly { lo: number; hi: number }[],
  ): Promise<Set<number>>;
};

/** A search's lookups (posting-store.ts) over the rows a database reads. */
export function groupedLookups(
  reads: RowReads,
): Pick<PostingStore, "lists" | "prefixLists" | "charCounts" | "existing"> {
  return {
    async lists(db, column, slot, grams) {
      if (grams.length === 0) return [];
      const keys = new Set(grams.map(exactKey));
      return listsOfRows(await reads.rowsOfTokens(db, column, slot, [...keys]), (key) => keys.has(key));
    },

    async prefixLists(db, column, slot, ch) {
      // The rows keyed in a char's range hold its tokens alone.
      const { lo, hi } = gramKeys(ch);
      return listsOfRows(await reads.rowsInRange(db, column, slot, lo, hi), (key) => !isCounts(key));
    },

    async charCounts(db, column, slot, ch) {
      const key = tokenKey(ch.codePointAt(0) as number, COUNTS_SECOND);
      return listsOfRows(await reads.rowsOfTokens(db, column, slot, [key]), (found) => found === key);
    },

    async existing(db, column, grams) {
      const ranges = grams.map((gram) => ({ gram, ...gramKeys(gram) }));
      const chars = ranges.filter((range) => range.lo !== range.hi);
      const bigrams = ranges.filter((range) => range.lo === range.hi);
      const found = new Set<string>();
      // A char's tokens are the rows keyed in its range: a row in any segment answers.
      if (chars.length > 0)
        for (const i of await reads.rangesHeld(db, column, chars))
          found.add((chars[i] as { gram: string }).gram);
      if (bigrams.length > 0) {
        const rows = await reads.rowsOfTokens(
          db,
          column,
          null,
          bigrams.map((bigram) => bigram.lo),
        );
        for (const { gram, lo } of bigrams)
          if (rows.some((row) => row.target === lo && rowHolds(row, lo))) found.add(gram);
      }
      return found;
    },
  };
}
