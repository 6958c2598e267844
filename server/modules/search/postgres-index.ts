/**
 * The PostgreSQL search index: `search_chunk` holds each reel's searchable chars in chunks of
 * CHUNK_CHARS, each followed by the next TAIL_CHARS chars of the reel, and a GIN index of each
 * text form's bigrams (`search_bigrams`, a positionless tsvector) finds the chunks holding all the
 * bigrams of a phrase. The places a phrase starts within a chunk's own chars are then counted in
 * the chunk's text (`replace`, or a look-ahead `regexp_count` for a phrase that can overlap itself),
 * so the count is exact and a phrase crossing into the next chunk is counted once. A phrase longer
 * than the tail is looked up by its first TAIL_CHARS + 1 chars and counted in the reel's text.
 * A reel's first hit is told by the start of its first chunk with hits.
 */
import { type Kysely, type RawBuilder, sql } from "kysely";
import { findHits, phraseBigrams } from "../../../contract/search-tokenizer.ts";
import type { Database } from "../../db/schema.ts";
import type { IdRange, IndexColumn, ReelText } from "./index-writer.ts";
import { reelCountsOf } from "./reel-counts.ts";
import { countsOf, type SearchIndex } from "./search-index.ts";

type Db = Kysely<Database>;

export const CHUNK_CHARS = 1000;
export const TAIL_CHARS = 31;
const LONGEST_CHUNKED_PHRASE = TAIL_CHARS + 1;
const INSERT_BATCH = 200;

export async function insertPostgresReel(db: Db, id: number, reel: ReelText): Promise<void> {
  const text = { ori: Array.from(reel.ori), std: Array.from(reel.std), sim: Array.from(reel.sim) };
  const n = text.std.length;
  const rows: Database["search_chunk"][] = [];
  for (let start = 0, chunkNo = 0; start < n; start += CHUNK_CHARS, chunkNo++) {
    const ownEnd = Math.min(start + CHUNK_CHARS, n);
    const end = Math.min(ownEnd + TAIL_CHARS, n);
    rows.push({
      reel_id: id,
      chunk_no: chunkNo,
      own_len: ownEnd - start,
      ori: text.ori.slice(start, end).join(""),
      std: text.std.slice(start, end).join(""),
      sim: text.sim.slice(start, end).join(""),
    });
  }
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await db
      .insertInto("search_chunk")
      .values(rows.slice(i, i + INSERT_BATCH))
      .execute();
  }
}

const quoted = (lexeme: string): string => `'${lexeme}'`;

/** A tsquery finding chunks that may hold the phrase: all its bigrams, or a single char as a prefix. */
function candidateQuery(chars: readonly string[]): string {
  if (chars.length === 1) return `${quoted(chars[0] as string)}:*`;
  return [...new Set(phraseBigrams(chars))].map(quoted).join(" & ");
}

/** True when a proper prefix of the phrase is also its suffix, so two places can overlap. */
function canOverlap(chars: readonly string[]): boolean {
  for (let k = 1; k < chars.length; k++) {
    let border = true;
    for (let i = 0; i < k && border; i++) border = chars[i] === chars[chars.length - k + i];
    if (border) return true;
  }
  return false;
}

/** Places `phrase` starts within `text`, as SQL. */
function occurrences(
  text: RawBuilder<string>,
  chars: readonly string[],
  overlapping: boolean,
): RawBuilder<number> {
  const phrase = chars.join("");
  if (overlapping) return sql<number>`regexp_count(${text}, ${`(?=${phrase})`})`;
  // Bytes, not chars: octet_length reads the stored size, char_length walks the text.
  return sql<number>`((octet_length(${text}) - octet_length(replace(${text}, ${phrase}, ''))) / ${Buffer.byteLength(phrase)})`;
}

/**
 * Places the phrase starts within a chunk's own chars: the places in the chunk's text cut just
 * after the last char a phrase starting in its own chars can reach (from `reach`, see countChunked).
 */
function ownOccurrences(chars: readonly string[], longest: number): RawBuilder<number> {
  // Cutting walks the chars again: a phrase as long as the longest needs `reach` as it is.
  const cut =
    chars.length === longest
      ? sql<string>`reach`
      : sql<string>`substr(reach, 1, own_len + ${chars.length - 1})`;
  return occurrences(cut, chars, chars.length > 1 && canOverlap(chars));
}

