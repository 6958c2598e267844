/**
 * The download manager: saves a download from its plan, fetches its waiting items a few tasks at a
 * time, stores each task's verified rows in one transaction, adds the font subsets its texts need,
 * and finally checks that every item it lists is really stored before calling it complete.
 *
 * A run stops when the network goes (the download stays `downloading` and resumes on `online` or
 * at the next start of the app), when the user pauses or deletes it, or on a failure it records:
 * a full disk (`QUOTA_EXCEEDED`: that task's transaction is rolled back), an item that is not what
 * the plan said (`ITEM_INVALID`) or an API error code. Items already stored are never fetched again,
 * and rows another download stored are adopted instead of fetched.
 *
 * A plan that names a pack is installed from it first (src/offline/packs/installFromPlan.ts); what
 * the pack did not bring, or everything when the pack fails, is then fetched item by item.
 */

import { DYNAMIC_FONT_NAME } from "../../../contract/font-chars.ts";
import type { OfflinePlan } from "../../../contract/offline.ts";
import {
  downloadIdOf,
  type StoredDownload,
  type StoredDownloadItem,
} from "../../../contract/offline-library.ts";
import { ApiError } from "../../api/errors.ts";
import { isNetworkFailure, type NetworkState } from "../network.ts";
import { installPlanPack, type PlanPackDeps } from "../packs/installFromPlan.ts";
import { isQuotaExceeded, type OfflineLibrary } from "./db.ts";
import { type FetchDeps, fetchTask, ItemInvalidError } from "./fetchItems.ts";
import { type FontDeps, fetchFontItem, listFontItems } from "./fonts.ts";
import { type FetchTask, fetchTasks, parseItemKey } from "./items.ts";
import {
  adoptStored,
  advance,
  deleteDownload,
  dropItems,
  markItems,
  saveDownload,
  setStatus,
  storeRows,
} from "./mutations.ts";
import { presentKeys, presentRows } from "./rows.ts";

export type DownloadManagerDeps = FetchDeps & {
  db: OfflineLibrary;
  fonts: FontDeps;
  network: NetworkState;
  /** Runs `work` holding a lock named `name`, or skips it when another tab holds that lock. */
  lock?(name: string, work: () => Promise<void>): Promise<void>;
  /** Fetch tasks in flight per download. */
  concurrency?: number;
  /** Called after each stored task (progress is also in the `downloads` row). */
  onStored?(downloadId: string): void;
  /** Merges the search index of a pack a download is installed from (the search worker's client). */
  search?: PlanPackDeps["search"];
  /** Reads a plan's pack by Range requests (the browser's fetch by default). */
  fetch?: typeof fetch;
};

export type DownloadManager = {
  /** Saves the plan's download (replacing an earlier one of the same scope) and starts it. */
  start(plan: OfflinePlan): Promise<StoredDownload>;
  resume(downloadId: string): Promise<void>;
  pause(downloadId: string): Promise<void>;
  remove(downloadId: string): Promise<void>;
  /** Restarts every download left `downloading` or `verifying` (app start, back online). */
  resumeAll(): Promise<void>;
  /** Resolves when the download's current run (if any) has ended. */
  settled(downloadId: string): Promise<void>;
  /** Resumes on `online` and when the server answers again, stops runs on `offline`; returns the unsubscribe. */
  listen(): () => void;
  /** Stops every run now, leaving each download's state as it is. */
  stop(): Promise<void>;
  /**
   * Failures this page could not record in the library (a disk so full that even the status does
   * not fit), by download id; the storage panel shows them as the download's state.
   */
  unrecorded(): ReadonlyMap<string, string>;
  subscribe(listener: () => void): () => void;
};

type Failure = { code: string } | "stopped";

/** How a run ended: "stopped" leaves the status alone (paused, offline, deleted). */
function classify(error: unknown, signal: AbortSignal, network: NetworkState): Failure {
  if (signal.aborted) return "stopped";
  if (isQuotaExceeded(error)) return { code: "QUOTA_EXCEEDED" };
  if (isNetworkFailure(error)) {
    network.reportUnreachable();
    return "stopped";
  }
  if (error instanceof ItemInvalidError) return { code: "ITEM_INVALID" };
  if (error instanceof ApiError) return { code: String(error.code ?? error.status) };
  return { code: "1000" };
}

