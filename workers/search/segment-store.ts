/**
 * Segments built and written by the worker: a segment closed by a sync or a merge is written to
 * the store (posting-store.ts) and known by its row from then on; a segment built again (reels
 * dropped from it, two small ones merged) is made from its reels' texts in the library
 * (doc-texts.ts), read a batch at a time, so only the segment being built is ever held in memory.
 */
import type { DocText, IndexedDoc, SegmentRow } from "./databases.ts";
import { readDocTexts } from "./doc-texts.ts";
import { deleteSegment, putSegment } from "./posting-store.ts";
import { formCharsOf } from "./reel-doc.ts";
import { addToSegment, bucketsOf, createSegment, type Segment, segmentRows } from "./segments.ts";
import type { EngineState } from "./state.ts";

/** Reels whose saved texts are read at a time. */
const READ_REELS = 64;

export const rowOf = (segment: Segment): SegmentRow => ({
  id: segment.id,
  doc_ids: [...segment.docIds],
  chars: segment.chars,
  dropped: 0,
  buckets: bucketsOf(segment),
  form_chars: segment.postings.formChars(),
});

/** Writes a segment closed in memory (replacing the rows of a segment of the same id). */
export async function writeSegment(state: EngineState, segment: Segment, replacing = false): Promise<void> {
  const { store } = state;
  const row = rowOf(segment);
  await store.transaction("rw", [store.segments, store.postings], async () => {
    if (replacing) await store.postings.where("segment").equals(segment.id).delete();
    await putSegment(store, row, segmentRows(segment));
  });
  state.segments.set(row.id, row);
  state.work.segmentsBuilt++;
}

/** Adds a reel to a segment from its texts (its folded text and its forms' texts). */
export function addReelTexts(
  state: EngineState,
  segment: Segment,
  doc: IndexedDoc,
  texts: readonly DocText[],
): void {
  const folded = texts.find((text) => text.kind === "folded")?.text ?? "";
  addToSegment(segment, doc.id, folded, doc.chars, formCharsOf(doc, texts, state.readings.classes));
}

/**
 * A segment of id `id` built from the library texts of `docs`, each under its own id or the one
 * `idOf` gives it; null when a reel's texts are not in the library (a pack install not yet done
 * writing its rows), so that no segment is ever built without them.
 */
export async function buildFromTexts(
  state: EngineState,
  id: number,
  docs: readonly IndexedDoc[],
  idOf: (doc: IndexedDoc) => number = (doc) => doc.id,
): Promise<Segment | null> {
  const segment = createSegment(id);
  const sorted = docs.map((doc) => ({ ...doc, id: idOf(doc) })).sort((a, b) => a.id - b.id);
  for (let i = 0; i < sorted.length; i += READ_REELS) {
    const batch = sorted.slice(i, i + READ_REELS);
    const byReel = await readDocTexts(state.library, state.readings, batch);
    for (const doc of batch) {
      const texts = byReel.get(doc.reel_uid);
      if (!texts || texts.length !== Object.keys(doc.forms).length + 1) return null;
      addReelTexts(state, segment, doc, texts);
    }
  }
  return segment;
}

/** Drops reels from their segments: a segment left with more dropped chars than live ones is built again. */
export async function dropFromSegments(state: EngineState, docs: readonly IndexedDoc[]): Promise<void> {
  const bySegment = new Map<number, IndexedDoc[]>();
  for (const doc of docs) bySegment.set(doc.segment, [...(bySegment.get(doc.segment) ?? []), doc]);
  for (const [id, leaving] of bySegment) {
    const row = state.segments.get(id);
    if (!row) continue;
    const gone = new Set(leaving.map((doc) => doc.id));
    const remaining = row.doc_ids.filter((docId) => !gone.has(docId));
    const chars = leaving.reduce((n, doc) => n + doc.chars, 0);
    if (remaining.length === 0) {
      await deleteSegment(state.store, id);
      state.segments.delete(id);
      continue;
    }
    const next: SegmentRow = {
      ...row,
      doc_ids: remaining,
      chars: row.chars - chars,
      dropped: row.dropped + chars,
    };
    const kept = remaining.flatMap((docId) => state.docs.get(docId) ?? []);
    const rebuilt = next.dropped > next.chars ? await buildFromTexts(state, id, kept) : null;
    if (!rebuilt) {
      await state.store.segments.put(next);
      state.segments.set(id, next);
      continue;
    }
    await writeSegment(state, rebuilt, true);
  }
}
