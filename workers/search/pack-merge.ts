/**
 * A pack's search index (pack-index.ts) merged into this worker's index, and the index of some
 * reels taken out of it for a pack a device exports. Both run in the engine's one-at-a-time chain
 * with the syncs.
 *
 * Merging moves the pack's doc and segment ids past this index's own: a pack segment whose reels
 * are all taken has its posting rows written with the ids rewritten (segments.ts). The reels of a
 * segment not taken whole (some indexed here already, or not in the library) are left to the next
 * sync, which indexes them from the library once the install has written them; the pack's texts
 * are not read. A pack folded otherwise than this index is not merged (the next sync indexes its
 * reels), except into an empty index, which takes the pack's variant pairs as its folding. A
 * segment is decoded and written one at a time, so memory holds one segment's rows.
 */
import type { PackIndexToAdopt } from "./api.ts";
import type { IndexedDoc, SavedSegment, SegmentRow } from "./databases.ts";
import { readDocTexts } from "./doc-texts.ts";
import { groupBy } from "./group-by.ts";
import type { PackIndex } from "./pack-index.ts";
import { type DecodedSegment, decodedSegment } from "./pack-segment-part.ts";
import { formCharsOf, type PostingRow, renumberRow, shiftRow } from "./posting-rows.ts";
import { putSegment, segmentRowsOf } from "./posting-store.ts";
import { buildFromTexts } from "./segment-store.ts";
import { base64Size, chunkRow, exportSegment, INDEX_FORMAT, rowChunk, SEGMENT_CHARS } from "./segments.ts";
import { clearSaved, type EngineState, readingsOf } from "./state.ts";

export { renumberSegment } from "./segments.ts";

/** Takes the pack's folding into an empty index; false when the foldings differ and docs exist. */
async function sameFolding(state: EngineState, index: PackIndexToAdopt): Promise<boolean> {
  if (index.variants.hash === state.readings.hash) return true;
  if (state.docs.size > 0) return false;
  const pairs = index.variants.pairs.map(([a, b]): [string, string] => [a, b]);
  await state.store.meta.put({ key: "variants", hash: index.variants.hash, pairs });
  state.row = await clearSaved(state.store, index.variants.hash);
  state.readings = readingsOf(index.variants.hash, pairs);
  state.segments.clear();
  state.texts.clear();
  return true;
}

type Rows = { rows: PostingRow[]; buckets: number };

/** The one distance every id moves by, or null when they move by different distances. */
function shiftOf(ids: ReadonlyMap<number, number>): number | null {
  let delta: number | null = null;
  for (const [from, to] of ids) {
    if (delta === null) delta = to - from;
    else if (to - from !== delta) return null;
  }
  return delta;
}

/**
 * A whole pack segment's rows with its reels' ids rewritten (kept as they are when they do not
 * change, their lists' first gaps moved when all move alike); null when one cannot be.
 */
function renumberedRows(saved: DecodedSegment, ids: ReadonlyMap<number, number>): Rows | null {
  const rows: PostingRow[] = [];
  let buckets = 0;
  const shift = saved.doc_ids.every((id) => ids.has(Number(id))) ? shiftOf(ids) : null;
  const rewrite = (data: Uint8Array): Uint8Array | null => {
    if (shift === 0) return data;
    if (shift !== null) return shiftRow(data, shift);
    return renumberRow(data, (doc) => ids.get(doc), true);
  };
  // Rows rewritten are decoded into one buffer for all, as each is written anew.
  let scratch = shift === 0 ? undefined : new Uint8Array(0);
  for (const chunk of saved.chunks) {
    const size = scratch && base64Size(chunk[1]);
    if (scratch && size && scratch.length < size) scratch = new Uint8Array(size * 2);
    const row = chunkRow(chunk, scratch);
    const data = row && rewrite(row.data);
    if (!row || !data || (buckets !== 0 && row.buckets !== buckets)) return null;
    buckets = row.buckets;
    rows.push({ bucket: row.bucket, data });
  }
  return { rows, buckets: buckets || 1 };
}

type TransferableBuffer = ArrayBufferLike & { transfer?: (length: number) => ArrayBuffer };

/**
 * Frees bytes of their own that are written to the store, at once: a browser collects array
 * buffers late, and a pack's rows, some MB a segment, would pile up to 100 MB and more before it
 * does. (Detaching a buffer frees its memory; where `transfer` is missing, the collector does.)
 */
function letGo(bytes: Uint8Array): void {
  const buffer = bytes.buffer as TransferableBuffer;
  if (bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength) buffer.transfer?.(0);
}

