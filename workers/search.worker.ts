/**
 * The offline search worker: an index kept in IndexedDB over the reels of the offline library,
 * answering the search page in the server's result shape (workers/search/). Exposed with Comlink;
 * its one client is src/offline/search/client.ts. At start it loads the saved index's small rows
 * and syncs with the library.
 */
import { expose } from "comlink";
import type { SearchApi } from "./search/api.ts";
import { createSearchEngine } from "./search/engine.ts";

export type { SearchApi };

const engine = createSearchEngine({
  idb: { indexedDB, IDBKeyRange },
  now: () => Date.now(),
  syncOnStart: true,
});

const api: SearchApi = {
  status: () => engine.status(),
  sync: (variants) => engine.sync(variants),
  settled: () => engine.settled(),
  adoptPackIndex: (index) => engine.adoptPackIndex(index),
  exportPackIndex: (reelUids) => engine.exportPackIndex(reelUids),
  search: (scope, request) => engine.search(scope, request),
  matchCount: (scope, request) => engine.matchCount(scope, request),
};

expose(api);
