/**
 * The search index's rows on SQLite (posting-store.ts): written by many-row INSERTs in the
 * caller's transaction, read per segment of a slot by search_posting's key (slot, seg, gram), a
 * WITHOUT ROWID table whose grams compare as UTF-8 bytes, which is code point order.
 */
import { type Kysely, type RawBuilder, sql } from "kysely";
import { bulkInsert } from "../../db/bulk-insert.ts";
import type { Database } from "../../db/schema.ts";
import type { IndexColumn } from "./index-columns.ts";
import { maxPostingListBytes, writePostingList } from "./posting-list-bytes.ts";
import { gramOf, LAST_CHAR, type PostingRow, type PostingStore } from "./posting-store.ts";

type Db = Kysely<Database>;

type Row = {
  slot: number;
  seg: number;
  gram: string;
  ori: Uint8Array | null;
  std: Uint8Array | null;
  sim: Uint8Array | null;
};

const POSTING_INSERT = {
  table: "search_posting",
  columns: ["slot", "seg", "gram", "ori", "std", "sim"] as const,
};
/** Rows a statement writes: 6 bound values each, far under SQLite's limit. */
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

/** The rows of each segment of the slot that `where` keeps, each segment read by the key. */
async function readSegmentRows(db: Db, column: IndexColumn, slot: number, where: RawBuilder<unknown>) {
  const rows = await sql<PostingRow>`
    SELECT p.gram, p.seg, ${listOf(column)} AS list
    FROM search_segment s CROSS JOIN search_posting p ON p.slot = s.slot AND p.seg = s.id AND ${where}
    WHERE s.slot = ${slot} AND ${sql.ref(`p.${column}`)} IS NOT NULL`.execute(db);
  return rows.rows;
}

export const sqlitePostingStore: PostingStore = {
  async ready(db) {
    const row = await sql<{ n: number }>`
      SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'search_posting'`.execute(db);
    return Number(row.rows[0]?.n ?? 0) > 0;
  },

  async writeRows(db, slot, seg, postings) {
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
          rows.push({ slot, seg, gram: gramOf(first, second), ori: null, std: null, sim: null });
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

  lists(db, column, slot, grams) {
    if (grams.length === 0) return Promise.resolve([]);
    return readSegmentRows(db, column, slot, sql`p.gram IN (${sql.join([...grams])})`);
  },

  prefixLists: (db, column, slot, ch) =>
    readSegmentRows(db, column, slot, sql`p.gram >= ${ch} AND p.gram <= ${ch + LAST_CHAR}`),

  async existing(db, column, grams) {
    if (grams.length === 0) return new Set();
    // A bigram's range holds itself alone; a single char's, every token it starts. The first row
    // found in any segment answers.
    const wanted = sql.join(grams.map((gram) => sql`(${gram})`));
    const rows = await sql<{ gram: string }>`
      WITH wanted(want) AS (VALUES ${wanted})
      SELECT want AS gram FROM wanted
      WHERE EXISTS (
        SELECT 1 FROM search_segment s
        CROSS JOIN search_posting p
          ON p.slot = s.slot AND p.seg = s.id AND p.gram >= want AND p.gram <= want || ${LAST_CHAR}
        WHERE ${sql.ref(`p.${column}`)} IS NOT NULL)`.execute(db);
    return new Set(rows.rows.map((r) => r.gram));
  },
};
