/**
 * The SQLite search index: per indexed text form a contentless FTS5 table, `search_fts_ori`,
 * `search_fts_std` and `search_fts_sim` (detail=full, the `ascii` tokenizer, which keeps every
 * non-ASCII char in a token, and an index of 1-char prefixes), with one row per reel of the form's
 * bigram tokens, and its vocabulary, `search_vocab_…`.
 *
 * A phrase of bigrams is an exact substring, so MATCH finds the reels, and a single char is the
 * first char of its tokens, found through the prefix index. The places a phrase occurs in a reel
 * are counted, and its first snippet windows found, by `search_windows()`, an FTS5 function of
 * the project's SQLite extension (server/db/sqlite-extension), whose `search_pack()` hands the
 * answers for every reel over at once.
 */
import { type Kysely, sql } from "kysely";
import { SNIPPET_CONTEXT, SNIPPETS_PER_REEL } from "../../../contract/search-options.ts";
import { phraseBigrams, searchTokenText } from "../../../contract/search-tokenizer.ts";
import type { Database } from "../../db/schema.ts";
import { type IdRange, INDEX_COLUMNS, type IndexColumn, type ReelText } from "./index-columns.ts";
import { eitherPhrase, type PhraseCounts, type SearchIndex, type SnippetWindow } from "./phrase-counts.ts";
import { positionOf, reelCountsOf } from "./reel-counts.ts";

type Db = Kysely<Database>;

/** The FTS5 table of a text form and its vocabulary. */
const ftsOf = (column: IndexColumn) => sql.raw(`search_fts_${column}`);
const vocabOf = (column: IndexColumn) => sql.raw(`search_vocab_${column}`);

export async function insertSqliteReel(db: Db, id: number, text: ReelText): Promise<void> {
  for (const column of INDEX_COLUMNS) {
    await sql`INSERT INTO ${ftsOf(column)}(rowid, chars) VALUES (${id}, ${searchTokenText(text[column])})`.execute(
      db,
    );
  }
}

export async function deleteSqliteDocuments(db: Db, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    const batch = ids.slice(i, i + 500);
    for (const column of INDEX_COLUMNS) {
      await sql`DELETE FROM ${ftsOf(column)} WHERE rowid IN (${sql.join(batch)})`.execute(db);
    }
  }
}

/** An FTS5 query for one phrase; a single char is the prefix of its tokens. */
function matchExpression(chars: readonly string[]): string {
  if (chars.length === 1) return `"${chars[0]}"*`;
  return `"${phraseBigrams(chars).join(" ")}"`;
}

/**
 * Int32s of a reel in the packed answer: its number within the range, its hits and each window's
 * first hit and end.
 */
const RECORD = 2 + 2 * SNIPPETS_PER_REEL;

/**
 * One phrase's places in every reel of the range, handed over as one blob (search_pack) of a
 * record per reel (RECORD), which the answer reads a reel's windows from when they are asked for.
 */
async function countPhrase(
  db: Db,
  column: IndexColumn,
  chars: readonly string[],
  range: IdRange,
): Promise<PhraseCounts> {
  // The LIMIT keeps SQLite from flattening the subquery into the aggregate: FTS5 functions run
  // only on the rows of their own table's scan.
  const rows = await sql<{ packed: Uint8Array | null }>`
    SELECT search_pack(id, places) AS packed FROM (
      SELECT rowid - ${range.lo} AS id,
             search_windows(${ftsOf(column)}, ${chars.length}, ${SNIPPET_CONTEXT}, ${SNIPPETS_PER_REEL}) AS places
      FROM ${ftsOf(column)}
      WHERE ${ftsOf(column)} MATCH ${matchExpression(chars)} AND rowid BETWEEN ${range.lo} AND ${range.hi}
      LIMIT -1)`.execute(db);
  const packed = int32sOf(rows.rows[0]?.packed ?? new Uint8Array());
  const records = Math.floor(packed.length / RECORD);
  const reels = new Int32Array(records);
  const hits = new Int32Array(records);
  for (let i = 0; i < records; i++) {
    reels[i] = packed[i * RECORD] as number;
    hits[i] = packed[i * RECORD + 1] as number;
  }
  // FTS5 answers in rowid order, so a reel's record is found by its place in the counts; were it
  // ever otherwise, the counts are put in order and the records found through a map.
  const counts = reelCountsOf(reels, hits);
  const byReel = counts.reels === reels ? null : new Map(Array.from(reels, (reel, i) => [reel, i]));
  const windows = (reel: number): SnippetWindow[] | undefined => {
    const record = byReel ? (byReel.get(reel) ?? -1) : positionOf(counts, reel);
    if (record < 0) return undefined;
    const at = record * RECORD;
    const list: SnippetWindow[] = [];
    for (let w = at + 2; w < at + RECORD && (packed[w] as number) >= 0; w += 2)
      list.push({ firstHit: packed[w] as number, end: packed[w + 1] as number });
    return list;
  };
  return { counts, firstAt: (reel) => windows(reel)?.[0]?.firstHit, windows };
}

/** Little-endian int32s of a blob, copied when the blob is not aligned for a view. */
function int32sOf(bytes: Uint8Array): Int32Array {
  const whole = bytes.length - (bytes.length % 4);
  if (bytes.byteOffset % 4 === 0) return new Int32Array(bytes.buffer, bytes.byteOffset, whole / 4);
  return new Int32Array(bytes.slice(0, whole).buffer);
}

/** The code point after `ch`: every token starting with `ch` sorts below it. */
const nextChar = (ch: string): string => String.fromCodePoint((ch.codePointAt(0) as number) + 1);

export function sqliteSearchIndex(db: Db): SearchIndex {
  return {
    async existing(column, grams) {
      const found = new Set<string>();
      for (const gram of grams) {
        // A bigram is looked up as a one-token query, which stops at the first row; the vocabulary
        // answers a single char's prefix without merging every token that starts with it.
        const rows =
          Array.from(gram).length > 1
            ? await sql`SELECT 1 FROM ${ftsOf(column)} WHERE ${ftsOf(column)} MATCH ${`"${gram}"`} LIMIT 1`.execute(
                db,
              )
            : await sql`SELECT 1 FROM ${vocabOf(column)}
                WHERE term >= ${gram} AND term < ${nextChar(gram)} LIMIT 1`.execute(db);
        if (rows.rows.length > 0) found.add(gram);
      }
      return found;
    },

    async count(column, phrases, range: IdRange) {
      const parts: PhraseCounts[] = [];
      for (const chars of phrases) parts.push(await countPhrase(db, column, chars, range));
      return eitherPhrase(parts);
    },
  };
}
