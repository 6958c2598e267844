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
import { PostingListReader } from "./posting-list-bytes.ts";
import type { PostingRow, PostingStore } from "./posting-store.ts";
import { NO_REELS, positionOf, type ReelCounts, reelCountsOf } from "./reel-counts.ts";

type Db = Kysely<Database>;

const SLOT_SPAN = 2 ** 32;

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

/** A bigram's list and where in the phrase it stands. */
type Part = { list: PostingListReader; offset: number };

/**
 * The places of a phrase in one reel: the driver's places (less its offset) where every other part
 * has its bigram at its own offset. `at` holds the reel's index in each part's list.
 */
function phrasePlaces(parts: readonly Part[], at: readonly number[], driver: number): number[] {
  const lead = parts[driver] as Part;
  const leadPlaces = lead.list.placesAt(at[driver] as number);
  const others = parts.flatMap((part, i) =>
    i === driver ? [] : [{ places: part.list.placesAt(at[i] as number), offset: part.offset, next: 0 }],
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
 * Lists each of whose places is a hit (the tokens a single char starts; a two-char phrase's bigram
 * in each segment): hits are counted from the lists' counts alone, and a reel's places are merged
 * from the lists when its windows are asked for.
 */
function countEveryPlace(rows: readonly PostingRow[], length: number, range: IdRange): PhraseCounts {
  const lists = rows.map((row) => new PostingListReader(row.list));
  const placesOfReel = (reel: number): Int32Array => {
    const holding: { list: PostingListReader; at: number }[] = [];
    let total = 0;
    for (const list of lists) {
      const at = find(list.reels, reel);
      if (at < 0) continue;
      holding.push({ list, at });
      total += list.counts[at] as number;
    }
    const places = new Int32Array(total);
    let end = 0;
    for (const { list, at } of holding) end = list.writePlacesAt(at, places, end);
    return holding.length > 1 ? places.sort() : places;
  };
  return phraseCounts(summedCounts(lists, range), placesOfReel, length);
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
  store: PostingStore,
  column: IndexColumn,
  chars: readonly string[],
  range: IdRange,
): Promise<PhraseCounts> {
  const slot = Math.round(range.lo / SLOT_SPAN);
  if (chars.length === 1) {
    return countEveryPlace(await store.prefixLists(db, column, slot, chars[0] as string), 1, range);
  }
  const cover = coveringBigrams(chars);
  const rows = await store.lists(
    db,
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
  const partsOfReel = new Map<number, { parts: Part[]; at: number[]; driver: number }>();
  for (const lists of bySegment.values()) {
    if (cover.some((c) => !lists.has(c.gram))) continue;
    const parts: Part[] = cover.map((c) => ({
      list: lists.get(c.gram) as PostingListReader,
      offset: c.offset,
    }));
    // The part with the fewest places leads; the others are looked up in its reels.
    let driver = 0;
    parts.forEach((part, i) => {
      if (part.list.places < (parts[driver] as Part).list.places) driver = i;
    });
    const lead = (parts[driver] as Part).list;
    for (let r = 0; r < lead.reels.length; r++) {
      const reel = lead.reels[r] as number;
      if (reel < 0 || reel > span) continue;
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
  const counts = reelCountsOf(Int32Array.from(found.keys()), Int32Array.from(found.values()));
  return phraseCounts(counts, placesOfReel, chars.length);
}

export function postingSearchIndex(db: Db, store: PostingStore): SearchIndex {
  return {
    existing: (column, grams) => store.existing(db, column, grams),

    async count(column, phrases, range) {
      if (phrases.length === 0) {
        return { counts: NO_REELS, firstAt: () => undefined, windows: () => undefined };
      }
      const parts: PhraseCounts[] = [];
      for (const chars of phrases) parts.push(await countPhrase(db, store, column, chars, range));
      return eitherPhrase(parts);
    },
  };
}
