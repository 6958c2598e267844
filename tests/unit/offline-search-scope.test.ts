/**
 * A query reads the posting rows of the segments that hold reels of the tripitaka it searches, not
 * those of every segment (workers/search/posting-store.ts readTermLists): with a second tripitaka
 * installed, a search in the first reads no more rows than before.
 */
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { openSearchStore, type SegmentRow } from "../../workers/search/databases.ts";
import { putSegment, readTermLists, termKey } from "../../workers/search/posting-store.ts";
import { ALONE, bucketOf, type Term } from "../../workers/search/terms.ts";
import { createWriter, reelStep, writeBytes, writeVarint, written } from "../../workers/search/varint.ts";

const BUDDHA: Term = { x: "佛".codePointAt(0) as number, y: ALONE };

/** A row holding one list of BUDDHA: reel `doc`, held `times` times. */
function rowOf(doc: number, times: number): Uint8Array {
  const list = createWriter();
  writeVarint(list, 1);
  writeVarint(list, reelStep(doc, times));
  if (times > 1) writeVarint(list, times - 2);
  const row = createWriter();
  writeVarint(row, BUDDHA.x);
  writeVarint(row, BUDDHA.y);
  writeVarint(row, list.length);
  writeBytes(row, written(list));
  return written(row);
}

const segmentOf = (id: number, buckets: number): SegmentRow => ({
  id,
  doc_ids: [id * 10],
  chars: 100,
  dropped: 0,
  buckets,
  form_chars: [[], [], [], []],
});

describe("a query's posting rows", () => {
  it("come from the wanted segments only, in runs of consecutive ids and across bucket counts", async () => {
    const store = await openSearchStore({ indexedDB: new IDBFactory(), IDBKeyRange }, "scope-test");
    // Segments 1-7 in one bucket, 8-9 in two: the wanted ones make runs 1-2, 4, 6-7 and 9.
    const segments = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((id) => segmentOf(id, id <= 7 ? 1 : 2));
    for (const segment of segments)
      await putSegment(store, segment, [
        { bucket: bucketOf(BUDDHA.x, BUDDHA.y, segment.buckets), data: rowOf(segment.id * 10, segment.id) },
      ]);
    const wanted = new Set([1, 2, 4, 6, 7, 9]);

    const lists = await readTermLists(store, [BUDDHA], segments, (segment) => wanted.has(segment.id));
    const bySegment = lists.get(termKey(BUDDHA)) ?? new Map();
    expect([...bySegment.keys()].sort((a, b) => a - b)).toEqual([...wanted]);
    for (const [segment, list] of bySegment) {
      expect([...list.docs]).toEqual([segment * 10]);
      expect([...list.times]).toEqual([segment]);
    }

    const all = await readTermLists(store, [BUDDHA], segments);
    expect(all.get(termKey(BUDDHA))?.size).toBe(segments.length);
    const none = await readTermLists(store, [BUDDHA], segments, () => false);
    expect(none.get(termKey(BUDDHA))?.size).toBe(0);
    store.close();
  });
});
