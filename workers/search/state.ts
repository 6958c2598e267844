/**
 * The worker's index in memory and how it is loaded from `canon-search`: the state row, the
 * folding made from the saved variant pairs, the indexed reels, and the FlexSearch segments
 * imported as they were saved (nothing is built at start). The searchable texts are loaded per
 * text form when a query first needs it. A saved index of another format or made with another
 * folding is cleared, to be built again by the next sync.
 */
import { createKeywordReader } from "../../contract/search-keyword.ts";
import type { ReelText } from "../../contract/search-snippets.ts";
import { createSearchFolding } from "../../contract/search-tokenizer.ts";
import type { IndexState } from "./api.ts";
import type { LocalCatalogue } from "./catalogue.ts";
import type { IndexedDoc, IndexMeta, Library, SearchStore, TextKind } from "./databases.ts";
import type { IndexView, Readings } from "./query.ts";
import { INDEX_FORMAT, importSegment, type Segment } from "./segments.ts";

export type StateRow = Extract<IndexMeta, { key: "state" }>;

export type EngineState = {
  store: SearchStore;
  library: Library;
  row: StateRow;
  readings: Readings;
  docs: Map<number, IndexedDoc>;
  byReel: Map<string, IndexedDoc>;
  segments: Map<number, Segment>;
  texts: Map<TextKind, { map: Map<number, string>; ready: Promise<void> }>;
  catalogues: Map<string, Promise<LocalCatalogue>>;
  /** Raw reel texts read for snippets, by `reel_uid:form`, newest last. */
  snippets: Map<string, ReelText>;
  phase: IndexState;
  work: { loaded: number; indexed: number; dropped: number; segmentsBuilt: number };
};

export function readingsOf(hash: string, pairs: readonly (readonly [string, string])[]): Readings {
  const folding = createSearchFolding(pairs);
  return { folding, readKeyword: createKeywordReader(folding), hash };
}

const freshRow = (folding: string): StateRow => ({
  key: "state",
  format: INDEX_FORMAT,
  folding,
  next_doc: 1,
  next_segment: 1,
  synced_at: 0,
});

/** Empties the saved index (not the variants) and starts a new state row. */
export async function clearSaved(store: SearchStore, folding: string): Promise<StateRow> {
  const row = freshRow(folding);
  await store.transaction("rw", [store.meta, store.docs, store.texts, store.segments], async () => {
    await Promise.all([store.docs.clear(), store.texts.clear(), store.segments.clear()]);
    await store.meta.put(row);
  });
  return row;
}

export async function loadState(store: SearchStore, library: Library): Promise<EngineState> {
  const [saved, variants] = await Promise.all([store.meta.get("state"), store.meta.get("variants")]);
  const variantRow = variants?.key === "variants" ? variants : null;
  const folding = variantRow?.hash ?? "";
  const usable = saved?.key === "state" && saved.format === INDEX_FORMAT && saved.folding === folding;
  const row = usable ? saved : await clearSaved(store, folding);
  const [docRows, segmentRows] = await Promise.all([store.docs.toArray(), store.segments.toArray()]);
  const segments = new Map(segmentRows.map((s) => [s.id, importSegment(s)]));
  const docs = new Map<number, IndexedDoc>();
  const orphans: string[] = [];
  for (const doc of docRows) {
    // A reel written before its segment was saved (the worker stopped in between) is indexed again.
    if (segments.get(doc.segment)?.docIds.has(doc.id)) docs.set(doc.id, doc);
    else orphans.push(doc.reel_uid);
  }
  if (orphans.length > 0) {
    await store.transaction("rw", [store.docs, store.texts], async () => {
      await store.docs.bulkDelete(orphans);
      await store.texts.where("reel_uid").anyOf(orphans).delete();
    });
  }
  return {
    store,
    library,
    row,
    readings: readingsOf(folding, variantRow?.pairs ?? []),
    docs,
    byReel: new Map([...docs.values()].map((doc) => [doc.reel_uid, doc])),
    segments,
    texts: new Map(),
    catalogues: new Map(),
    snippets: new Map(),
    phase: "ready",
    work: { loaded: docs.size, indexed: 0, dropped: 0, segmentsBuilt: 0 },
  };
}

/** The texts of one kind by doc id, read from the store the first time they are wanted. */
export function textsOf(state: EngineState, kind: TextKind): Promise<Map<number, string>> {
  let entry = state.texts.get(kind);
  if (!entry) {
    const map = new Map<number, string>();
    const ready = state.store.texts
      .where("kind")
      .equals(kind)
      .toArray()
      .then((rows) => {
        for (const row of rows) {
          const doc = state.byReel.get(row.reel_uid);
          // Texts indexed meanwhile are in the map already and newer than what was read.
          if (doc && !map.has(doc.id)) map.set(doc.id, row.text);
        }
      });
    entry = { map, ready };
    state.texts.set(kind, entry);
  }
  const { map, ready } = entry;
  return ready.then(() => map);
}

export function viewOf(state: EngineState): IndexView {
  return {
    docs: state.docs,
    segments: () => state.segments.values(),
    texts: (kind) => textsOf(state, kind),
    get readings() {
      return state.readings;
    },
  };
}
