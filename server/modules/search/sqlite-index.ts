/**
 * The SQLite search index: `search_fts`, a contentless FTS5 table (detail=full, the `ascii`
 * tokenizer, which keeps every non-ASCII char in a token) with one row per reel and a column of
 * bigram tokens per indexed text form; `search_vocab` is its vocabulary.
 *
 * A phrase of bigrams is an exact substring, so MATCH finds the reels. The number of places a
 * phrase occurs in each reel is read back from FTS5's own bm25(): bm25 is a known function of that
 * number, the row's token count and the table's average, with the constants k1 = 1.2 and b = 0.75
 * of FTS5's implementation. Asking bm25 twice with the column weights 1 and 2 cancels the IDF
 * factor, which leaves the count. The row sizes are mirrored in `search_reel.ntok`; the table's
 * totals are read from FTS5's averages record (row 1 of `search_fts_data`: varints of the row
 * count and each column's token count, part of FTS5's file format), because a contentless delete
 * leaves them as they were. A result that is not a whole number means a size is out of step, and
 * the search fails loudly.
 */
import { type Kysely, sql } from "kysely";
import { phraseBigrams, searchTokenText } from "../../../contract/search-tokenizer.ts";
import type { Database } from "../../db/schema.ts";
import type { IdRange, IndexColumn, ReelText } from "./index-writer.ts";
import type { SearchIndex } from "./search-index.ts";

type Db = Kysely<Database>;

export async function insertSqliteReel(db: Db, id: number, text: ReelText): Promise<void> {
  await sql`INSERT INTO search_fts(rowid, ori, std, sim)
    VALUES (${id}, ${searchTokenText(text.ori)}, ${searchTokenText(text.std)}, ${searchTokenText(text.sim)})`.execute(
    db,
  );
}

export async function deleteSqliteDocuments(db: Db, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    const batch = ids.slice(i, i + 500);
    await sql`DELETE FROM search_fts WHERE rowid IN (${sql.join(batch)})`.execute(db);
  }
}

/** FTS5's bm25 constants (fts5_aux.c). */
const K1 = 1.2;
const B = 0.75;
/** How far a derived count may be from a whole number before it is taken as an error. */
const COUNT_TOLERANCE = 1e-3;

/** An FTS5 query for one phrase in one column; a single char is the prefix of its tokens. */
function matchExpression(column: IndexColumn, chars: readonly string[]): string {
  if (chars.length === 1) return `${column} : "${chars[0]}"*`;
  return `${column} : "${phraseBigrams(chars).join(" ")}"`;
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
            ? await sql`SELECT 1 FROM search_fts WHERE search_fts MATCH ${`${column} : "${gram}"`} LIMIT 1`.execute(
                db,
              )
            : await sql`SELECT 1 FROM search_vocab
                WHERE term >= ${gram} AND term < ${nextChar(gram)} AND col = ${column} LIMIT 1`.execute(db);
        if (rows.rows.length > 0) found.add(gram);
      }
      return found;
    },

    async count(column, phrases, range: IdRange) {
      const counts = new Map<number, number>();
      if (phrases.length === 0) return counts;
      const averages = await sql<{
        block: Uint8Array;
      }>`SELECT block FROM search_fts_data WHERE id = 1`.execute(db);
      const [rows = 0, ...columns] = readVarints(averages.rows[0]?.block ?? new Uint8Array());
      if (rows === 0) return counts;
      const averageLength = columns.reduce((a, b) => a + b, 0) / rows;
      for (const chars of phrases) {
        const rows = await sql<{ id: number; s1: number; s2: number; ntok: number }>`
          SELECT f.rowid AS id, bm25(search_fts, 1.0, 1.0, 1.0) AS s1,
                 bm25(search_fts, 2.0, 2.0, 2.0) AS s2, r.ntok AS ntok
          FROM search_fts f JOIN search_reel r ON r.id = f.rowid
          WHERE search_fts MATCH ${matchExpression(column, chars)}
            AND f.rowid BETWEEN ${range.lo} AND ${range.hi}`.execute(db);
        for (const row of rows.rows) {
          const n = hitsFromScores(row.s1, row.s2, row.ntok, averageLength);
          counts.set(row.id, (counts.get(row.id) ?? 0) + n);
        }
      }
      return counts;
    },
  };
}

/** SQLite's variable-length integers: 7 bits a byte, high bit set while more follow, a ninth byte whole. */
export function readVarints(bytes: Uint8Array): number[] {
  const values: number[] = [];
  let i = 0;
  while (i < bytes.length) {
    let value = 0;
    for (let k = 0; k < 9 && i < bytes.length; k++) {
      const byte = bytes[i++] as number;
      if (k === 8) {
        value = value * 256 + byte;
        break;
      }
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) break;
    }
    values.push(value);
  }
  return values;
}

/**
 * bm25 of one phrase with weight w is IDF·(w·f·(k1+1))/(w·f + K) with K = k1·(1 − b + b·D/avgdl),
 * so the ratio r of the scores at weights 1 and 2 gives f = K·(1 − 2r)/(2·(r − 1)).
 */
export function hitsFromScores(s1: number, s2: number, rowTokens: number, averageLength: number): number {
  const k = K1 * (1 - B + (B * rowTokens) / averageLength);
  const r = s1 / s2;
  const f = (k * (1 - 2 * r)) / (2 * (r - 1));
  const n = Math.round(f);
  if (!(n >= 1) || Math.abs(f - n) > COUNT_TOLERANCE) {
    throw new Error(`search index: hit count ${f} is not a whole number; its row sizes are out of step`);
  }
  return n;
}
