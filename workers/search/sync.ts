/**
 * Keeping the index in step with the offline library. The library's reel texts are listed by key
 * (no text read); reels not indexed yet are read, their texts made searchable and folded and
 * added to a new segment (the texts stay in the library alone: doc-texts.ts); reels gone from the library are dropped from their segments. A reel
 * already indexed is read again only when a row's `stored_at` differs from the one indexed (a text
 * downloaded again), which the library's index tells without reading texts. A segment is written to
 * the store as it fills (SEGMENT_CHARS), so memory holds one segment being built, whatever the
 * library's size; when there are too many small ones, the two smallest are merged.
 */
import { type UnpackedReelText, unpackReelText } from "../../contract/offline-library.ts";
import type { TxtType } from "../../contract/tripitaka.ts";
import type { VariantData } from "./api.ts";
import type { IndexedDoc } from "./databases.ts";
import { deleteSegment, putSegment } from "./posting-store.ts";
import { formCharsOf, type PreparedReel, prepareReel } from "./reel-doc.ts";
import { buildFromTexts, dropFromSegments, rowOf, writeSegment } from "./segment-store.ts";
import {
  addToSegment,
  createSegment,
  SEGMENT_CHARS,
  type Segment,
  segmentBuilder,
  segmentRows,
} from "./segments.ts";
import { clearSaved, type EngineState, readingsOf } from "./state.ts";

export { SEGMENT_CHARS } from "./segments.ts";

/** Reels read from the library at a time. */
const BATCH = 16;
/** Past this many segments, the two smallest are merged while they fit in one. */
const MAX_SEGMENTS = 12;

const REEL_ITEM = /^reel_text:(.+):[a-z]+_txt$/;
const STAMPED_TEXTS = "[reel_uid+txt_type+stored_at]";

/**
 * Reels of downloads being installed from a pack: the pack brings their index, merged while its
 * rows are written, so a sync meanwhile leaves them alone (neither indexed a second time nor
 * dropped for rows not written yet) until the install ends.
 */
async function reelsAwaitingPackIndex(state: EngineState): Promise<Set<string>> {
  const installing = (await state.library.downloads.toArray()).filter((d) => d.pack);
  const reels = new Set<string>();
  for (const download of installing) {
    const items = await state.library.downloadItems.where("download_id").equals(download.id).toArray();
    for (const item of items) {
      const match = REEL_ITEM.exec(item.key);
      if (match?.[1]) reels.add(match[1]);
    }
  }
  return reels;
}

const sameForms = (a: Partial<Record<TxtType, number>>, b: Partial<Record<TxtType, number>>): boolean => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k as TxtType] === b[k as TxtType]);
};

/**
 * Which library reels to index and which indexed reels to drop: a reel whose text forms or their
 * `stored_at` (a text downloaded again) differ from those indexed is indexed again. The library's
 * `[reel_uid+txt_type+stored_at]` index gives all three without reading a text.
 */
async function plan(state: EngineState): Promise<{ add: string[]; drop: IndexedDoc[] }> {
  const keys = (await state.library.reelTexts.orderBy(STAMPED_TEXTS).keys()) as unknown as [
    string,
    TxtType,
    number,
  ][];
  const inLibrary = new Map<string, Partial<Record<TxtType, number>>>();
  for (const [reelUid, txtType, storedAt] of keys) {
    const forms = inLibrary.get(reelUid) ?? {};
    forms[txtType] = storedAt;
    inLibrary.set(reelUid, forms);
  }
  const add: string[] = [];
  const drop: IndexedDoc[] = [];
  const awaiting = await reelsAwaitingPackIndex(state);
  for (const [reelUid, forms] of inLibrary) {
    if (awaiting.has(reelUid)) continue;
    const doc = state.byReel.get(reelUid);
    if (!doc) add.push(reelUid);
    else if (!sameForms(forms, doc.forms)) {
      add.push(reelUid);
      drop.push(doc);
    }
  }
  for (const doc of state.byReel.values())
    if (!inLibrary.has(doc.reel_uid) && !awaiting.has(doc.reel_uid)) drop.push(doc);
  return { add, drop };
}

async function dropDocs(state: EngineState, docs: IndexedDoc[]): Promise<void> {
  if (docs.length === 0) return;
  await dropFromSegments(state, docs);
  const reelUids = docs.map((d) => d.reel_uid);
  await state.store.docs.bulkDelete(reelUids);
  for (const doc of docs) {
    state.docs.delete(doc.id);
    state.byReel.delete(doc.reel_uid);
  }
  state.work.dropped += docs.length;
}

