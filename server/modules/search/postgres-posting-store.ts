/**
 * The search index's rows on PostgreSQL (posting-store.ts): written by binary COPY, read per
 * segment of a slot by search_posting's key (slot, seg, gram), its grams in the "C" collation.
 */
import { type Kysely, type RawBuilder, sql } from "kysely";
import { copyBinary } from "../../db/pg-copy.ts";
import type { Database } from "../../db/schema.ts";
import type { IndexColumn } from "./index-columns.ts";
import { maxPostingListBytes, writePostingList } from "./posting-list-bytes.ts";
import { LAST_CHAR, type PostingRow, type PostingStore } from "./posting-store.ts";

type Db = Kysely<Database>;

/** A form's list of a token: an empty `ori` or `sim` list is the `std` one. */
const listOf = (column: IndexColumn) =>
  column === "std"
    ? sql<Uint8Array>`std`
    : sql<Uint8Array>`CASE WHEN octet_length(${sql.ref(column)}) = 0 THEN std ELSE ${sql.ref(column)} END`;

/**
 * The rows of each segment of the slot that `where` keeps, read by search_posting's key (slot,
 * seg, gram): the subquery is planned once per segment (OFFSET 0 keeps it from being merged into
 * a join the planner could turn into a scan of the whole table).
 */
async function readSegmentRows(db: Db, column: IndexColumn, slot: number, where: RawBuilder<unknown>) {
  const rows = await sql<PostingRow>`
    SELECT p.gram, p.seg, p.list FROM search_segment s
    CROSS JOIN LATERAL (
      SELECT gram, seg, ${listOf(column)} AS list FROM search_posting
      WHERE slot = s.slot AND seg = s.id AND ${where} AND ${sql.ref(column)} IS NOT NULL
      OFFSET 0) p
    WHERE s.slot = ${slot}`.execute(db);
  return rows.rows;
}

export const postgresPostingStore: PostingStore = {
  async ready(db) {
    const row = await sql<{ ready: boolean }>`
      SELECT to_regclass('search_posting') IS NOT NULL AS ready`.execute(db);
    return row.rows[0]?.ready === true;
  },

  async writeRows(db, slot, seg, postings, frozen) {
    await copyBinary(
      db,
      "search_posting",
      ["gram", "slot", "seg", "ori", "std", "sim"],
      (out) =>
        postings.write(
          {
            row(first, second) {
              out.row(6);
              out.codePoints(first, second);
              out.int4(slot);
              out.int4(seg);
            },
            list: (ints, from, to) =>
              out.encodedInts(ints, from, to, maxPostingListBytes(to - from), writePostingList),
          },
          () => (out.full ? out.flush() : null),
        ),
      { freeze: frozen },
    );
  },

  /**
   * search_posting's key (slot, seg, gram) (migration 0022) is dropped while the emptied table is
   * filled and built again after: building it once over sorted rows is quicker than keeping it up
   * to date row by row. Truncated in the transaction, the table may take its rows frozen, and
   * neither the key's build nor the first searches then mark every row visible.
   */
  async fillEmpty(db, fill) {
    await sql`ALTER TABLE search_posting DROP CONSTRAINT search_posting_pkey`.execute(db);
    await sql`TRUNCATE search_posting`.execute(db);
    await fill(true);
    await sql`SET LOCAL maintenance_work_mem = '256MB'`.execute(db);
    await sql`ALTER TABLE search_posting ADD CONSTRAINT search_posting_pkey PRIMARY KEY (slot, seg, gram)`.execute(
      db,
    );
  },

  async dropSegments(db, slot, ids) {
    await db
      .deleteFrom("search_posting")
      .where("slot", "=", slot)
      .where("seg", "in", [...ids])
      .execute();
  },

  lists: (db, column, slot, grams) =>
    readSegmentRows(db, column, slot, sql`gram = ANY(${sql.val([...grams])}::text[])`),

  prefixLists: (db, column, slot, ch) =>
    readSegmentRows(db, column, slot, sql`gram >= ${ch} AND gram <= ${ch + LAST_CHAR}`),

  async existing(db, column, grams) {
    if (grams.length === 0) return new Set();
    // A bigram's range holds itself alone; a single char's, every token it starts. Each segment
    // is looked in by its key (LIMIT 1 keeps the lookup a subquery of the segment).
    const rows = await sql<{ gram: string }>`
      SELECT want AS gram FROM unnest(${sql.val([...grams])}::text[]) AS wanted(want)
      WHERE EXISTS (
        SELECT 1 FROM search_segment s
        CROSS JOIN LATERAL (
          SELECT 1 FROM search_posting p
          WHERE p.slot = s.slot AND p.seg = s.id AND p.gram >= want AND p.gram <= want || ${LAST_CHAR}
            AND ${sql.ref(`p.${column}`)} IS NOT NULL
          LIMIT 1) hit)`.execute(db);
    return new Set(rows.rows.map((r) => r.gram));
  },
};
