/**
 * The offline bench's page (built with the web app, served by the real server): downloads through
 * the app's download manager (src/offline/library) and runs the search engine in a worker
 * (offline-bench.worker.ts), for bench/offline.bench.ts to drive with page.evaluate.
 */
import { type Remote, wrap } from "comlink";
import type { Sutra } from "../contract/canon.ts";
import type { StoredDownload } from "../contract/offline-library.ts";
import { createApiClient } from "../src/api/client.ts";
import { createEmitter } from "../src/api/events.ts";
import { fetchOfflinePlan } from "../src/api/offline.ts";
import { fetchSearchVariants } from "../src/api/searchVariants.ts";
import { appDownloadManager } from "../src/offline/library/appDownloads.ts";
import { offlineLibrary } from "../src/offline/library/db.ts";
import type { OfflineBenchWorker } from "./offline-bench.worker.ts";
import { packBench } from "./offline-pack-harness.ts";
import type { BenchQuery } from "./search-queries.ts";

/** Downloads need no sign-in; the pack figures sign in (a group is a reader's) with this token. */
const BENCH_TOKEN = "offline-bench-token";
const api = createApiClient({
  prefixUrl: "/v1",
  tokens: {
    get: () => sessionStorage.getItem(BENCH_TOKEN),
    set: () => undefined,
    clear: () => undefined,
  },
  events: createEmitter(),
  timeZone: () => "Asia/Shanghai",
});

let worker: Remote<OfflineBenchWorker> | null = null;
const engine = (): Remote<OfflineBenchWorker> => {
  worker ??= wrap<OfflineBenchWorker>(
    new Worker(new URL("./offline-bench.worker.ts", import.meta.url), { type: "module" }),
  );
  return worker;
};

async function usage(): Promise<number> {
  const estimate = (await navigator.storage.estimate()) as StorageEstimate & {
    usageDetails?: { indexedDB?: number };
  };
  return estimate.usageDetails?.indexedDB ?? estimate.usage ?? 0;
}

/** Sutras in catalogue order until they hold `minChars`. */
async function chooseSutras(tripitakaUid: string, minChars: number): Promise<Sutra[]> {
  const path = `tripitaka/${tripitakaUid}/sutra/all`;
  const { sutras } = await api.getResult<{ sutras: Sutra[] }>(api.http.get(path));
  const chosen: Sutra[] = [];
  let chars = 0;
  for (const sutra of sutras) {
    if (chars >= minChars) break;
    chosen.push(sutra);
    chars += sutra.char_cnt;
  }
  return chosen;
}

const page = {
  /** Downloads sutras one by one, text only (std_txt, no pages or images), through the app's download manager. */
  async download(tripitakaUid: string, minChars: number) {
    const sutras = await chooseSutras(tripitakaUid, minChars);
    const manager = appDownloadManager(api);
    const before = await usage();
    const started = performance.now();
    let chars = 0;
    let textBytes = 0;
    const downloads: StoredDownload[] = [];
    for (const sutra of sutras) {
      const plan = await fetchOfflinePlan(api, tripitakaUid, {
        scope: { kind: "sutra", sutra_uid: sutra.uid },
        txt_types: ["std_txt"],
        with_images: false,
        with_pages: false,
      });
      chars += plan.totals.chars;
      textBytes += plan.totals.text_bytes;
      const download = await manager.start(plan);
      await manager.settled(download.id);
      const stored = await offlineLibrary().downloads.get(download.id);
      if (stored) downloads.push(stored);
    }
    const ms = performance.now() - started;
    const statuses = new Map<string, number>();
    for (const d of downloads) {
      const key = `${d.status}${d.error ? ` (${d.error})` : ""}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }
    return {
      ms,
      sutras: downloads.length,
      chars,
      textBytes,
      bytesStored: downloads.reduce((n, d) => n + d.bytes_stored, 0),
      statuses: [...statuses].map(([status, n]) => `${n} ${status}`),
      usage: (await usage()) - before,
    };
  },

  async index() {
    const variants = await fetchSearchVariants(api, "");
    const before = await usage();
    const built = await engine().sync(variants.pairs ? { hash: variants.hash, pairs: variants.pairs } : null);
    return { ...built, usage: (await usage()) - before, saved: await engine().savedSize() };
  },

  load: () => engine().load(),
  resync: () => engine().sync(null),
  first: (tripitakaUid: string, keyword: string) => engine().first(tripitakaUid, keyword),
  queries: (options: { seed: number; perClass: number; reps: number; tripitakaUid: string }) =>
    engine().queries(options),
  pick: (options: { seed: number; perClass: number; tripitakaUid?: string }) => engine().pick(options),
  time: (picked: BenchQuery[], options: { reps: number; tripitakaUid: string }) =>
    engine().time(picked, options),
  stages: (picked: BenchQuery[], options: { reps: number; tripitakaUid: string }) =>
    engine().stages(picked, options),
  flexsearch: (picked: BenchQuery[], options: { reps: number; tripitakaUid: string }) =>
    engine().flexsearch(picked, options),
  ...packBench(api),
};

export type OfflineBenchPage = typeof page;

(window as Window & { offlineBench?: OfflineBenchPage }).offlineBench = page;
