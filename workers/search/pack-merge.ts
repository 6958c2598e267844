/**
 * A pack's search index (pack-index.ts) merged into this worker's index, and the index of some
 * reels taken out of it for a pack a device exports. Both run in the engine's one-at-a-time chain
 * with the syncs.
 *
 * Merging moves the pack's doc and segment ids past this index's own: a pack segment whose reels
 * are all taken keeps its exported FlexSearch data with the ids rewritten (`<n>.reg` is the JSON
 * list of ids, `<n>.map` the JSON list of `[term, [[ids…]]]`); a segment some of whose reels are
 * indexed here already is built again from the pack's folded texts. A pack folded otherwise than
 * this index is not merged (the next sync indexes its reels), except into an empty index, which
 * takes the pack's variant pairs as its folding.
 */
import type { DocText, IndexedDoc, SavedSegment } from "./databases.ts";
import type { PackIndex } from "./pack-index.ts";
import {
  addToSegment,
  createSegment,
  exportSegment,
  INDEX_FORMAT,
  importSegment,
  type Segment,
} from "./segments.ts";
import { clearSaved, type EngineState, readingsOf, textsOf } from "./state.ts";
import { compact, SEGMENT_CHARS } from "./sync.ts";

type IdList = unknown[];

/**
 * A saved segment with its doc ids rewritten by `ids` and its own id `id`; null when a chunk is of
 * a kind this code does not know or names a doc `ids` lacks (the segment is then built again).
 */
export function renumberSegment(
  saved: SavedSegment,
  id: number,
  ids: ReadonlyMap<number, number>,
): SavedSegment | null {
  let known = true;
  const mapIds = (list: IdList): number[] =>
    list.map((old) => {
      const next = ids.get(Number(old));
      if (next === undefined) known = false;
      return next ?? 0;
    });
  const chunks: [string, string][] = [];
  for (const [key, data] of saved.chunks) {
    const kind = key.slice(key.lastIndexOf(".") + 1);
    const value: unknown = JSON.parse(data);
    if (!Array.isArray(value)) return null;
    if (kind === "reg") chunks.push([key, JSON.stringify(mapIds(value))]);
    else if (kind === "map") {
      const entries = value.map((entry: unknown) => {
        if (!Array.isArray(entry) || !Array.isArray(entry[1])) {
          known = false;
          return entry;
        }
        const slots = (entry[1] as unknown[]).map((slot) => (Array.isArray(slot) ? mapIds(slot) : slot));
        return [entry[0], slots];
      });
      chunks.push([key, JSON.stringify(entries)]);
    } else return null;
    if (!known) return null;
  }
  const docIds = mapIds(saved.doc_ids);
  return known ? { id, doc_ids: docIds, chars: saved.chars, chunks } : null;
}

function groupBy<T, K>(list: readonly T[], keyOf: (value: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const value of list) {
    const group = map.get(keyOf(value));
    if (group) group.push(value);
    else map.set(keyOf(value), [value]);
  }
  return map;
}

