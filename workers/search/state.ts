/**
 * What the worker holds of its index, and how it is loaded from `canon-search`: the state row,
 * the folding made from the saved variant pairs, the indexed reels' rows and the segments' rows,
 * nothing more (a few hundred bytes a reel). The posting lists stay in the store, read per query
 * for its terms only; the texts a query must search are made per reel from its library rows
 * (doc-texts.ts) and kept while they fit (TEXT_CACHE_CHARS). A saved index of another format or made with another folding is cleared, to
 * be built again by the next sync.
 */
import { createKeywordReader } from "../../contract/search-keyword.ts";
import type { ReelText } from "../../contract/search-snippets.ts";
import { createSearchFolding } from "../../contract/search-tokenizer.ts";
import type { TxtType } from "../../contract/tripitaka.ts";
import type { IndexState } from "./api.ts";
import type { LocalCatalogue } from "./catalogue.ts";
import type { IndexedDoc, IndexMeta, Library, SearchStore, SegmentRow } from "./databases.ts";
import { readFormTexts } from "./doc-texts.ts";
import { createFoldClasses } from "./fold-classes.ts";
import { readTermLists } from "./posting-store.ts";
import type { IndexView, Readings } from "./query.ts";
import { INDEX_FORMAT } from "./segments.ts";
import { createTextCache, type TextCache } from "./text-cache.ts";

export type StateRow = Extract<IndexMeta, { key: "state" }>;

/** Chars of searchable texts kept for queries that must read them (2 bytes a char). */
export const TEXT_CACHE_CHARS = 2_000_000;
/**
 * Chars of raw reel texts kept for snippets, so a result asked for again (another page, filter or
 * order) reads the library less: room for a page of the longest reels, which a common keyword's
 * most hits bring first. With less, a page of them pushes its own first reels out as it is read,
 * and the next answer reads every one again.
 */
export const SNIPPET_CACHE_CHARS = 4_000_000;

export type EngineState = {
  store: SearchStore;
  library: Library;
  row: StateRow;
  readings: Readings;
  docs: Map<number, IndexedDoc>;
  byReel: Map<string, IndexedDoc>;
  segments: Map<number, SegmentRow>;
  /** Searchable texts read for queries, by `reel_uid:form`. */
  texts: TextCache<string>;
  catalogues: Map<string, Promise<LocalCatalogue>>;
  /** Raw reel texts read for snippets, by `reel_uid:form`. */
  snippets: TextCache<ReelText>;
  phase: IndexState;
  work: { loaded: number; indexed: number; dropped: number; segmentsBuilt: number };
};

export function readingsOf(hash: string, pairs: readonly (readonly [string, string])[]): Readings {
  const folding = createSearchFolding(pairs);
  return { folding, readKeyword: createKeywordReader(folding), hash, classes: createFoldClasses(folding) };
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
  const tables = [store.meta, store.docs, store.segments, store.postings];
  await store.transaction("rw", tables, async () => {
    await Promise.all([store.docs.clear(), store.segments.clear(), store.postings.clear()]);
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
  const segments = new Map(segmentRows.map((s) => [s.id, s]));
  const members = new Set(segmentRows.flatMap((s) => s.doc_ids));
  const docs = new Map<number, IndexedDoc>();
  const orphans: string[] = [];
  for (const doc of docRows) {
    // A reel written before its segment was saved (the worker stopped in between) is indexed again.
    if (members.has(doc.id) && segments.has(doc.segment)) docs.set(doc.id, doc);
    else orphans.push(doc.reel_uid);
  }
  if (orphans.length > 0) await store.docs.bulkDelete(orphans);
  return {
    store,
    library,
    row,
    readings: readingsOf(folding, variantRow?.pairs ?? []),
    docs,
    byReel: new Map([...docs.values()].map((doc) => [doc.reel_uid, doc])),
    segments,
    texts: createTextCache(TEXT_CACHE_CHARS, (text: string) => text.length),
    catalogues: new Map(),
    snippets: createTextCache(SNIPPET_CACHE_CHARS, (text: ReelText) => text.text.length),
    phase: "ready",
    work: { loaded: docs.size, indexed: 0, dropped: 0, segmentsBuilt: 0 },
  };
}

/** The texts of one form of these reels by doc id: from the cache, the rest read in one go. */
export async function textsOf(
  state: EngineState,
  form: TxtType,
  docs: readonly IndexedDoc[],
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const missing: IndexedDoc[] = [];
  for (const doc of docs) {
    const text = state.texts.get(`${doc.reel_uid}:${form}`);
    if (text === undefined) missing.push(doc);
    else out.set(doc.id, text);
  }
  if (missing.length === 0) return out;
  const read = await readFormTexts(state.library, form, missing);
  for (const doc of missing) {
    const text = read.get(doc.id);
    if (text === undefined) continue;
    out.set(doc.id, text);
    state.texts.set(`${doc.reel_uid}:${form}`, text);
  }
  return out;
}

export function viewOf(state: EngineState): IndexView {
  return {
    docs: state.docs,
    lists: (terms, tripitakaUid) => {
      const holding = new Set<number>();
      for (const doc of state.docs.values()) if (doc.tripitaka_uid === tripitakaUid) holding.add(doc.segment);
      return readTermLists(state.store, terms, state.segments.values(), (segment) => holding.has(segment.id));
    },
    texts: (form, docs) => textsOf(state, form, docs),
    get readings() {
      return state.readings;
    },
  };
}