/** Merges the pack's index; returns how many reels it added (0 when it could not merge). */
export async function adoptPackIndex(state: EngineState, index: PackIndexToAdopt): Promise<number> {
  if (index.format !== INDEX_FORMAT || !(await sameFolding(state, index))) return 0;
  const seen = new Set<string>();
  const taken = index.docs.filter((doc) => {
    if (state.byReel.has(doc.reel_uid) || seen.has(doc.reel_uid)) return false;
    seen.add(doc.reel_uid);
    return true;
  });
  const bySegment = groupBy(taken, (doc) => doc.segment);
  let added = 0;
  for (const segment of index.segments) {
    const saved = await decodedSegment(segment);
    const docs = saved ? bySegment.get(saved.id) : undefined;
    if (!saved || !docs) continue;
    const packIds = new Set(docs.map((doc) => doc.id));
    if (saved.doc_ids.length !== docs.length || !saved.doc_ids.every((id) => packIds.has(Number(id))))
      continue;
    const ids = new Map(docs.map((doc, at) => [doc.id, state.row.next_doc + at]));
    const postings = renumberedRows(saved, ids);
    if (!postings) continue;
    const segmentId = state.row.next_segment++;
    state.row.next_doc += docs.length;
    const rows: IndexedDoc[] = docs.map((doc) => ({
      ...doc,
      id: ids.get(doc.id) as number,
      segment: segmentId,
    }));
    const segmentRow: SegmentRow = {
      id: segmentId,
      doc_ids: rows.map((doc) => doc.id),
      chars: saved.chars,
      dropped: 0,
      buckets: postings.buckets,
      form_chars: formCharsOf(postings.rows),
    };
    const { store } = state;
    const tables = [store.docs, store.segments, store.postings, store.meta];
    await store.transaction("rw", tables, async () => {
      await store.docs.bulkPut(rows);
      await putSegment(store, segmentRow, postings.rows);
      await store.meta.put(state.row);
    });
    for (const row of postings.rows) letGo(row.data);
    state.segments.set(segmentId, segmentRow);
    for (const doc of rows) {
      state.docs.set(doc.id, doc);
      state.byReel.set(doc.reel_uid, doc);
    }
    added += rows.length;
  }
  if (added > 0) {
    // Segments are merged by the sync after the install, once its rows are all written.
    state.catalogues.clear();
    state.snippets.clear();
    state.texts.clear();
  }
  return added;
}

/**
 * The index of `reelUids` (those indexed here) as a pack carries it: ids from 1, the segments all
 * of whose reels are wanted with their rows as they are stored (ids rewritten), the other reels in
 * segments built from their saved texts, and `forms` at 0 (the installing device sets its own
 * rows' `stored_at`).
 */
export async function exportPackIndex(state: EngineState, reelUids: readonly string[]): Promise<PackIndex> {
  const wanted = new Map<number, IndexedDoc>();
  for (const uid of reelUids) {
    const doc = state.byReel.get(uid);
    if (doc) wanted.set(doc.id, doc);
  }
  const ids = new Map<number, number>();
  const docSegment = new Map<number, number>();
  const segments: SavedSegment[] = [];
  const loose: IndexedDoc[] = [];
  for (const segment of state.segments.values()) {
    const members = segment.doc_ids;
    const taken = members.filter((id) => wanted.has(id));
    if (taken.length === 0) continue;
    if (taken.length < members.length) {
      loose.push(...taken.map((id) => wanted.get(id) as IndexedDoc));
      continue;
    }
    const segmentId = segments.length + 1;
    for (const id of members) {
      ids.set(id, ids.size + 1);
      docSegment.set(id, segmentId);
    }
    const chunks: [string, string][] = [];
    for (const row of await segmentRowsOf(state.store, segment.id)) {
      const data = renumberRow(row.data, (doc) => ids.get(doc), false);
      if (data && data.length > 0) chunks.push(rowChunk({ bucket: row.bucket, data }, segment.buckets));
    }
    segments.push({
      id: segmentId,
      doc_ids: members.map((id) => ids.get(id) as number),
      chars: segment.chars,
      chunks,
    });
  }
  let batch: IndexedDoc[] = [];
  const close = async () => {
    if (batch.length === 0) return;
    const built = await buildFromTexts(state, segments.length + 1, batch, (doc) => ids.get(doc.id) as number);
    if (!built) throw new Error("a reel to export has no text in the library");
    segments.push(exportSegment(built));
    batch = [];
  };
  let batchChars = 0;
  for (const doc of loose) {
    ids.set(doc.id, ids.size + 1);
    docSegment.set(doc.id, segments.length + 1);
    batch.push(doc);
    batchChars += doc.chars;
    if (batchChars >= SEGMENT_CHARS) {
      await close();
      batchChars = 0;
    }
  }
  await close();
  const docs = [...wanted.values()]
    .map((doc) => ({
      ...doc,
      id: ids.get(doc.id) as number,
      segment: docSegment.get(doc.id) as number,
      forms: Object.fromEntries(Object.keys(doc.forms).map((form) => [form, 0])),
    }))
    .sort((a, b) => a.id - b.id);
  // In the docs' order, as a pack's texts are read beside its segments (a segment's reels together).
  const byReel = await readDocTexts(state.library, state.readings, [...wanted.values()]);
  const texts = docs.flatMap((doc) => byReel.get(doc.reel_uid) ?? []);
  const variants = await state.store.meta.get("variants");
  return {
    format: INDEX_FORMAT,
    variants:
      variants?.key === "variants"
        ? { hash: variants.hash, pairs: variants.pairs }
        : { hash: state.readings.hash, pairs: [] },
    docs,
    texts,
    segments,
  };
}
