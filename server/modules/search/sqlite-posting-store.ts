/**
 * The search index's rows on SQLite (posting-store.ts, posting-groups.ts): written by many-row
 * INSERTs in the caller's transaction, read per segment of a slot by search_posting's integer key,
 * the table's rowid. A rowid table keeps a row of up to about 4 KB in its leaf and fills whole
 * overflow pages with a longer one.
 */
import { type RawBuilder, sql } from "kysely";
import { bulkInsert } from "../../db/bulk-insert.ts";
import type { Database } from "../../db/schema.ts";
import type { IndexColumn } from "./index-columns.ts";
import {
  charKeys,
  GROUP_BYTES,
  type GroupRow,
  groupedLookups,
  MAX_SEGMENT,
  type ReadRow,
  type RowReads,
  SEGMENT_KEY_BITS,
  writeGroupRows,
} from "./posting-groups.ts";
import type { PostingStore } from "./posting-store.ts";

type Row = { k: bigint; ori: Uint8Array | null; std: Uint8Array | null; sim: Uint8Array | null };

const POSTING_INSERT = { table: "search_posting", columns: ["k", "ori", "std", "sim"] as const };
/** Rows a statement writes: 4 bound values each, far under SQLite's limit. */
const STATEMENT_ROWS = 512;
/** Rows written at once. */
const BATCH_ROWS = 4 * STATEMENT_ROWS;
/** Bytes of rows after which the rows held are written whatever their count. */
const BATCH_BYTES = 8 * 2 ** 20;

/**
 * An integer in the statement's text: a bound JavaScript number is a REAL in SQLite, and a key
 * summed with one loses its low bits past 2⁵³.
 */
const int = (value: number) => sql.lit(value);
/** The first key of segment s. */
const START = sql`(s.id << ${int(SEGMENT_KEY_BITS)})`;

/** VALUES rows of the given integers. */
const valuesOf = (values: readonly (readonly number[])[]): RawBuilder<unknown> =>
  sql.join(values.map((row) => sql`(${sql.join(row.map(int))})`));

/**
 * The columns of row p of segment s read for a lookup: the form's column (with a `target`, unless
 * it is too long to hold another token than the row's own and the target is not that token);
 * std's beside a short `ori` or `sim` one, whose lists equal to std's are std's.
 */
function readColumns(column: IndexColumn, target: RawBuilder<unknown> | "every") {
  const list = sql.ref(`p.${column}`);
  const short = sql`length(${list}) <= ${int(GROUP_BYTES)}`;
  const read = target === "every" ? sql`1` : sql`(${short} OR p.k = ${START} + ${target})`;
  return sql`s.id AS seg, p.k - ${START} AS key,
    CASE WHEN ${read} THEN ${list} END AS list,
    ${column === "std" ? sql`NULL` : sql`CASE WHEN ${short} THEN p.std END`} AS std`;
}

const reads: RowReads = {
  async rowsOfTokens(db, column, slot, keys) {
    const wanted = valuesOf(keys.map((key) => [key, charKeys(key).lo]));
    const rows = await sql<ReadRow & { target: number }>`
      WITH wanted(target, lo) AS (VALUES ${wanted})
      SELECT w.target AS target, ${readColumns(column, sql`w.target`)}
      FROM search_segment s CROSS JOIN wanted w CROSS JOIN search_posting p
        ON p.k = (SELECT k FROM search_posting
                  WHERE k BETWEEN ${START} + w.lo AND ${START} + w.target ORDER BY k DESC LIMIT 1)
      WHERE ${slot === null ? sql`1` : sql`s.slot = ${slot}`} AND ${sql.ref(`p.${column}`)} IS NOT NULL`.execute(
      db,
    );
    return rows.rows;
  },

  async rowsInRange(db, column, slot, lo, hi) {
    const rows = await sql<ReadRow>`
      SELECT ${readColumns(column, "every")}
      FROM search_segment s CROSS JOIN search_posting p
        ON p.k BETWEEN ${START} + ${int(lo)} AND ${START} + ${int(hi)}
      WHERE s.slot = ${slot} AND ${sql.ref(`p.${column}`)} IS NOT NULL`.execute(db);
    return rows.rows;
  },

  async rangesHeld(db, column, ranges) {
    const rows = await sql<{ i: number }>`
      WITH wanted(i, lo, hi) AS (VALUES ${valuesOf(ranges.map((range, i) => [i, range.lo, range.hi]))})
      SELECT i FROM wanted
      WHERE EXISTS (
        SELECT 1 FROM search_segment s
        CROSS JOIN search_posting p ON p.k BETWEEN ${START} + lo AND ${START} + hi
        WHERE ${sql.ref(`p.${column}`)} IS NOT NULL)`.execute(db);
    return new Set(rows.rows.map((row) => row.i));
  },
};

export const sqlitePostingStore: PostingStore = {
  async ready(db) {
    const row = await sql<{ n: number }>`
      SELECT count(*) AS n FROM pragma_table_info('search_posting') WHERE name = 'k'`.execute(db);
    return Number(row.rows[0]?.n ?? 0) > 0;
  },

  async writeRows(db, seg, postings) {
    if (seg > MAX_SEGMENT) throw new RangeError(`search segment ${seg} is past the key's room`);
    const start = BigInt(seg) << BigInt(SEGMENT_KEY_BITS);
    const rows: Row[] = [];
    let held = 0;
    const flush = async (): Promise<void> => {
      await bulkInsert<Database, Row>(db, "sqlite", POSTING_INSERT, rows, STATEMENT_ROWS);
      rows.length = 0;
      held = 0;
    };
    const emit = (row: GroupRow): void => {
      rows.push({ k: start + BigInt(row.key), ori: row.ori, std: row.std, sim: row.sim });
      held += (row.ori?.length ?? 0) + (row.std?.length ?? 0) + (row.sim?.length ?? 0);
    };
    await writeGroupRows(postings, emit, () =>
      rows.length >= BATCH_ROWS || held >= BATCH_BYTES ? flush() : null,
    );
    if (rows.length > 0) await flush();
  },

  fillEmpty: (_db, fill) => fill(false),

  async dropSegments(db, ids) {
    for (const id of ids)
      await sql`DELETE FROM search_posting
        WHERE k BETWEEN (${int(id)} << ${int(SEGMENT_KEY_BITS)}) AND (${int(id + 1)} << ${int(SEGMENT_KEY_BITS)}) - 1`.execute(
        db,
      );
  },

  ...groupedLookups(reads),
};
