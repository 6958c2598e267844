/**
 * The SQLite search index: `search_fts`, a contentless FTS5 table (detail=full, the `ascii`
 * tokenizer, which keeps every non-ASCII char in a token, and an index of 1-char prefixes) with
 * one row per reel and a column of bigram tokens per indexed text form; `search_vocab` is its
 * vocabulary.
 *
 * A phrase of bigrams is an exact substring, so MATCH finds the reels, and a single char is the
 * first char of its tokens, found through the prefix index. The places a phrase occurs in a reel
 * are counted by `search_hits()`, the first of them found by `search_first()` and the end of a
 * reel's snippets by `search_span()`, the FTS5 functions of the project's SQLite extension
 * (server/db/sqlite-extension).
 */
import { type Kysely, sql } from "kysely";
import { SNIPPET_CONTEXT, SNIPPETS_PER_REEL } from "../../../contract/search-options.ts";
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
      const hits = new Map<number, number>();
      const firstAt = new Map<number, number>();
      const spanEnd = new Map<number, number>();
      for (const chars of phrases) {
        const rows = await sql<{ id: number; n: number; first: number; span: number }>`
          SELECT rowid AS id, search_hits(search_fts) AS n, search_first(search_fts) AS first,
                 search_span(search_fts, ${chars.length}, ${SNIPPET_CONTEXT}, ${SNIPPETS_PER_REEL}) AS span
          FROM search_fts
          WHERE search_fts MATCH ${matchExpression(column, chars)} AND rowid BETWEEN ${range.lo} AND ${range.hi}`.execute(
          db,
        );
        for (const row of rows.rows) {
          hits.set(row.id, (hits.get(row.id) ?? 0) + row.n);
          firstAt.set(row.id, Math.min(firstAt.get(row.id) ?? row.first, row.first));
          if (phrases.length === 1) spanEnd.set(row.id, row.span);
        }
      }
      return { hits, firstAt, spanEnd };
    },
  };
}