/** Takes the pack's folding into an empty index; false when the foldings differ and docs exist. */
async function sameFolding(state: EngineState, index: PackIndex): Promise<boolean> {
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

/** Merges the pack's index; returns how many reels it added (0 when it could not merge). */
export async function adoptPackIndex(state: EngineState, index: PackIndex): Promise<number> {
  if (index.format !== INDEX_FORMAT || !(await sameFolding(state, index))) return 0;
  const seen = new Set<string>();
  const taken = index.docs.filter((doc) => {
    if (state.byReel.has(doc.reel_uid) || seen.has(doc.reel_uid)) return false;
    seen.add(doc.reel_uid);
    return true;
  });
  const textsByReel = groupBy(index.texts, (text) => text.reel_uid);
  const packSegments = new Map(index.segments.map((segment) => [segment.id, segment]));
  for (const [packSegment, docs] of groupBy(taken, (doc) => doc.segment)) {
    const segmentId = state.row.next_segment++;
    const ids = new Map(docs.map((doc) => [doc.id, state.row.next_doc++]));
    const saved = packSegments.get(packSegment);
    const whole =
      saved && saved.doc_ids.length === docs.length && saved.doc_ids.every((id) => ids.has(Number(id)));
    // Into an empty index the pack's ids are usually kept as they are: nothing to rewrite then.
    const sameIds = [...ids].every(([from, to]) => from === to);
    let renumbered = !whole
      ? null
      : sameIds
        ? { ...saved, id: segmentId }
        : renumberSegment(saved, segmentId, ids);
    let segment: Segment;
    if (renumbered) segment = importSegment(renumbered);
    else {
      segment = createSegment(segmentId);
      for (const doc of docs) {
        const folded = textsByReel.get(doc.reel_uid)?.find((text) => text.kind === "folded")?.text ?? "";
        addToSegment(segment, ids.get(doc.id) as number, folded, doc.chars);
      }
      renumbered = exportSegment(segment);
      state.work.segmentsBuilt++;
    }
    const rows: IndexedDoc[] = docs.map((doc) => ({
      ...doc,
      id: ids.get(doc.id) as number,
      segment: segmentId,
    }));
    const texts: DocText[] = docs.flatMap((doc) => textsByReel.get(doc.reel_uid) ?? []);
    const { store } = state;
    const savedSegment = renumbered;
    await store.transaction("rw", [store.docs, store.texts, store.segments, store.meta], async () => {
      await store.docs.bulkPut(rows);
      await store.texts.bulkPut(texts);
      await store.segments.put(savedSegment);
      await store.meta.put(state.row);
    });
    state.segments.set(segmentId, segment);
    for (const doc of rows) {
      state.docs.set(doc.id, doc);
      state.byReel.set(doc.reel_uid, doc);
    }
    for (const text of texts) {
      const doc = state.byReel.get(text.reel_uid);
      if (doc) state.texts.get(text.kind)?.map.set(doc.id, text.text);
    }
  }
  if (taken.length > 0) {
    await compact(state);
    state.catalogues.clear();
    state.snippets.clear();
  }
  return taken.length;
}

/**
 * The index of `reelUids` (those indexed here) as a pack carries it: ids from 1, the segments all
 * of whose reels are wanted exported as they are, the other reels in segments built from their
 * folded texts, and `forms` at 0 (the installing device sets its own rows' `stored_at`).
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
  const inSegments = new Set<number>();
  for (const segment of state.segments.values()) {
    const members = [...segment.docIds];
    const taken = members.filter((id) => wanted.has(id));
    for (const id of taken) inSegments.add(id);
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
    const renumbered = renumberSegment(exportSegment(segment), segmentId, ids);
    if (renumbered) segments.push(renumbered);
    else {
      for (const id of members) ids.delete(id);
      loose.push(...members.map((id) => wanted.get(id) as IndexedDoc));
    }
  }
  for (const doc of wanted.values()) if (!inSegments.has(doc.id)) loose.push(doc);
  const folded = await textsOf(state, "folded");
  let open: Segment | null = null;
  for (const doc of loose) {
    open ??= createSegment(segments.length + 1);
    const id = ids.size + 1;
    ids.set(doc.id, id);
    docSegment.set(doc.id, open.id);
    addToSegment(open, id, folded.get(doc.id) ?? "", doc.chars);
    if (open.chars >= SEGMENT_CHARS) {
      segments.push(exportSegment(open));
      open = null;
    }
  }
  if (open) segments.push(exportSegment(open));
  const docs = [...wanted.values()]
    .map((doc) => ({
      ...doc,
      id: ids.get(doc.id) as number,
      segment: docSegment.get(doc.id) as number,
      forms: Object.fromEntries(Object.keys(doc.forms).map((form) => [form, 0])),
    }))
    .sort((a, b) => a.id - b.id);
  const texts = await state.store.texts
    .where("reel_uid")
    .anyOf(docs.map((doc) => doc.reel_uid))
    .toArray();
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