async function countChunked(
  db: Db,
  column: IndexColumn,
  phrases: readonly (readonly string[])[],
  range: IdRange,
) {
  const longest = Math.max(...phrases.map((chars) => chars.length));
  const hits = sql.join(
    phrases.map((chars) => ownOccurrences(chars, longest)),
    sql` + `,
  );
  const query = phrases.map((chars) => `(${candidateQuery(chars)})`).join(" | ");
  // `reach`: the chunk's text as far as the longest phrase can reach. The OFFSET 0 subqueries keep
  // it and the count computed once a chunk: inlined, each use would read (detoast) the text again.
  // The index function's high cost makes the planner price the index's recheck as calling it on
  // every row, so for a common phrase it walks the primary key calling it instead (seconds);
  // the bitmap scan of the GIN index needs no recheck, and is forced here.
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_indexscan = off`.execute(trx);
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    const rows = await sql<{ id: number; hits: number; first_chunk: number }>`
      SELECT reel_id AS id, sum(own.hits)::integer AS hits,
             min(chunk_no) FILTER (WHERE own.hits > 0) AS first_chunk
      FROM search_chunk
      CROSS JOIN LATERAL (
        SELECT (${hits}) AS hits
        FROM (SELECT substr(${sql.ref(column)}, 1, own_len + ${longest - 1}) AS reach OFFSET 0) AS cut
        OFFSET 0
      ) AS own
      WHERE reel_id BETWEEN ${range.lo} AND ${range.hi}
        AND search_bigrams(${sql.ref(column)}) @@ ${query}::tsquery
      GROUP BY reel_id HAVING sum(own.hits) > 0`.execute(trx);
    // A reel's first hit starts in the own chars of its first chunk with hits.
    return {
      hits: new Map(rows.rows.map((r) => [Number(r.id) - range.lo, r.hits])),
      firstAt: new Map(rows.rows.map((r) => [Number(r.id) - range.lo, r.first_chunk * CHUNK_CHARS])),
    };
  });
}

/** Long phrases: reels holding the phrase's beginning, then counted in the reel's own chars. */
async function countLong(
  db: Db,
  column: IndexColumn,
  phrases: readonly (readonly string[])[],
  range: IdRange,
) {
  const counts = new Map<number, number>();
  const firstAt = new Map<number, number>();
  for (const chars of phrases) {
    const head = chars.slice(0, LONGEST_CHUNKED_PHRASE);
    const candidates = await sql<{ id: number }>`
      SELECT DISTINCT reel_id AS id FROM search_chunk
      WHERE reel_id BETWEEN ${range.lo} AND ${range.hi}
        AND search_bigrams(${sql.ref(column)}) @@ ${candidateQuery(head)}::tsquery`.execute(db);
    const ids = candidates.rows.map((r) => Number(r.id));
    for (let i = 0; i < ids.length; i += 100) {
      const chunks = await sql<{ id: number; own: string }>`
        SELECT reel_id AS id, substr(${sql.ref(column)}, 1, own_len) AS own FROM search_chunk
        WHERE reel_id IN (${sql.join(ids.slice(i, i + 100))}) ORDER BY reel_id, chunk_no`.execute(db);
      const texts = new Map<number, string[]>();
      for (const chunk of chunks.rows) {
        const list = texts.get(Number(chunk.id)) ?? [];
        list.push(chunk.own);
        texts.set(Number(chunk.id), list);
      }
      for (const [id, parts] of texts) {
        const places = findHits(Array.from(parts.join("")), chars);
        if (places.length === 0) continue;
        const reel = id - range.lo;
        counts.set(reel, (counts.get(reel) ?? 0) + places.length);
        firstAt.set(reel, Math.min(firstAt.get(reel) ?? Number.POSITIVE_INFINITY, places[0] as number));
      }
    }
  }
  return { hits: counts, firstAt };
}

export function postgresSearchIndex(db: Db): SearchIndex {
  return {
    async existing(column, grams) {
      if (grams.length === 0) return new Set();
      const rows = await sql<{ gram: string }>`
        SELECT gram FROM unnest(${sql.val([...grams])}::text[]) AS gram
        WHERE EXISTS (
          SELECT 1 FROM search_chunk WHERE search_bigrams(${sql.ref(column)}) @@ (
            CASE WHEN char_length(gram) = 1 THEN quote_literal(gram) || ':*' ELSE quote_literal(gram) END
          )::tsquery)`.execute(db);
      return new Set(rows.rows.map((r) => r.gram));
    },

    async count(column, phrases, range) {
      const short = phrases.filter((p) => p.length <= LONGEST_CHUNKED_PHRASE);
      const long = phrases.filter((p) => p.length > LONGEST_CHUNKED_PHRASE);
      const counts =
        short.length > 0
          ? await countChunked(db, column, short, range)
          : { hits: new Map<number, number>(), firstAt: new Map<number, number>() };
      if (long.length > 0) {
        const more = await countLong(db, column, long, range);
        for (const [id, n] of more.hits) {
          counts.hits.set(id, (counts.hits.get(id) ?? 0) + n);
          const first = more.firstAt.get(id) as number;
          counts.firstAt.set(id, Math.min(counts.firstAt.get(id) ?? first, first));
        }
      }
      const reels = Int32Array.from(counts.hits.keys());
      return countsOf(reelCountsOf(reels, Int32Array.from(counts.hits.values())), counts.firstAt);
    },
  };
}