function prepare(
  state: EngineState,
  reelUid: string,
  rows: UnpackedReelText[],
  segment: Segment,
): PreparedReel | null {
  if (rows.length === 0) return null;
  return prepareReel(reelUid, rows, state.readings.folding, {
    doc: state.row.next_doc++,
    segment: segment.id,
  });
}

async function indexReels(state: EngineState, reelUids: string[]): Promise<void> {
  if (reelUids.length === 0) return;
  // A reel is some thousands of chars: the builder is sized for those to index, up to a segment.
  const builder = segmentBuilder(reelUids.length * 8_000);
  let open: Segment | null = null;
  for (let i = 0; i < reelUids.length; i += BATCH) {
    const batch = reelUids.slice(i, i + BATCH);
    const stored = await state.library.reelTexts.where("reel_uid").anyOf(batch).toArray();
    const rows = await Promise.all(stored.map(unpackReelText));
    open ??= createSegment(state.row.next_segment++, builder);
    const segment: Segment = open;
    const prepared = batch
      .map((uid) =>
        prepare(
          state,
          uid,
          rows.filter((r) => r.reel_uid === uid),
          segment,
        ),
      )
      .filter((p): p is PreparedReel => p !== null);
    await state.store.transaction("rw", [state.store.docs, state.store.meta], async () => {
      await state.store.docs.bulkPut(prepared.map((p) => p.doc));
      await state.store.meta.put(state.row);
    });
    for (const { doc, texts, folded } of prepared) {
      addToSegment(segment, doc.id, folded, doc.chars, formCharsOf(doc, texts, state.readings.classes));
      state.docs.set(doc.id, doc);
      state.byReel.set(doc.reel_uid, doc);
    }
    state.work.indexed += prepared.length;
    if (segment.chars >= SEGMENT_CHARS) {
      await writeSegment(state, segment);
      open = null;
    }
  }
  if (open) await writeSegment(state, open);
}

/** Merges the two smallest segments while there are too many and the two fit in one. */
export async function compact(state: EngineState): Promise<void> {
  while (state.segments.size > MAX_SEGMENTS) {
    const [a, b] = [...state.segments.values()].sort((x, y) => x.chars - y.chars);
    if (!a || !b || a.chars + b.chars > SEGMENT_CHARS) return;
    const docs = [...a.doc_ids, ...b.doc_ids].flatMap((id) => state.docs.get(id) ?? []);
    const merged = await buildFromTexts(state, state.row.next_segment, docs);
    if (!merged) return;
    state.row.next_segment++;
    const moved = docs.map((doc) => ({ ...doc, segment: merged.id }));
    const { store } = state;
    const row = rowOf(merged);
    await store.transaction("rw", [store.segments, store.postings, store.docs, store.meta], async () => {
      await putSegment(store, row, segmentRows(merged));
      await deleteSegment(store, a.id);
      await deleteSegment(store, b.id);
      await store.docs.bulkPut(moved);
      await store.meta.put(state.row);
    });
    state.work.segmentsBuilt++;
    state.segments.delete(a.id);
    state.segments.delete(b.id);
    state.segments.set(row.id, row);
    for (const doc of moved) {
      state.docs.set(doc.id, doc);
      state.byReel.set(doc.reel_uid, doc);
    }
  }
}

/** New variant data: the folding changes, so everything is folded and indexed again. */
async function adoptVariants(state: EngineState, variants: VariantData): Promise<void> {
  const pairs = variants.pairs.map(([a, b]): [string, string] => [a, b]);
  await state.store.meta.put({ key: "variants", hash: variants.hash, pairs });
  state.row = await clearSaved(state.store, variants.hash);
  state.readings = readingsOf(variants.hash, pairs);
  state.work.dropped += state.docs.size;
  state.docs.clear();
  state.byReel.clear();
  state.segments.clear();
  state.texts.clear();
  state.snippets.clear();
}

/** `onPlanned` is told once it is known what the sync does (and `phase` says whether it indexes). */
export async function syncIndex(
  state: EngineState,
  now: () => number,
  variants?: VariantData | null,
  onPlanned?: () => void,
) {
  const started = now();
  if (variants && variants.hash !== state.readings.hash) await adoptVariants(state, variants);
  const { add, drop } = await plan(state);
  if (add.length > 0) state.phase = "indexing";
  onPlanned?.();
  try {
    await dropDocs(state, drop);
    await indexReels(state, add);
    await compact(state);
  } finally {
    state.phase = "ready";
    state.catalogues.clear();
    state.snippets.clear();
    state.texts.clear();
  }
  state.row.synced_at = started;
  await state.store.meta.put(state.row);
}
