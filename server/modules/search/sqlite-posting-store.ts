/**
 * The search index's rows on SQLite (posting-store.ts): written by many-row INSERTs in the
 * caller's transaction, read per segment of a slot by search_posting's integer key, which is the
 * table's rowid:
 *   k = seg × 2⁴² + first × 2²¹ + second
 * (a token's code points; second 0: a char alone), so a segment's tokens are one range of the key
 * in code point order and the tokens a char starts are one range within it. A rowid table keeps a
 * list of up to about 4 KB in its leaf and fills whole overflow pages with a longer one, where a
 * table keyed by (slot, seg, gram) spills every list over about 1 KB and leaves most of the last
 * overflow page empty: the index takes a quarter less room.
 */
import { type Kysely, type RawBuilder, sql } from "kysely";
import { bulkInsert } from "../../db/bulk-insert.ts";
import type { Database } from "../../db/schema.ts";
import type { IndexColumn } from "./index-columns.ts";
import { maxPostingListBytes, writePostingList } from "./posting-list-bytes.ts";
import { gramOf, type PostingRow, type PostingStore } from "./posting-store.ts";

type Db = Kysely<Database>;

type Row = { k: bigint; ori: Uint8Array | null; std: Uint8Array | null; sim: Uint8Array | null };

/** A code point's bits in the key. */
const CHAR_BITS = 21;
/** Tokens' keys within a segment: 2⁴². */
const SEGMENT_KEYS = 2 ** (2 * CHAR_BITS);
/** Segment ids the key has room for (k < 2⁶³). */
const MAX_SEGMENT = 2 ** (63 - 2 * CHAR_BITS) - 1;
const LAST_SECOND = 2 ** CHAR_BITS - 1;

/** A token's key within its segment: a bigram's code points, or a char alone (second 0). */
const tokenKey = (first: number, second: number): number => first * 2 ** CHAR_BITS + second;

const codePoints = (gram: string): number[] => Array.from(gram, (ch) => ch.codePointAt(0) as number);

/** A token's exact key within its segment (a char alone: that token, not the range it starts). */
function exactKey(gram: string): number {
  const [first, second] = codePoints(gram);
  return tokenKey(first as number, second ?? 0);
}

/** The keys of a gram within a segment: a bigram itself, or every token a char starts. */
function gramKeys(gram: string): { lo: number; hi: number } {
  const [first, second] = codePoints(gram) as [number, number | undefined];
  return second === undefined
    ? { lo: tokenKey(first, 0), hi: tokenKey(first, LAST_SECOND) }
    : { lo: tokenKey(first, second), hi: tokenKey(first, second) };
}

const POSTING_INSERT = { table: "search_posting", columns: ["k", "ori", "std", "sim"] as const };
/** Rows a statement writes: 4 bound values each, far under SQLite's limit. */
const STATEMENT_ROWS = 512;
/** Rows written at once: their lists are held until then. */
const BATCH_ROWS = 4 * STATEMENT_ROWS;
/** Bytes of lists after which the rows held are written whatever their count. */
const BATCH_BYTES = 8 * 2 ** 20;

/** A form's list of a token: an empty `ori` or `sim` list is the `std` one. */
const listOf = (column: IndexColumn) =>
  column === "std"
    ? sql<Uint8Array>`p.std`
    : sql<Uint8Array>`CASE WHEN length(${sql.ref(`p.${column}`)}) = 0 THEN p.std ELSE ${sql.ref(`p.${column}`)} END`;

type KeyedRow = { first: number; second: number; seg: number; list: Uint8Array };

const postingRows = (rows: readonly KeyedRow[]): PostingRow[] =>
  rows.map((row) => ({ gram: gramOf(row.first, row.second), seg: row.seg, list: row.list }));

/**
 * An integer in the statement's text: a bound JavaScript number is a REAL in SQLite, and a key
 * summed with one loses its low bits past 2⁵³.
 */
const int = (value: number) => sql.lit(value);
/** The first key of segment s. */
const SEGMENT_START = sql`(s.id << ${int(2 * CHAR_BITS)})`;

/** The token's code points of a row of p, and its segment s. */
const KEYED_COLUMNS = sql`(p.k >> ${int(CHAR_BITS)}) & ${int(LAST_SECOND)} AS first, p.k & ${int(LAST_SECOND)} AS second, s.id AS seg`;

/** The rows of each segment of the slot whose token keys lie in [lo, hi]. */
async function readSegmentRange(db: Db, column: IndexColumn, slot: number, lo: number, hi: number) {
  const rows = await sql<KeyedRow>`
    SELECT ${KEYED_COLUMNS}, ${listOf(column)} AS list
    FROM search_segment s CROSS JOIN search_posting p
      ON p.k BETWEEN ${SEGMENT_START} + ${int(lo)} AND ${SEGMENT_START} + ${int(hi)}
    WHERE s.slot = ${slot} AND ${sql.ref(`p.${column}`)} IS NOT NULL`.execute(db);
  return postingRows(rows.rows);
}

