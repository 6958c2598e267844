/**
 * Keeping the index in step with the offline library. The library's reel texts are listed by key
 * (no text read); reels not indexed yet are read, their texts made searchable and folded, saved,
 * and added to a new segment; reels gone from the library are dropped from their segments. A reel
 * already indexed is read again only when a row's `stored_at` differs from the one indexed (a text
 * downloaded again), which the library's index tells without reading texts. Segments are saved as they
 * fill, so a restart loads them; when there are too many, the smallest are merged.
 */
import type { StoredReelText } from "../../contract/offline-library.ts";
import type { TxtType } from "../../contract/tripitaka.ts";
import type { VariantData } from "./api.ts";
import type { IndexedDoc } from "./databases.ts";
import { type PreparedReel, prepareReel } from "./reel-doc.ts";
import {
  addToSegment,
  createSegment,
  exportSegment,
  removeFromSegment,
  SEGMENT_CHARS,
  type Segment,
} from "./segments.ts";
import { clearSaved, type EngineState, readingsOf, textsOf } from "./state.ts";

export { SEGMENT_CHARS } from "./segments.ts";

/** Reels read from the library at a time. */
const BATCH = 16;
const MAX_SEGMENTS = 12;
/** Up to this many reels leave a segment one by one; more, and the segment is built again. */
const FEW_REMOVALS = 8;

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

async function saveSegment(state: EngineState, segment: Segment): Promise<void> {
  await state.store.segments.put(exportSegment(segment));
  state.work.segmentsBuilt++;
}

/** A segment made again from its reels' folded texts. */
async function rebuildSegment(state: EngineState, id: number, docIds: Iterable<number>): Promise<Segment> {
  const folded = await textsOf(state, "folded");
  const segment = createSegment(id);
  for (const docId of docIds) {
    const doc = state.docs.get(docId);
    if (doc) addToSegment(segment, docId, folded.get(docId) ?? "", doc.chars);
  }
  return segment;
}

async function dropDocs(state: EngineState, docs: IndexedDoc[]): Promise<void> {
  if (docs.length === 0) return;
  const bySegment = new Map<number, IndexedDoc[]>();
  for (const doc of docs) {
    const list = bySegment.get(doc.segment) ?? [];
    list.push(doc);
    bySegment.set(doc.segment, list);
  }
  const reelUids = docs.map((d) => d.reel_uid);
  for (const [id, leaving] of bySegment) {
    const segment = state.segments.get(id);
    if (!segment) continue;
    const gone = new Set(leaving.map((d) => d.id));
    const remaining = [...segment.docIds].filter((docId) => !gone.has(docId));
    if (remaining.length === 0) {
      state.segments.delete(id);
      await state.store.segments.delete(id);
    } else if (leaving.length <= FEW_REMOVALS) {
      for (const doc of leaving) removeFromSegment(segment, doc.id, doc.chars);
      await saveSegment(state, segment);
    } else {
      const rebuilt = await rebuildSegment(state, id, remaining);
      state.segments.set(id, rebuilt);
      await saveSegment(state, rebuilt);
    }
  }
  await state.store.transaction("rw", [state.store.docs, state.store.texts], async () => {
    await state.store.docs.bulkDelete(reelUids);
    await state.store.texts.where("reel_uid").anyOf(reelUids).delete();
  });
  for (const doc of docs) {
    state.docs.delete(doc.id);
    state.byReel.delete(doc.reel_uid);
    for (const { map } of state.texts.values()) map.delete(doc.id);
  }
  state.work.dropped += docs.length;
}

function prepare(
  state: EngineState,
  reelUid: string,
  rows: StoredReelText[],
  segment: Segment,
): PreparedReel | null {
  if (rows.length === 0) return null;
  return prepareReel(reelUid, rows, state.readings.folding, {
    doc: state.row.next_doc++,
    segment: segment.id,
  });
}

async function indexReels(state: EngineState, reelUids: string[]): Promise<void> {
  let open: Segment | null = null;
  for (let i = 0; i < reelUids.length; i += BATCH) {
    const batch = reelUids.slice(i, i + BATCH);
    const rows = await state.library.reelTexts.where("reel_uid").anyOf(batch).toArray();
    if (!open) {
      open = createSegment(state.row.next_segment++);
      state.segments.set(open.id, open);
    }
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
    await state.store.transaction("rw", [state.store.docs, state.store.texts, state.store.meta], async () => {
      await state.store.docs.bulkPut(prepared.map((p) => p.doc));
      await state.store.texts.bulkPut(prepared.flatMap((p) => p.texts));
      await state.store.meta.put(state.row);
    });
    for (const { doc, texts, folded } of prepared) {
      addToSegment(segment, doc.id, folded, doc.chars);
      state.docs.set(doc.id, doc);
      state.byReel.set(doc.reel_uid, doc);
      for (const text of texts) state.texts.get(text.kind)?.map.set(doc.id, text.text);
    }
    state.work.indexed += prepared.length;
    if (segment.chars >= SEGMENT_CHARS) {
      await saveSegment(state, segment);
      open = null;
    }
  }
  if (open) await saveSegment(state, open);
}

/** Merges the two smallest segments while there are too many. */
export async function compact(state: EngineState): Promise<void> {
  while (state.segments.size > MAX_SEGMENTS) {
    const [a, b] = [...state.segments.values()].sort((x, y) => x.chars - y.chars);
    if (!a || !b) return;
    const merged = await rebuildSegment(state, state.row.next_segment++, [...a.docIds, ...b.docIds]);
    const moved = [...merged.docIds].flatMap((id) => {
      const doc = state.docs.get(id);
      return doc ? [{ ...doc, segment: merged.id }] : [];
    });
    await state.store.transaction(
      "rw",
      [state.store.segments, state.store.docs, state.store.meta],
      async () => {
        await state.store.segments.put(exportSegment(merged));
        await state.store.segments.bulkDelete([a.id, b.id]);
        await state.store.docs.bulkPut(moved);
        await state.store.meta.put(state.row);
      },
    );
    state.work.segmentsBuilt++;
    state.segments.delete(a.id);
    state.segments.delete(b.id);
    state.segments.set(merged.id, merged);
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
  }
  state.row.synced_at = started;
  await state.store.meta.put(state.row);
}
