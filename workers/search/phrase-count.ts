/**
 * A phrase's hits per reel, counted from the index alone (terms.ts): a lone char's number of
 * times, or the places where each of a set of placed terms starts at its distance from the
 * phrase's start (a folded phrase: the bigrams starting at every other char, and the last; an
 * exact keyword: those and some of its chars in the form's text), overlapping places included,
 * as contract/search-keyword.ts counts them.
 */
import { type PostingList, placesOf } from "./posting-rows.ts";
import { type TermLists, termKey } from "./posting-store.ts";
import { ALONE, type Term } from "./terms.ts";

/** A placed term, `offset` chars from the phrase's start. */
export type Part = { term: Term; offset: number };

const pointsOf = (chars: readonly string[]): number[] => chars.map((ch) => ch.codePointAt(0) as number);

/** The parts that count the folded phrase `chars`: its char, or the bigrams that cover it. */
export function phraseParts(chars: readonly string[]): Part[] {
  const points = pointsOf(chars);
  if (points.length === 1) return [{ term: { x: points[0] as number, y: ALONE }, offset: 0 }];
  const offsets: number[] = [];
  for (let k = 0; k + 1 < points.length; k += 2) offsets.push(k);
  if (offsets.at(-1) !== points.length - 2) offsets.push(points.length - 2);
  return offsets.map((k) => ({ term: { x: points[k] as number, y: points[k + 1] as number }, offset: k }));
}

/** The terms whose lists count the folded phrase `chars`. */
export const phraseListTerms = (chars: readonly string[]): Term[] => phraseParts(chars).map((p) => p.term);

/** Index of `doc` in the ascending `docs`, -1 when absent. */
function indexOf(docs: Int32Array, doc: number): number {
  let lo = 0;
  let hi = docs.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = docs[mid] as number;
    if (at === doc) return mid;
    if (at < doc) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Scratch arrays for places, one per part, grown as needed. */
type Scratch = Int32Array[];

/**
 * Starts p at which every list i holds p + offsets[i], for the reel at entries[i] of each list:
 * each list's places of the reel are decoded, the fewest walked and the others stepped through.
 */
function countPlaces(
  lists: readonly PostingList[],
  offsets: readonly number[],
  entries: readonly number[],
  scratch: Scratch,
): number {
  let base = 0;
  for (let i = 1; i < lists.length; i++)
    if (
      (lists[i]?.times[entries[i] as number] as number) <
      (lists[base]?.times[entries[base] as number] as number)
    )
      base = i;
  const places = lists.map((list, i) => {
    scratch[i] = placesOf(list, entries[i] as number, scratch[i] ?? new Int32Array(64));
    return scratch[i] as Int32Array;
  });
  const ends = lists.map((list, i) => list.times[entries[i] as number] as number);
  const at = new Array<number>(lists.length).fill(0);
  let n = 0;
  outer: for (let p = 0; p < (ends[base] as number); p++) {
    const start = ((places[base] as Int32Array)[p] as number) - (offsets[base] as number);
    for (let i = 0; i < lists.length; i++) {
      if (i === base) continue;
      const mine = places[i] as Int32Array;
      const end = ends[i] as number;
      const want = start + (offsets[i] as number);
      let q = at[i] as number;
      while (q < end && (mine[q] as number) < want) q++;
      at[i] = q;
      if (q === end) break outer;
      if (mine[q] !== want) continue outer;
    }
    n++;
  }
  return n;
}

/**
 * Hits per reel id of the phrase whose parts are `parts` (one lone char, or placed terms), from
 * lists read with their terms; reels `keep` refuses are left out.
 */
export function countParts(parts: readonly Part[], lists: TermLists, keep: (doc: number) => boolean) {
  const counts = new Map<number, number>();
  const bySegment = parts.map((part) => lists.get(termKey(part.term)) ?? new Map<number, PostingList>());
  const first = bySegment[0];
  if (!first) return counts;
  if (parts.length === 1) {
    for (const list of first.values())
      list.docs.forEach((doc, i) => {
        if (keep(doc)) counts.set(doc, list.times[i] as number);
      });
    return counts;
  }
  const offsets = parts.map((part) => part.offset);
  const scratch: Scratch = [];
  for (const segment of first.keys()) {
    const segmentLists: PostingList[] = [];
    for (const map of bySegment) {
      const list = map.get(segment);
      if (list) segmentLists.push(list);
    }
    if (segmentLists.length < parts.length) continue;
    // Walk the reels of the shortest list, looking each up in the others.
    let shortest = 0;
    segmentLists.forEach((list, i) => {
      if (list.docs.length < (segmentLists[shortest] as PostingList).docs.length) shortest = i;
    });
    const walk = segmentLists[shortest] as PostingList;
    const entries = new Array<number>(segmentLists.length).fill(0);
    walking: for (let j = 0; j < walk.docs.length; j++) {
      const doc = walk.docs[j] as number;
      if (!keep(doc)) continue;
      for (let i = 0; i < segmentLists.length; i++) {
        entries[i] = i === shortest ? j : indexOf((segmentLists[i] as PostingList).docs, doc);
        if ((entries[i] as number) < 0) continue walking;
      }
      const n = countPlaces(segmentLists, offsets, entries, scratch);
      if (n > 0) counts.set(doc, n);
    }
  }
  return counts;
}

/** Hits of the folded phrase `chars` per reel id (see countParts). */
export const phraseCounts = (chars: readonly string[], lists: TermLists, keep: (doc: number) => boolean) =>
  countParts(phraseParts(chars), lists, keep);
