/**
 * The PostgreSQL search index: a positional index of tokens (postgres-postings.ts). `search_posting`
 * holds, per token, tripitaka slot and segment (postgres-segments.ts), the token's posting list in
 * each text form. A phrase's places are those of its first bigram where its other bigrams follow
 * at their offsets (every other bigram and the last are enough to cover its chars), so hits are
 * counted exactly, and each reel's first hits and snippet windows are known as on SQLite. A single
 * char's places are those of every token it starts.
 */
import { type Kysely, type RawBuilder, sql } from "kysely";
import { SNIPPET_CONTEXT, SNIPPETS_PER_REEL } from "../../../contract/search-options.ts";
import { phraseBigrams } from "../../../contract/search-tokenizer.ts";
import type { Database } from "../../db/schema.ts";
import type { IdRange, IndexColumn } from "./index-columns.ts";
import { eitherPhrase, type PhraseCounts, type SearchIndex, type SnippetWindow } from "./phrase-counts.ts";
import { type PostingList, readPostingList } from "./posting-list-bytes.ts";
import { NO_REELS, reelCountsOf } from "./reel-counts.ts";

type Db = Kysely<Database>;

const SLOT_SPAN = 2 ** 32;
/** Above every char: a token starting with `ch` sorts from `ch` to `ch` + this. */
const LAST_CHAR = String.fromCodePoint(0x10ffff);

/** A form's list of a token: an empty `ori` or `sim` list is the `std` one. */
const listOf = (column: IndexColumn) =>
  column === "std"
    ? sql<Uint8Array>`std`
    : sql<Uint8Array>`CASE WHEN octet_length(${sql.ref(column)}) = 0 THEN std ELSE ${sql.ref(column)} END`;

type Row = { gram: string; seg: number; list: Uint8Array };

/**
 * The rows of each segment of the slot that `where` keeps, read by search_posting's key (slot,
 * seg, gram): the subquery is planned once per segment (OFFSET 0 keeps it from being merged into
 * a join the planner could turn into a scan of the whole table).
 */
async function readSegmentRows(db: Db, column: IndexColumn, slot: number, where: RawBuilder<unknown>) {
  const rows = await sql<Row>`
    SELECT p.gram, p.seg, p.list FROM search_segment s
    CROSS JOIN LATERAL (
      SELECT gram, seg, ${listOf(column)} AS list FROM search_posting
      WHERE slot = s.slot AND seg = s.id AND ${where} AND ${sql.ref(column)} IS NOT NULL
      OFFSET 0) p
    WHERE s.slot = ${slot}`.execute(db);
  return rows.rows;
}

const readLists = (db: Db, column: IndexColumn, slot: number, grams: readonly string[]) =>
  readSegmentRows(db, column, slot, sql`gram = ANY(${sql.val([...grams])}::text[])`);

const readPrefixLists = (db: Db, column: IndexColumn, slot: number, ch: string) =>
  readSegmentRows(db, column, slot, sql`gram >= ${ch} AND gram <= ${ch + LAST_CHAR}`);

