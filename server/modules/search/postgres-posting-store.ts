/**
 * The search index's rows on PostgreSQL (posting-store.ts, posting-groups.ts): written by binary
 * COPY, read per segment of a slot by search_posting's integer key.
 */
import { type RawBuilder, sql } from "kysely";
import { copyBinary } from "../../db/pg-copy.ts";
import type { IndexColumn } from "./index-columns.ts";
import {
  charKeys,
  GROUP_BYTES,
  groupedLookups,
  MAX_SEGMENT,
  type ReadRow,
  type RowReads,
  SEGMENT_KEY_BITS,
  writeGroupRows,
} from "./posting-groups.ts";
import type { PostingStore } from "./posting-store.ts";

/** The first key of segment s. */
const START = sql`(s.id::bigint << ${sql.lit(SEGMENT_KEY_BITS)})`;
const bigints = (values: readonly number[]) => sql`${sql.val(values.map(String))}::bigint[]`;

/**
 * The columns of row p of segment s read for a lookup: the form's column (with a `target`, unless
 * it is too long to hold another token than the row's own and the target is not that token);
 * std's beside a short `ori` or `sim` one, whose lists equal to std's are std's. A value not read
 * is not fetched from its TOAST table.
 */
function readColumns(column: IndexColumn, target: RawBuilder<unknown> | "every") {
  const list = sql.ref(`p.${column}`);
  const short = sql`octet_length(${list}) <= ${sql.lit(GROUP_BYTES)}`;
  const read = target === "every" ? sql`true` : sql`(${short} OR p.k = ${START} + ${target})`;
  return sql`s.id AS seg, (p.k - ${START})::float8 AS key,
    CASE WHEN ${read} THEN ${list} END AS list,
    ${column === "std" ? sql`NULL::bytea` : sql`CASE WHEN ${short} THEN p.std END`} AS std`;
}

const reads: RowReads = {
  // LIMIT 1 keeps each lookup one step back along the key.
  async rowsOfTokens(db, column, slot, keys) {
    const rows = await sql<ReadRow & { target: number }>`
      SELECT w.target::float8 AS target, ${readColumns(column, sql`w.target`)}
      FROM search_segment s
      CROSS JOIN unnest(${bigints(keys)}, ${bigints(keys.map((key) => charKeys(key).lo))}) AS w(target, lo)
      CROSS JOIN LATERAL (
        SELECT k, ori, std, sim FROM search_posting
        WHERE k BETWEEN ${START} + w.lo AND ${START} + w.target ORDER BY k DESC LIMIT 1) p
      WHERE ${slot === null ? sql`true` : sql`s.slot = ${slot}`} AND ${sql.ref(`p.${column}`)} IS NOT NULL`.execute(
      db,
    );
    return rows.rows;
  },

  // OFFSET 0 keeps each segment's range a scan of the key.
  async rowsInRange(db, column, slot, lo, hi) {
    const rows = await sql<ReadRow>`
      SELECT ${readColumns(column, "every")}
      FROM search_segment s
      CROSS JOIN LATERAL (
        SELECT k, ori, std, sim FROM search_posting
        WHERE k BETWEEN ${START} + ${sql.lit(lo)} AND ${START} + ${sql.lit(hi)}
          AND ${sql.ref(column)} IS NOT NULL
        OFFSET 0) p
      WHERE s.slot = ${slot}`.execute(db);
    return rows.rows;
  },

  async rangesHeld(db, column, ranges) {
    const rows = await sql<{ i: number }>`
      SELECT w.i FROM unnest(
        ${sql.val(ranges.map((_, i) => i))}::integer[],
        ${bigints(ranges.map((range) => range.lo))},
        ${bigints(ranges.map((range) => range.hi))}) AS w(i, lo, hi)
      WHERE EXISTS (
        SELECT 1 FROM search_segment s
        CROSS JOIN LATERAL (
          SELECT 1 FROM search_posting p
          WHERE p.k BETWEEN ${START} + w.lo AND ${START} + w.hi AND ${sql.ref(`p.${column}`)} IS NOT NULL
          LIMIT 1) hit)`.execute(db);
    return new Set(rows.rows.map((row) => row.i));
  },
};

export const postgresPostingStore: PostingStore = {
  async ready(db) {
    const row = await sql<{ ready: boolean }>`
      SELECT EXISTS (
        SELECT 1 FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'search_posting' AND column_name = 'k') AS ready`.execute(
      db,
    );
    return row.rows[0]?.ready === true;
  },

  async writeRows(db, seg, postings, frozen) {
    if (seg > MAX_SEGMENT) throw new RangeError(`search segment ${seg} is past the key's room`);
    const start = BigInt(seg) << BigInt(SEGMENT_KEY_BITS);
    await copyBinary(
      db,
      "search_posting",
      ["k", "ori", "std", "sim"],
      (out) =>
        writeGroupRows(
          postings,
          (row) => {
            out.row(4);
            out.int8(start + BigInt(row.key));
            out.bytea(row.ori);
            out.bytea(row.std);
            out.bytea(row.sim);
          },
          () => (out.full ? out.flush() : null),
        ),
      { freeze: frozen },
    );
  },

  /**
   * search_posting's key is dropped while the emptied table is filled and built again after:
   * building it once over sorted rows is quicker than keeping it up to date row by row. Truncated
   * in the transaction, the table may take its rows frozen, and neither the key's build nor the
   * first searches then mark every row visible.
   */
  async fillEmpty(db, fill) {
    await sql`ALTER TABLE search_posting DROP CONSTRAINT search_posting_pkey`.execute(db);
    await sql`TRUNCATE search_posting`.execute(db);
    await fill(true);
    await sql`SET LOCAL maintenance_work_mem = '256MB'`.execute(db);
    await sql`ALTER TABLE search_posting ADD CONSTRAINT search_posting_pkey PRIMARY KEY (k)`.execute(db);
  },

  async dropSegments(db, ids) {
    for (const id of ids)
      await sql`DELETE FROM search_posting
        WHERE k BETWEEN (${sql.lit(id)}::bigint << ${sql.lit(SEGMENT_KEY_BITS)})
          AND (${sql.lit(id + 1)}::bigint << ${sql.lit(SEGMENT_KEY_BITS)}) - 1`.execute(db);
  },

  ...groupedLookups(reads),
};
