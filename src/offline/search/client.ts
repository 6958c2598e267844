/**
 * The app's side of offline search: the one module that talks to the search worker
 * (workers/search.worker.ts) and the only importer of Comlink. The worker starts on first use and
 * loads its saved index; calls made meanwhile wait inside it until the index is loaded.
 *   searchLocal / matchCountLocal  the answers of POST .../search and .../match_count, from the
 *                                  downloaded texts (a LocalSearchError where the server says 400)
 *   indexStatus                    what is indexed, per tripitaka
 *   syncIndex                      after a download completes or is deleted: index what is new,
 *                                  drop what is gone (and, online, refresh the variant pairs first)
 *   adoptPackIndex                 an installed pack's index merged (its reels searchable at once)
 *   exportPackIndex                the index of some reels, for a pack this device exports
 */
import { type Remote, transfer, wrap } from "comlink";
import type { HitStats, SearchRequest, SearchResult } from "../../../contract/search.ts";
import type {
  IndexStatus,
  LocalAnswer,
  LocalGroup,
  LocalScope,
  PackIndexToAdopt,
  SearchApi,
  VariantData,
} from "../../../workers/search/api.ts";
import type { PackIndex } from "../../../workers/search/pack-index.ts";
import type { ApiClient } from "../../api/client.ts";
import { fetchSearchVariants } from "../../api/searchVariants.ts";
import { isNetworkFailure, networkState } from "../network.ts";

export type { IndexStatus, LocalGroup, LocalScope };

export class LocalSearchError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = "LocalSearchError";
  }
}

type Started = { remote: Remote<SearchApi>; failed: Promise<never> };
let started: Started | null = null;

/**
 * The worker, started on first use. A worker whose script cannot load (offline, never cached)
 * fails its calls instead of leaving them unanswered, and the next call starts it afresh.
 */
function start(): Started {
  if (started) return started;
  const thread = new Worker(new URL("../../../workers/search.worker.ts", import.meta.url), {
    type: "module",
  });
  const failed = new Promise<never>((_, reject) => {
    thread.addEventListener("error", (event) => {
      if (started?.remote === remote) started = null;
      thread.terminate();
      reject(
        new LocalSearchError(503, `the offline search could not start: ${event.message || "no script"}`),
      );
    });
  });
  failed.catch(() => undefined);
  const remote = wrap<SearchApi>(thread);
  started = { remote, failed };
  return started;
}

/** A call to the worker, failed when the worker cannot start. */
function call<T>(work: (api: Remote<SearchApi>) => Promise<T>): Promise<T> {
  const { remote, failed } = start();
  return Promise.race([work(remote), failed]);
}

function resultOf<T>(answer: LocalAnswer<T>): T {
  if (!answer.ok) throw new LocalSearchError(answer.code, answer.message);
  return answer.result;
}

export async function searchLocal(scope: LocalScope, request: SearchRequest): Promise<SearchResult> {
  return resultOf(await call<LocalAnswer<SearchResult>>((api) => api.search(scope, request)));
}

export async function matchCountLocal(scope: LocalScope, request: SearchRequest): Promise<HitStats> {
  return resultOf(await call<LocalAnswer<HitStats>>((api) => api.matchCount(scope, request)));
}

export function indexStatus(): Promise<IndexStatus> {
  return call((api) => api.status());
}

/** The status once the index has taken in what it is indexing now. */
export function indexSettled(): Promise<IndexStatus> {
  return call((api) => api.settled());
}

/** The server's variant pairs when they differ from the index's; null offline or unchanged. */
async function newerVariants(api: ApiClient, known: string): Promise<VariantData | null> {
  if (!networkState().isOnline()) return null;
  try {
    const answer = await fetchSearchVariants(api, known);
    return answer.pairs ? { hash: answer.hash, pairs: answer.pairs } : null;
  } catch (error) {
    if (isNetworkFailure(error)) networkState().reportUnreachable();
    return null;
  }
}

/**
 * Brings the offline search index in step with the offline library. Call it after a download
 * completes or is deleted; with `api`, the variant pairs are refreshed first when online.
 */
export async function syncIndex(api?: ApiClient): Promise<IndexStatus> {
  const known = api ? (await call((search) => search.status())).variants : "";
  const variants = api ? await newerVariants(api, known) : null;
  return call((search) => search.sync(variants));
}

let variantsChecked: Promise<void> | null = null;

/**
 * Once per page session, online: syncs with the server's variant pairs if they changed. Settles
 * when the index folds as the server does (at once offline), so that an answer asked after it is
 * not one from the folding about to be replaced.
 */
export function checkVariantsOnce(api: ApiClient): Promise<void> {
  if (!variantsChecked && networkState().isOnline())
    variantsChecked = syncIndex(api).then(
      () => undefined,
      () => {
        variantsChecked = null;
      },
    );
  return variantsChecked ?? Promise.resolve();
}

/** Merges the search index of a pack just installed into the offline index. */
export function adoptPackIndex(index: PackIndexToAdopt): Promise<IndexStatus> {
  // Stored segment parts move to the worker rather than being copied.
  const buffers = index.segments.flatMap((segment) =>
    "bytes" in segment ? [segment.bytes.buffer as ArrayBuffer] : [],
  );
  return call((api) => api.adoptPackIndex(transfer(index, buffers)));
}

/** The offline index of these reels, as a pack carries it. */
export function exportPackIndex(reelUids: string[]): Promise<PackIndex> {
  return call((api) => api.exportPackIndex(reelUids));
}