/** VALUES rows of the given integers. */
const valuesOf = (values: readonly (readonly number[])[]): RawBuilder<unknown> =>
  sql.join(values.map((row) => sql`(${sql.join(row.map(int))})`));

export const sqlitePostingStore: PostingStore = {
  async ready(db) {
    const row = await sql<{ n: number }>`
      SELECT count(*) AS n FROM pragma_table_info('search_posting') WHERE name = 'k'`.execute(db);
    return Number(row.rows[0]?.n ?? 0) > 0;
  },

  async writeRows(db, _slot, seg, postings) {
    if (seg > MAX_SEGMENT) throw new RangeError(`search segment ${seg} is past the key's room`);
    const segmentKey = BigInt(seg) * BigInt(SEGMENT_KEYS);
    const rows: Row[] = [];
    let arena = new Uint8Array(BATCH_BYTES);
    let used = 0;
    let held = 0;
    let form = 0;
    const flush = async (): Promise<void> => {
      await bulkInsert<Database, Row>(db, "sqlite", POSTING_INSERT, rows, STATEMENT_ROWS);
      // The statements took copies of the lists: the arena is free again.
      rows.length = 0;
      used = 0;
      held = 0;
    };
    await postings.write(
      {
        row(first, second) {
          rows.push({ k: segmentKey + BigInt(tokenKey(first, second)), ori: null, std: null, sim: null });
          form = 0;
        },
        list(ints, from, to) {
          const row = rows[rows.length - 1] as Row;
          let bytes: Uint8Array | null = null;
          if (ints !== null) {
            const most = maxPostingListBytes(to - from);
            if (used + most > arena.length) {
              // The lists held stay in the arena they were written to.
              arena = new Uint8Array(Math.max(BATCH_BYTES, most));
              used = 0;
            }
            const end = writePostingList(ints, from, to, arena, used);
            bytes = arena.subarray(used, end);
            held += end - used;
            used = end;
          }
          if (form === 0) row.ori = bytes;
          else if (form === 1) row.std = bytes;
          else row.sim = bytes;
          form++;
        },
      },
      () => (rows.length >= BATCH_ROWS || held >= BATCH_BYTES ? flush() : null),
    );
    if (rows.length > 0) await flush();
  },

  fillEmpty: (_db, fill) => fill(false),

  async dropSegments(db, _slot, ids) {
    for (const id of ids)
      await sql`DELETE FROM search_posting
        WHERE k BETWEEN (${int(id)} << ${int(2 * CHAR_BITS)}) AND (${int(id + 1)} << ${int(2 * CHAR_BITS)}) - 1`.execute(
        db,
      );
  },

  async lists(db, column, slot, grams) {
    if (grams.length === 0) return [];
    const wanted = valuesOf([...new Set(grams)].map((gram) => [exactKey(gram)]));
    const rows = await sql<KeyedRow>`
      WITH wanted(key) AS (VALUES ${wanted})
      SELECT ${KEYED_COLUMNS}, ${listOf(column)} AS list
      FROM search_segment s CROSS JOIN wanted w CROSS JOIN search_posting p
        ON p.k = ${SEGMENT_START} + w.key
      WHERE s.slot = ${slot} AND ${sql.ref(`p.${column}`)} IS NOT NULL`.execute(db);
    return postingRows(rows.rows);
  },

  prefixLists(db, column, slot, ch) {
    const { lo, hi } = gramKeys(ch);
    return readSegmentRange(db, column, slot, lo, hi);
  },

  async existing(db, column, grams) {
    if (grams.length === 0) return new Set();
    // A bigram's range holds itself alone; a single char's, every token it starts. The first row
    // found in any segment answers.
    const ranges = grams.map((gram) => ({ gram, ...gramKeys(gram) }));
    const wanted = valuesOf(ranges.map((range, i) => [i, range.lo, range.hi]));
    const rows = await sql<{ i: number }>`
      WITH wanted(i, lo, hi) AS (VALUES ${wanted})
      SELECT i FROM wanted
      WHERE EXISTS (
        SELECT 1 FROM search_segment s
        CROSS JOIN search_posting p
          ON p.k BETWEEN ${SEGMENT_START} + lo AND ${SEGMENT_START} + hi
        WHERE ${sql.ref(`p.${column}`)} IS NOT NULL)`.execute(db);
    return new Set(rows.rows.map((row) => (ranges[row.i] as { gram: string }).gram));
  },
};