/** Where `reel` is in a list's reels, or -1. */
function find(reels: Int32Array, reel: number): number {
  let [lo, hi] = [0, reels.length - 1];
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = reels[mid] as number;
    if (at === reel) return mid;
    if (at < reel) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

const placesOf = (list: PostingList, i: number): Int32Array =>
  list.places.subarray(i === 0 ? 0 : (list.ends[i - 1] as number), list.ends[i] as number);

/** A bigram's list and where in the phrase it stands. */
type Part = { list: PostingList; offset: number };

/**
 * The places of a phrase in one reel: the driver's places (less its offset) where every other part
 * has its bigram at its own offset. `at` holds the reel's index in each part's list.
 */
function phrasePlaces(parts: readonly Part[], at: readonly number[], driver: number): number[] {
  const lead = parts[driver] as Part;
  const leadPlaces = placesOf(lead.list, at[driver] as number);
  const others = parts.flatMap((part, i) =>
    i === driver ? [] : [{ places: placesOf(part.list, at[i] as number), offset: part.offset, next: 0 }],
  );
  const found: number[] = [];
  outer: for (let k = 0; k < leadPlaces.length; k++) {
    const start = (leadPlaces[k] as number) - lead.offset;
    for (const other of others) {
      const want = start + other.offset;
      while (other.next < other.places.length && (other.places[other.next] as number) < want) other.next++;
      if (other.next >= other.places.length) break outer;
      if (other.places[other.next] !== want) continue outer;
    }
    found.push(start);
  }
  return found;
}

/** The first snippet windows of places in order, as SQLite's search_windows() opens them. */
export function windowsOf(places: Iterable<number>, length: number): SnippetWindow[] {
  const windows: SnippetWindow[] = [];
  let end = 0;
  for (const place of places) {
    const last = windows[windows.length - 1];
    if (last && place < end) {
      end = Math.max(end, place + length);
      last.end = place + length + SNIPPET_CONTEXT;
    } else if (windows.length < SNIPPETS_PER_REEL) {
      end = place + length + SNIPPET_CONTEXT;
      windows.push({ firstHit: place, end });
    } else break;
  }
  return windows;
}

/** Counts from reels' hits and their places read when a reel's windows are asked for. */
function phraseCounts(
  found: Map<number, number>,
  placesOfReel: (reel: number) => Iterable<number>,
  length: number,
  range: IdRange,
): PhraseCounts {
  const span = range.hi - range.lo;
  const kept = [...found].filter(([reel]) => reel >= 0 && reel <= span);
  const counts = reelCountsOf(
    Int32Array.from(kept, ([reel]) => reel),
    Int32Array.from(kept, ([, n]) => n),
  );
  const known = new Map<number, SnippetWindow[]>();
  const windows = (reel: number): SnippetWindow[] | undefined => {
    if (!found.has(reel)) return undefined;
    let list = known.get(reel);
    if (!list) {
      list = windowsOf(placesOfReel(reel), length);
      known.set(reel, list);
    }
    return list;
  };
  return { counts, firstAt: (reel) => windows(reel)?.[0]?.firstHit, windows };
}

/** A single char: every token it starts, their places merged per reel. */
async function countChar(db: Db, column: IndexColumn, ch: string, range: IdRange): Promise<PhraseCounts> {
  const rows = await readPrefixLists(db, column, Math.round(range.lo / SLOT_SPAN), ch);
  const lists = rows.map((row) => readPostingList(row.list));
  const found = new Map<number, number>();
  for (const list of lists) {
    for (let i = 0; i < list.reels.length; i++) {
      const reel = list.reels[i] as number;
      const n = (list.ends[i] as number) - (i === 0 ? 0 : (list.ends[i - 1] as number));
      found.set(reel, (found.get(reel) ?? 0) + n);
    }
  }
  const placesOfReel = (reel: number): number[] => {
    const places: number[] = [];
    for (const list of lists) {
      const i = find(list.reels, reel);
      if (i >= 0) for (const place of placesOf(list, i)) places.push(place);
    }
    return places.sort((a, b) => a - b);
  };
  return phraseCounts(found, placesOfReel, 1, range);
}

/** The bigrams that cover a phrase's chars, with their offsets: every other one and the last. */
function coveringBigrams(chars: readonly string[]): { gram: string; offset: number }[] {
  const bigrams = phraseBigrams(chars);
  const cover = bigrams.flatMap((gram, offset) =>
    offset % 2 === 0 || offset === bigrams.length - 1 ? [{ gram, offset }] : [],
  );
  return cover;
}

async function countPhrase(
  db: Db,
  column: IndexColumn,
  chars: readonly string[],
  range: IdRange,
): Promise<PhraseCounts> {
  if (chars.length === 1) return countChar(db, column, chars[0] as string, range);
  const cover = coveringBigrams(chars);
  const rows = await readLists(
    db,
    column,
    Math.round(range.lo / SLOT_SPAN),
    cover.map((c) => c.gram),
  );
  // Each segment holds its own reels: a phrase is looked for within one segment's lists.
  const bySegment = new Map<number, Map<string, PostingList>>();
  for (const row of rows) {
    const lists = bySegment.get(row.seg) ?? new Map<string, PostingList>();
    lists.set(row.gram, readPostingList(row.list));
    bySegment.set(row.seg, lists);
  }
  const found = new Map<number, number>();
  const partsOfReel = new Map<number, { parts: Part[]; at: number[]; driver: number }>();
  for (const lists of bySegment.values()) {
    if (cover.some((c) => !lists.has(c.gram))) continue;
    const parts: Part[] = cover.map((c) => ({ list: lists.get(c.gram) as PostingList, offset: c.offset }));
    // The part with the fewest places leads; the others are looked up in its reels.
    let driver = 0;
    parts.forEach((part, i) => {
      if (part.list.places.length < (parts[driver] as Part).list.places.length) driver = i;
    });
    const lead = (parts[driver] as Part).list;
    for (let r = 0; r < lead.reels.length; r++) {
      const reel = lead.reels[r] as number;
      const at = parts.map((part, i) => (i === driver ? r : find(part.list.reels, reel)));
      if (at.some((i) => i < 0)) continue;
      const places = phrasePlaces(parts, at, driver);
      if (places.length === 0) continue;
      found.set(reel, places.length);
      partsOfReel.set(reel, { parts, at, driver });
    }
  }
  const placesOfReel = (reel: number): number[] => {
    const kept = partsOfReel.get(reel);
    return kept ? phrasePlaces(kept.parts, kept.at, kept.driver) : [];
  };
  return phraseCounts(found, placesOfReel, chars.length, range);
}

export function postgresSearchIndex(db: Db): SearchIndex {
  return {
    async existing(column, grams) {
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

    async count(column, phrases, range) {
      if (phrases.length === 0) {
        return { counts: NO_REELS, firstAt: () => undefined, windows: () => undefined };
      }
      const parts: PhraseCounts[] = [];
      for (const chars of phrases) parts.push(await countPhrase(db, column, chars, range));
      return eitherPhrase(parts);
    },
  };
}
