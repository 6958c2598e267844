/**
 * The segments' rows in the store (databases.ts `segments` and `postings`): written when a segment
 * is closed, deleted when it is merged or emptied, and read by a query for its terms only: for each
 * term and each bucket count among the segments a query reads (those holding reels of the
 * tripitaka searched), the term's bucket in all of them, a key range per run of consecutive ids
 * (skipped where no segment's forms hold the char of a form's term).
 */
import type { PostingsRow, SearchStore, SegmentRow } from "./databases.ts";
import { decodeList, findList, type PostingList, type PostingRow } from "./posting-rows.ts";
import { bucketOf, FORM, isPositional, type Term } from "./terms.ts";

/** Rows put at a time. */
const PUT_ROWS = 512;

/** A term as one number, for maps. */
export const termKey = (term: Term): number => term.x * 0x120000 + term.y;

/** Each term's lists by segment id. */
export type TermLists = Map<number, Map<number, PostingList>>;

/** Writes a segment's rows and its row (inside the caller's transaction when there is one). */
export async function putSegment(
  store: SearchStore,
  segment: SegmentRow,
  rows: Iterable<PostingRow>,
): Promise<void> {
  await store.transaction("rw", [store.segments, store.postings], async () => {
    let batch: PostingsRow[] = [];
    for (const row of rows) {
      batch.push({ buckets: segment.buckets, bucket: row.bucket, segment: segment.id, data: row.data });
      if (batch.length === PUT_ROWS) {
        await store.postings.bulkPut(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await store.postings.bulkPut(batch);
    await store.segments.put(segment);
  });
}

/** Deletes a segment's rows and its row. */
export async function deleteSegment(store: SearchStore, id: number): Promise<void> {
  await store.transaction("rw", [store.segments, store.postings], async () => {
    await store.postings.where("segment").equals(id).delete();
    await store.segments.delete(id);
  });
}

/** A segment's rows, as they are stored. */
export async function segmentRowsOf(store: SearchStore, id: number): Promise<PostingRow[]> {
  const rows = await store.postings.where("segment").equals(id).toArray();
  return rows.map((row) => ({ bucket: row.bucket, data: row.data }));
}

/** Whether the sorted `chars` hold `x`. */
function holds(chars: readonly number[] | undefined, x: number): boolean {
  if (!chars) return false;
  let lo = 0;
  let hi = chars.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = chars[mid] as number;
    if (at === x) return true;
    if (at < x) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** Whether the segment may hold the term: a form's term only where its form's chars hold it. */
const mayHold = (segment: SegmentRow, term: Term): boolean =>
  term.y < FORM || holds(segment.form_chars[term.y - FORM], term.x);

/**
 * Runs of consecutive ids (in the store's key order) among each bucket count's segments, made of
 * the `wanted` ones only: a term's rows in a run are one key range.
 */
function runsOf(segments: Iterable<SegmentRow>, wanted: (segment: SegmentRow) => boolean) {
  const byCount = new Map<number, SegmentRow[]>();
  for (const segment of segments) {
    const group = byCount.get(segment.buckets);
    if (group) group.push(segment);
    else byCount.set(segment.buckets, [segment]);
  }
  const runs: { buckets: number; segments: SegmentRow[] }[] = [];
  for (const [buckets, group] of byCount) {
    let run: SegmentRow[] = [];
    for (const segment of group.sort((a, b) => a.id - b.id)) {
      if (wanted(segment)) run.push(segment);
      else if (run.length > 0) {
        runs.push({ buckets, segments: run });
        run = [];
      }
    }
    if (run.length > 0) runs.push({ buckets, segments: run });
  }
  return runs;
}

/**
 * The lists of `terms` in the `wanted` segments (all by default), where they hold them, read in
 * one transaction.
 */
export async function readTermLists(
  store: SearchStore,
  terms: readonly Term[],
  segments: Iterable<SegmentRow>,
  wanted: (segment: SegmentRow) => boolean = () => true,
): Promise<TermLists> {
  const lists: TermLists = new Map();
  const runs = runsOf(segments, wanted);
  const reads: { term: Term; buckets: number; bucket: number; first: number; last: number }[] = [];
  for (const term of terms) {
    const key = termKey(term);
    if (lists.has(key)) continue;
    lists.set(key, new Map());
    for (const { buckets, segments: run } of runs)
      if (run.some((segment) => mayHold(segment, term)))
        reads.push({
          term,
          buckets,
          bucket: bucketOf(term.x, term.y, buckets),
          first: (run[0] as SegmentRow).id,
          last: (run[run.length - 1] as SegmentRow).id,
        });
  }
  if (reads.length === 0) return lists;
  const found = await store.transaction("r", store.postings, () =>
    Promise.all(
      reads.map(({ buckets, bucket, first, last }) =>
        store.postings
          .where("[buckets+bucket+segment]")
          .between([buckets, bucket, first], [buckets, bucket, last], true, true)
          .toArray(),
      ),
    ),
  );
  found.forEach((rows, at) => {
    const { term } = reads[at] as (typeof reads)[number];
    for (const row of rows) {
      const bytes = findList(row.data, term.x, term.y);
      if (bytes) lists.get(termKey(term))?.set(row.segment, decodeList(bytes, isPositional(term)));
    }
  });
  return lists;
}
