/**
 * The search index, on SQLite and PostgreSQL alike: a positional index of tokens (posting-lists.ts).
 * `search_posting` holds, per token, tripitaka slot and segment (posting-segments.ts), the token's
 * posting list in each text form; posting-store.ts reads it on either database. A phrase's places
 * are those of its first bigram where its other bigrams follow at their offsets (every other bigram
 * and the last are enough to cover its chars), so hits are counted exactly, and each reel's first
 * hits and snippet windows are known. A single char's places are those of every token it starts.
 */
import type { Kysely } from "kysely";
import { SNIPPET_CONTEXT, SNIPPETS_PER_REEL } from "../../../contract/search-options.ts";
import { phraseBigrams } from "../../../contract/search-tokenizer.ts";
import type { Database } from "../../db/schema.ts";
import type { IdRange, IndexColumn } from "./index-columns.ts";
import { eitherPhrase, type PhraseCounts, type SearchIndex, type SnippetWindow } from "./phrase-counts.ts";
import { PhraseMatcher, reelIndex } from "./phrase-match.ts";
import { PostingListReader } from "./posting-list-bytes.ts";
import { type PostingReads, type PostingRowCache, readsThrough } from "./posting-row-cache.ts";
import type { PostingRow, PostingStore } from "./posting-store.ts";
import { NO_REELS, positionOf, type ReelCounts, reelCountsOf } from "./reel-counts.ts";

type Db = Kysely<Database>;

const SLOT_SPAN = 2 ** 32;

/**
 * The first snippet windows of places in order: a window opens at a hit past the previous window's
 * end and takes in every hit that starts before its end.
 */
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

/** Counts of the reels within the range, and their places read when a reel's windows are asked for. */
function phraseCounts(
  counts: ReelCounts,
  placesOfReel: (reel: number) => Iterable<number>,
  length: number,
): PhraseCounts {
  const known = new Map<number, SnippetWindow[]>();
  const windows = (reel: number): SnippetWindow[] | undefined => {
    if (positionOf(counts, reel) < 0) return undefined;
    let list = known.get(reel);
    if (!list) {
      list = windowsOf(placesOfReel(reel), length);
      known.set(reel, list);
    }
    return list;
  };
  return { counts, firstAt: (reel) => windows(reel)?.[0]?.firstHit, windows };
}

/** Reel numbers above this are counted in a map rather than an array indexed by them. */
const DENSE_REELS = 2 ** 20;

/** Each reel's places in any of the lists, added up, for the reels within the range. */
function summedCounts(lists: readonly PostingListReader[], range: IdRange): ReelCounts {
  const span = range.hi - range.lo;
  let last = -1;
  for (const list of lists) if (list.reels.length > 0) last = Math.max(last, list.reels.at(-1) as number);
  const within = (reel: number) => reel >= 0 && reel <= span;
  if (last >= DENSE_REELS) {
    const found = new Map<number, number>();
    for (const list of lists)
      list.reels.forEach((reel, i) => {
        if (within(reel)) found.set(reel, (found.get(reel) ?? 0) + (list.counts[i] as number));
      });
    return reelCountsOf(Int32Array.from(found.keys()), Int32Array.from(found.values()));
  }
  const hits = new Int32Array(last + 1);
  for (const { reels, counts } of lists)
    for (let i = 0; i < reels.length; i++) {
      const reel = reels[i] as number;
      if (within(reel)) hits[reel] = (hits[reel] as number) + (counts[i] as number);
    }
  let n = 0;
  for (let reel = 0; reel <= last; reel++) if ((hits[reel] as number) > 0) n++;
  const summed = { reels: new Int32Array(n), hits: new Int32Array(n) };
  for (let reel = 0, at = 0; reel <= last; reel++) {
    if ((hits[reel] as number) === 0) continue;
    summed.reels[at] = reel;
    summed.hits[at++] = hits[reel] as number;
  }
  return summed;
}

/**
 * The lists of each segment with the span of reels they hold: a segment holds reels of its own,
 * so a reel's places are in the lists of the segment whose span takes it in.
 */
function listsBySegment(rows: readonly PostingRow[], lists: readonly PostingListReader[]) {
  const segments = new Map<number, { lists: PostingListReader[]; first: number; last: number }>();
  rows.forEach((row, i) => {
    const list = lists[i] as PostingListReader;
    if (list.reels.length === 0) return;
    const segment = segments.get(row.seg) ?? { lists: [], first: Infinity, last: -Infinity };
    segment.lists.push(list);
    segment.first = Math.min(segment.first, list.reels[0] as number);
    segment.last = Math.max(segment.last, list.reels.at(-1) as number);
    segments.set(row.seg, segment);
  });
  return [...segments.values()];
}

/**
 * Lists each of whose places is a hit (the tokens a single char starts; a two-char phrase's bigram
 * in each segment): hits are counted from the lists' counts alone, and a reel's places are merged
 * from its segment's lists when its windows are asked for.
 */
