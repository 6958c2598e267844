/**
 * The offline search engine of workers/search.worker.ts, run in a worker of the offline bench's
 * page with timing around it: index build, restart (load), and queries timed inside the worker.
 * It opens the same databases the app's worker opens (canon-offline, canon-search).
 */
import { expose } from "comlink";
import { reelOfRow } from "../contract/offline-library.ts";
import { SEARCH_PAGE_SIZE_DEFAULT, type SearchMode } from "../contract/search-options.ts";
import type { IndexStatus, VariantData } from "../workers/search/api.ts";
import { openLibrary, openSearchStore } from "../workers/search/databases.ts";
import { createSearchEngine, type SearchEngine } from "../workers/search/engine.ts";
import { findReels, type IndexView } from "../workers/search/query.ts";
import { readRequest } from "../workers/search/request.ts";
import { loadState, viewOf } from "../workers/search/state.ts";
import { searchTextOf } from "../workers/search/texts.ts";
import { compareFlexSearch } from "./flexsearch-compare.ts";
import { type BenchQuery, pickQueries } from "./search-queries.ts";

const idb = { indexedDB, IDBKeyRange };
let engine: SearchEngine | null = null;

const open = (): SearchEngine => {
  engine ??= createSearchEngine({ idb, now: () => Date.now() });
  return engine;
};

export type Timed<T> = { ms: number; value: T };

async function timed<T>(work: () => Promise<T>): Promise<Timed<T>> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/**
 * Where a query's time goes, p50 over the runs, ms: reading its terms' lists, counting the reels
 * from them (the rest of finding them), and the rest of the answer (statistics, order, snippets).
 */
export type QueryStages = BenchQuery & { mode: SearchMode; lists: number; count: number; rest: number };

/** A bench query as the app asks it: std_txt, no conversion, the first page of the default size. */
const benchRequest = (query: BenchQuery, mode: SearchMode) => ({
  keyword: query.text,
  search_mode: mode,
  txt_type: "std_txt" as const,
  trans_mode: "none" as const,
  page_size: SEARCH_PAGE_SIZE_DEFAULT,
});

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

/** `reels`: reels holding the query in the text scan; `found` and `hits`: the engine's answer. */
export type QueryTiming = BenchQuery & { mode: SearchMode; found: number; hits: number; times: number[] };

const api = {
  /** Starts the engine on the saved index (a restart) and waits until it is loaded. */
  load: (): Promise<Timed<IndexStatus>> => timed(() => open().status()),
  sync: (variants: VariantData | null): Promise<Timed<IndexStatus>> => timed(() => open().sync(variants)),
  /** One exact query, timed: the first after a restart also reads the texts it needs. */
  first: (tripitakaUid: string, keyword: string) =>
    timed(async () => {
      const answer = await open().search(
        { tripitakaUid, groups: [] },
        { keyword, search_mode: "exact", txt_type: "std_txt", trans_mode: "none" },
      );
      return answer.ok ? answer.result.stats.reels_count : -1;
    }),

  /**
   * Size of the saved index by kind: texts (UTF-16 units; none since the index reads them from
   * the library) and posting rows (bytes).
   */
  async savedSize(): Promise<{ texts: number; postings: number; rows: number }> {
    const store = await openSearchStore(idb);
    const texts = 0;
    let postings = 0;
    let rows = 0;
    await store.postings.each((row) => {
      postings += row.data.length;
      rows++;
    });
    store.close();
    return { texts, postings, rows };
  },

  /** Queries picked from the indexed std_txt (bench/search-queries.ts), of one tripitaka's reels if given. */
  async pick(options: { seed: number; perClass: number; tripitakaUid?: string }): Promise<BenchQuery[]> {
    const store = await openSearchStore(idb);
    const indexed = new Set(
      await (options.tripitakaUid
        ? store.docs.where("tripitaka_uid").equals(options.tripitakaUid)
        : store.docs.toCollection()
      ).primaryKeys(),
    );
    store.close();
    const library = await openLibrary(idb);
    const reels: { uid: string; text: string }[] = [];
    const keys = [...indexed].map((uid): [string, "std_txt"] => [uid, "std_txt"]);
    for (let at = 0; at < keys.length; at += 200) {
      for (const row of await library.reelTexts.bulkGet(keys.slice(at, at + 200)))
        if (row) reels.push({ uid: row.reel_uid, text: searchTextOf({ reel: await reelOfRow(row) }) });
    }
    library.close();
    return pickQueries(reels, options.seed, options.perClass);
  },

  /** Each query timed `reps` times, in both modes, after one run that is not timed. */
  async time(picked: BenchQuery[], options: { reps: number; tripitakaUid: string }) {
    const search = open();
    const scope = { tripitakaUid: options.tripitakaUid, groups: [] };
    const timings: QueryTiming[] = [];
    for (const mode of ["exact", "fuzzy"] as const) {
      for (const query of picked) {
        const body = benchRequest(query, mode);
        const first = await search.search(scope, body);
        if (!first.ok) throw new Error(first.message);
        const times: number[] = [];
        for (let rep = 0; rep < options.reps; rep++) {
          const started = performance.now();
          await search.search(scope, body);
          times.push(performance.now() - started);
        }
        const { reels_count, keyword_count } = first.result.stats;
        timings.push({ ...query, mode, found: reels_count, hits: keyword_count, times });
      }
    }
    return timings;
  },

  /**
   * The stages of these queries (QueryStages), through the engine's own parts on a second load of
   * the saved index, after one run that is not timed.
   */
  async stages(picked: BenchQuery[], options: { reps: number; tripitakaUid: string }) {
    const search = open();
    const state = await loadState(await openSearchStore(idb), await openLibrary(idb));
    const view = viewOf(state);
    let listsMs = 0;
    const timedView: IndexView = {
      ...view,
      lists: async (terms, tripitakaUid) => {
        const started = performance.now();
        const lists = await view.lists(terms, tripitakaUid);
        listsMs += performance.now() - started;
        return lists;
      },
    };
    const scope = { tripitakaUid: options.tripitakaUid, groups: [] };
    const out: QueryStages[] = [];
    for (const mode of ["exact", "fuzzy"] as const) {
      for (const query of picked) {
        const body = benchRequest(query, mode);
        const read = readRequest(body);
        if (!read.ok) throw new Error(read.message);
        await search.search(scope, body);
        const runs = { lists: [] as number[], count: [] as number[], rest: [] as number[] };
        for (let rep = 0; rep < options.reps; rep++) {
          listsMs = 0;
          const started = performance.now();
          await findReels(timedView, options.tripitakaUid, read.query);
          const found = performance.now() - started;
          const answerStarted = performance.now();
          await search.search(scope, body);
          const whole = performance.now() - answerStarted;
          runs.lists.push(listsMs);
          runs.count.push(found - listsMs);
          runs.rest.push(Math.max(0, whole - found));
        }
        out.push({
          ...query,
          mode,
          lists: median(runs.lists),
          count: median(runs.count),
          rest: median(runs.rest),
        });
      }
    }
    state.store.close();
    state.library.close();
    return out;
  },

  /** The same queries through FlexSearch's persistent IndexedDB index (bench/flexsearch-compare.ts). */
  flexsearch: (picked: BenchQuery[], options: { reps: number; tripitakaUid: string }) =>
    compareFlexSearch(idb, picked, options),

  /** Queries picked from the indexed std_txt, each timed `reps` times. */
  async queries(options: { seed: number; perClass: number; reps: number; tripitakaUid: string }) {
    return api.time(await api.pick(options), options);
  },
};

export type OfflineBenchWorker = typeof api;

expose(api);
