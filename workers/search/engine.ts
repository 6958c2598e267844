/**
 * The offline search engine the worker exposes: opens both databases, loads the saved index's
 * small rows (state.ts), and answers searches while syncs (one at a time, with the merges of
 * packs' indexes and the exports of reels' indexes for packs) keep the index in step with the
 * library. Written as plain functions over injected IndexedDB and clock, so node tests run it on
 * fake-indexeddb.
 */

import { reelOfRow } from "../../contract/offline-library.ts";
import type { ReelText } from "../../contract/search-snippets.ts";
import type { TxtType } from "../../contract/tripitaka.ts";
import { type AnswerDeps, answerMatchCount, answerSearch } from "./answer.ts";
import type { IndexStatus, SearchApi, VariantData } from "./api.ts";
import { buildCatalogue, type LocalCatalogue } from "./catalogue.ts";
import { type IdbFactory, openLibrary, openSearchStore } from "./databases.ts";
import { adoptPackIndex, exportPackIndex } from "./pack-merge.ts";
import { readApparatus } from "./readings.ts";
import { type EngineState, loadState, viewOf } from "./state.ts";
import { syncIndex } from "./sync.ts";
import { snippetTextOf } from "./texts.ts";

export type EngineOptions = {
  idb: IdbFactory;
  now: () => number;
  /** Database names (tests use their own). */
  libraryName?: string;
  storeName?: string;
  /** Sync with the library as soon as the saved index is loaded. */
  syncOnStart?: boolean;
};

export type SearchEngine = SearchApi & { close(): Promise<void> };

function statusOf(state: EngineState): IndexStatus {
  const tripitakas: Record<string, number> = {};
  let chars = 0;
  for (const doc of state.docs.values()) {
    tripitakas[doc.tripitaka_uid] = (tripitakas[doc.tripitaka_uid] ?? 0) + 1;
    chars += doc.chars;
  }
  return {
    state: state.phase,
    reels: state.docs.size,
    chars,
    tripitakas,
    variants: state.readings.hash,
    work: { ...state.work },
  };
}

function catalogueOf(state: EngineState, tripitakaUid: string): Promise<LocalCatalogue> {
  let catalogue = state.catalogues.get(tripitakaUid);
  if (!catalogue) {
    catalogue = state.library.sutras
      .where("tripitaka_uid")
      .equals(tripitakaUid)
      .toArray()
      .then((rows) => {
        const volumes = new Map<string, number>();
        for (const doc of state.docs.values()) {
          const known = volumes.get(doc.sutra_uid);
          if (doc.volume > 0 && (known === undefined || doc.volume < known))
            volumes.set(doc.sutra_uid, doc.volume);
        }
        return buildCatalogue(rows, volumes);
      });
    // A failed read is not kept: the next search reads again.
    catalogue.catch(() => state.catalogues.delete(tripitakaUid));
    state.catalogues.set(tripitakaUid, catalogue);
  }
  return catalogue;
}

/** Raw reel texts for snippets: from the cache, the rest read in one transaction. */
function snippetSource(state: EngineState) {
  const cache = state.snippets;
  return async (keys: readonly (readonly [string, TxtType])[]): Promise<(ReelText | null)[]> => {
    const names = keys.map(([reelUid, form]) => `${reelUid}:${form}`);
    const found = new Map<string, ReelText>();
    const missing: (readonly [string, TxtType])[] = [];
    keys.forEach((key, i) => {
      const text = cache.get(names[i] as string);
      if (text) found.set(names[i] as string, text);
      else missing.push(key);
    });
    const rows =
      missing.length > 0 ? await state.library.reelTexts.bulkGet(missing.map(([r, f]) => [r, f])) : [];
    const reels = await Promise.all(rows.map((row) => row && reelOfRow(row)));
    for (const [i, reel] of reels.entries()) {
      const [reelUid, form] = missing[i] as readonly [string, TxtType];
      if (!reel) continue;
      const text = snippetTextOf({ reel });
      found.set(`${reelUid}:${form}`, text);
      cache.set(`${reelUid}:${form}`, text);
    }
    return names.map((name) => found.get(name) ?? null);
  };
}

export function createSearchEngine(options: EngineOptions): SearchEngine {
  const loading = (async () => {
    const [store, library] = await Promise.all([
      openSearchStore(options.idb, options.storeName),
      openLibrary(options.idb, options.libraryName),
    ]);
    return loadState(store, library);
  })();
  // One change of the index at a time (a sync, a pack merged or exported), each after the last
  // has ended (failed or not).
  let syncing: Promise<unknown> = loading;
  const queue = <T>(work: (state: EngineState) => Promise<T>): Promise<T> => {
    const run = syncing.catch(() => undefined).then(async () => work(await loading));
    syncing = run;
    return run;
  };
  const sync = (variants?: VariantData | null, onPlanned?: () => void): Promise<EngineState> =>
    queue(async (state) => {
      await syncIndex(state, options.now, variants, onPlanned);
      return state;
    });
  // The status waits for the start's sync to know what it does, so that "nothing indexed" is not
  // said of reels it is about to index.
  let started: Promise<unknown> = loading;
  if (options.syncOnStart) {
    started = new Promise<void>((resolve) => {
      sync(undefined, resolve).then(
        () => resolve(),
        () => resolve(),
      );
    });
  }

  let deps: AnswerDeps | null = null;
  const answering = async (): Promise<AnswerDeps> => {
    const state = await loading;
    deps ??= {
      view: viewOf(state),
      catalogue: (tripitakaUid) => catalogueOf(state, tripitakaUid),
      reelTexts: snippetSource(state),
      apparatus: (tripitakaUid, sutraUids) => readApparatus(state.library, tripitakaUid, sutraUids),
    };
    return deps;
  };

  return {
    async status() {
      await started;
      return statusOf(await loading);
    },
    async sync(variants) {
      return statusOf(await sync(variants));
    },
    async adoptPackIndex(index) {
      return statusOf(
        await queue(async (state) => {
          await adoptPackIndex(state, index);
          return state;
        }),
      );
    },
    exportPackIndex: (reelUids) => queue((state) => exportPackIndex(state, reelUids)),
    async settled() {
      await syncing.catch(() => undefined);
      return statusOf(await loading);
    },
    async search(scope, request) {
      return answerSearch(await answering(), scope, request);
    },
    async matchCount(scope, request) {
      return answerMatchCount(await answering(), scope, request);
    },
    async close() {
      await syncing.catch(() => undefined);
      const state = await loading;
      state.store.close();
      state.library.close();
    },
  };
}