function countEveryPlace(rows: readonly PostingRow[], length: number, range: IdRange): PhraseCounts {
  const lists = rows.map((row) => new PostingListReader(row.list));
  const segments = listsBySegment(rows, lists);
  const placesOfReel = (reel: number): Int32Array => {
    const holding: { list: PostingListReader; at: number }[] = [];
    let total = 0;
    for (const segment of segments) {
      if (reel < segment.first || reel > segment.last) continue;
      for (const list of segment.lists) {
        const at = reelIndex(list.reels, reel);
        if (at < 0) continue;
        holding.push({ list, at });
        total += list.counts[at] as number;
      }
    }
    const places = new Int32Array(total);
    let end = 0;
    for (const { list, at } of holding) end = list.writePlacesAt(at, places, end);
    return holding.length > 1 ? places.sort() : places;
  };
  return phraseCounts(summedCounts(lists, range), placesOfReel, length);
}

/**
 * Hits of a char at or below which its places are read, for the snippets' windows. Past it, the
 * snippets are read from the reels' starts: the first page holds the reels with the most hits
 * unless sorted otherwise, and a char this common is found in their first lines.
 */
export const CHAR_PLACES_READ = 2000;

/**
 * A single char: its counts tokens, one list per segment (char-counts.ts); the lists of every
 * token it starts are read as well, for its places, only when it is not common.
 */
async function countChar(
  reads: PostingReads,
  column: IndexColumn,
  slot: number,
  ch: string,
  range: IdRange,
): Promise<PhraseCounts> {
  const lists = (await reads.charCounts(column, slot, ch)).map((row) => new PostingListReader(row.list));
  const counts = summedCounts(lists, range);
  let hits = 0;
  for (let i = 0; i < counts.hits.length && hits <= CHAR_PLACES_READ; i++) hits += counts.hits[i] as number;
  // Its places unread, a reel's first hit is known to be at or after its start.
  if (hits > CHAR_PLACES_READ)
    return {
      counts,
      firstAt: (reel) => (positionOf(counts, reel) < 0 ? undefined : 0),
      windows: () => undefined,
    };
  return countEveryPlace(await reads.prefixLists(column, slot, ch), 1, range);
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
  reads: PostingReads,
  column: IndexColumn,
  chars: readonly string[],
  range: IdRange,
): Promise<PhraseCounts> {
  const slot = Math.round(range.lo / SLOT_SPAN);
  if (chars.length === 1) return countChar(reads, column, slot, chars[0] as string, range);
  const cover = coveringBigrams(chars);
  const rows = await reads.lists(
    column,
    slot,
    cover.map((c) => c.gram),
  );
  if (cover.length === 1) return countEveryPlace(rows, chars.length, range);
  // Each segment holds its own reels: a phrase is looked for within one segment's lists.
  const bySegment = new Map<number, Map<string, PostingListReader>>();
  for (const row of rows) {
    const lists = bySegment.get(row.seg) ?? new Map<string, PostingListReader>();
    lists.set(row.gram, new PostingListReader(row.list));
    bySegment.set(row.seg, lists);
  }
  const span = range.hi - range.lo;
  const found = new Map<number, number>();
  const matcherOfReel = new Map<number, PhraseMatcher>();
  for (const lists of bySegment.values()) {
    if (cover.some((c) => !lists.has(c.gram))) continue;
    const matcher = new PhraseMatcher(
      cover.map((c) => ({ list: lists.get(c.gram) as PostingListReader, offset: c.offset })),
    );
    const leadReels = matcher.lead.reels;
    for (let r = 0; r < leadReels.length; r++) {
      const reel = leadReels[r] as number;
      if (reel < 0 || reel > span || !matcher.alignAscending(r)) continue;
      const hits = matcher.count(r);
      if (hits === 0) continue;
      found.set(reel, hits);
      matcherOfReel.set(reel, matcher);
    }
  }
  const placesOfReel = (reel: number): number[] => matcherOfReel.get(reel)?.placesOf(reel) ?? [];
  const counts = reelCountsOf(Int32Array.from(found.keys()), Int32Array.from(found.values()));
  return phraseCounts(counts, placesOfReel, chars.length);
}

/**
 * The index over a database's store; with a cache, the lists a search of a known index version
 * reads are kept for the searches after it (posting-row-cache.ts).
 */
export function postingSearchIndex(
  db: Db,
  store: PostingStore,
  cache: PostingRowCache | null = null,
): SearchIndex {
  return {
    existing: (column, grams) => store.existing(db, column, grams),

    async count(column, phrases, range, version) {
      if (phrases.length === 0) {
        return { counts: NO_REELS, firstAt: () => undefined, windows: () => undefined };
      }
      const reads = readsThrough(store, db, cache, version);
      const parts: PhraseCounts[] = [];
      for (const chars of phrases) parts.push(await countPhrase(reads, column, chars, range));
      return eitherPhrase(parts);
    },
  };
}