async function runPool<T>(
  tasks: readonly T[],
  concurrency: number,
  signal: AbortSignal,
  work: (task: T, signal: AbortSignal) => Promise<void>,
): Promise<void> {
  const inner = new AbortController();
  const stop = () => inner.abort();
  signal.addEventListener("abort", stop);
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (failure === null && !inner.signal.aborted && next < tasks.length) {
      const task = tasks[next++] as T;
      try {
        await work(task, inner.signal);
      } catch (error) {
        failure ??= { error };
        inner.abort();
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
  } finally {
    signal.removeEventListener("abort", stop);
  }
  if (failure !== null) throw (failure as { error: unknown }).error;
  if (signal.aborted) throw signal.reason;
}

/** Tries a fetch again once when it failed for want of a network (a timeout, a dropped connection). */
async function withOneRetry<T>(fetch: () => Promise<T>, signal: AbortSignal): Promise<T> {
  try {
    return await fetch();
  } catch (error) {
    if (signal.aborted || !isNetworkFailure(error)) throw error;
    return fetch();
  }
}

export function createDownloadManager(deps: DownloadManagerDeps): DownloadManager {
  const { db, network } = deps;
  const concurrency = deps.concurrency ?? 4;
  const lock = deps.lock ?? ((_name: string, work: () => Promise<void>) => work());
  const runs = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let unrecorded: ReadonlyMap<string, string> = new Map();
  const listeners = new Set<() => void>();
  const setUnrecorded = (id: string, code: string | null) => {
    if (code === null && !unrecorded.has(id)) return;
    const next = new Map(unrecorded);
    if (code === null) next.delete(id);
    else next.set(id, code);
    unrecorded = next;
    for (const listener of listeners) listener();
  };

  async function recordFailure(id: string, code: string): Promise<void> {
    try {
      await advance(db, id, "failed", deps.now(), code);
    } catch (error) {
      if (!isQuotaExceeded(error)) throw error;
      setUnrecorded(id, code);
    }
  }

  const waitingItems = async (id: string) =>
    (await db.downloadItems.where("download_id").equals(id).toArray()).filter(
      (item) => item.state === "waiting",
    );

  async function fetchWaiting(download: StoredDownload, signal: AbortSignal): Promise<void> {
    const tasks = fetchTasks((await waitingItems(download.id)).filter((item) => item.kind !== "fonts"));
    await runPool(tasks, concurrency, signal, async (task: FetchTask, inner) => {
      const rows = await withOneRetry(() => fetchTask(deps, download.tripitaka_uid, task, inner), inner);
      if (inner.aborted) return;
      await storeRows(db, download.id, rows, deps.now());
      deps.onStored?.(download.id);
    });
  }

  async function fetchFonts(download: StoredDownload, signal: AbortSignal): Promise<void> {
    await listFontItems(db, download, deps.fonts, deps.now());
    const waiting = (await waitingItems(download.id)).filter((item) => item.kind === "fonts");
    const unavailable: StoredDownloadItem[] = [];
    await runPool(waiting, concurrency, signal, async (item, inner) => {
      try {
        await fetchFontItem(db, download, item, deps.fonts, inner, deps.now);
        deps.onStored?.(download.id);
      } catch (error) {
        // A server without fonts cannot supply subsets: the readers fall back to the box glyph.
        if (error instanceof ApiError && [400, 404, 503].includes(error.status)) unavailable.push(item);
        else throw error;
      }
    });
    await dropItems(db, download.id, unavailable, deps.now());
  }

  /** Sets back to waiting every done item whose row is missing; returns how many were. */
  /** `verified`: the rows came from a pack's checked parts, so their presence is enough. */
  async function finalCheck(id: string, verified: boolean): Promise<number> {
    const items = (await db.downloadItems.where("download_id").equals(id).toArray()).filter(
      (item) => item.state === "done",
    );
    const present = verified ? await presentKeys(db, items) : await presentRows(db, items);
    const fontKeys = new Set((await deps.fonts.store.read(DYNAMIC_FONT_NAME)).map((record) => record.key));
    const missing = items.filter((item) =>
      item.kind === "fonts" ? !fontKeys.has(parseItemKey(item.key).id) : !present.has(item.key),
    );
    await markItems(
      db,
      id,
      missing.map((item) => ({ item, state: "waiting" as const, bytes: item.bytes })),
      deps.now(),
    );
    return missing.length;
  }

  const packDeps: PlanPackDeps = {
    db,
    fonts: deps.fonts.store,
    search: deps.search,
    origin: deps.origin,
    fetch: deps.fetch,
    now: deps.now,
  };

  async function execute(id: string, signal: AbortSignal): Promise<void> {
    for (let round = 0; round < 2; round++) {
      const download = await db.downloads.get(id);
      if (!download || (download.status !== "downloading" && download.status !== "verifying")) return;
      // An import from a file stopped with its page (no tab holds its lock): only the file goes on with it.
      if (download.pack?.url.startsWith("file:")) {
        await setStatus(db, id, "paused", deps.now());
        return;
      }
      if (!network.isOnline()) return;
      try {
        if (!(await advance(db, id, "downloading", deps.now()))) return;
        const onProgress = () => deps.onStored?.(id);
        // A pack brings the font subsets of its texts: the text scan for them is not needed then.
        const fromPack = download.pack
          ? await installPlanPack({ ...packDeps, onProgress }, download, signal)
          : false;
        await adoptStored(db, id, deps.now());
        await fetchWaiting(download, signal);
        if (!fromPack) await fetchFonts(download, signal);
        if (!(await advance(db, id, "verifying", deps.now()))) return;
        if ((await finalCheck(id, fromPack)) === 0) {
          await advance(db, id, "complete", deps.now());
          return;
        }
      } catch (error) {
        const failure = classify(error, signal, network);
        if (failure !== "stopped") await recordFailure(id, failure.code);
        return;
      }
    }
    await recordFailure(id, "MISSING_ITEMS");
  }

  function run(id: string): Promise<void> {
    const running = runs.get(id);
    if (running) return running.done;
    const controller = new AbortController();
    const done = lock(`canon-offline:${id}`, () => execute(id, controller.signal)).finally(() => {
      runs.delete(id);
    });
    runs.set(id, { controller, done });
    return done;
  }

  async function halt(id: string): Promise<void> {
    const running = runs.get(id);
    if (!running) return;
    running.controller.abort();
    await running.done.catch(() => undefined);
  }

  const removeFonts = async (keys: readonly string[]) => {
    for (const key of keys) await deps.fonts.store.remove(key).catch(() => undefined);
  };

  const manager: DownloadManager = {
    async start(plan) {
      await halt(downloadIdOf(plan.tripitaka_uid, plan.scope));
      const { download, releasedFonts } = await saveDownload(db, plan, deps.now());
      await removeFonts(releasedFonts);
      void run(download.id);
      return download;
    },
    async resume(downloadId) {
      setUnrecorded(downloadId, null);
      await setStatus(db, downloadId, "downloading", deps.now());
      void run(downloadId);
    },
    async pause(downloadId) {
      await setStatus(db, downloadId, "paused", deps.now());
      await halt(downloadId);
    },
    async remove(downloadId) {
      await halt(downloadId);
      setUnrecorded(downloadId, null);
      await removeFonts(await deleteDownload(db, downloadId));
    },
    async resumeAll() {
      const open = await db.downloads.where("status").anyOf(["downloading", "verifying"]).toArray();
      for (const download of open) await run(download.id);
    },
    settled: (downloadId) => runs.get(downloadId)?.done ?? Promise.resolve(),
    listen() {
      const stopState = network.subscribe(() => {
        if (network.isOnline()) void manager.resumeAll();
        else void manager.stop();
      });
      // A run stopped by a lost connection goes on once the server answers again.
      const stopSeen = network.onServerSeen(() => void manager.resumeAll());
      return () => {
        stopState();
        stopSeen();
      };
    },
    async stop() {
      await Promise.all([...runs.keys()].map((id) => halt(id)));
    },
    unrecorded: () => unrecorded,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return manager;
}
