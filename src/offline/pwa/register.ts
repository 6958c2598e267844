/**
 * Registers the service worker (production builds only, once the first screen is up) and feeds
 * the update prompt. The browser reads the build's chunks from the caches without the worker
 * (workers/sw.ts), and a chunk in none comes from the network, past the worker: so the page hands
 * the worker the addresses of the chunks it loaded, at start and as it loads more, to cache.
 */
import { Workbox } from "workbox-window";
import { type AppUpdate, appUpdate } from "./appUpdate.ts";
import { cacheOfflineParts, hasDownloads } from "./offlineParts.ts";

const SW_URL = "/sw.js";
const UPDATE_CHECK_MS = 60 * 60 * 1000;
/** Chunks loaded together (a screen, a drawer) are handed to the worker in one message. */
const LATER_ASSETS_WAIT_MS = 1_000;

const isBuildAsset = (win: Window, name: string): boolean =>
  name.startsWith(`${win.location.origin}/assets/`) && !name.endsWith(".map");

/** The build's own files this page has loaded so far (what the worker caches at run time). */
function loadedAssets(win: Window): string[] {
  return win.performance
    .getEntriesByType("resource")
    .map((entry) => entry.name)
    .filter((name) => isBuildAsset(win, name));
}

/**
 * The build's files among `entries` that the browser fetched from the network past the worker
 * (its static route found them in no cache); those it read from a cache, or that the worker
 * answered, are cached already.
 */
function fetchedPastWorker(win: Window, entries: PerformanceEntryList): string[] {
  return entries
    .filter((entry) => (entry as RoutedTiming).workerFinalSourceType === "network")
    .map((entry) => entry.name)
    .filter((name) => isBuildAsset(win, name));
}

/** Resource timing with the static routing API's field (TypeScript's library lacks it yet). */
type RoutedTiming = PerformanceEntry & { workerFinalSourceType?: string };

/**
 * Calls `handOver` with the build's files the page fetches past the worker from now on, a batch
 * at a time.
 */
function watchLaterAssets(win: Window, handOver: (urls: string[]) => void): void {
  if (typeof PerformanceObserver !== "function") return;
  const batch = new Set<string>();
  let timer: number | null = null;
  new PerformanceObserver((list) => {
    for (const name of fetchedPastWorker(win, list.getEntries())) batch.add(name);
    if (batch.size === 0 || timer !== null) return;
    timer = win.setTimeout(() => {
      timer = null;
      handOver([...batch]);
      batch.clear();
    }, LATER_ASSETS_WAIT_MS);
  }).observe({ type: "resource" });
}

export async function startServiceWorker(
  update: AppUpdate = appUpdate(),
  win: Window = window,
): Promise<void> {
  if (!("serviceWorker" in win.navigator)) return;
  if (win.document.readyState !== "complete") {
    await new Promise((resolve) => win.addEventListener("load", resolve, { once: true }));
  }
  const wb = new Workbox(SW_URL, { scope: "/" });
  wb.addEventListener("waiting", () => update.waiting(() => wb.messageSkipWaiting()));
  const cacheAssets = (urlsToCache: string[]) => {
    if (urlsToCache.length === 0) return;
    wb.messageSW({ type: "CACHE_URLS", payload: { urlsToCache } }).catch(() => undefined);
  };
  const cacheLoadedAssets = () => cacheAssets(loadedAssets(win));
  // Once more when the worker takes the page: chunks loaded between its activation and then
  // went past it to the network.
  wb.addEventListener("controlling", (event) => {
    update.controlling();
    if (!event.isUpdate) cacheLoadedAssets();
  });
  wb.addEventListener("activated", (event) => {
    if (!event.isUpdate) cacheLoadedAssets();
  });
  try {
    await wb.register();
  } catch (error) {
    // No worker (private mode, a blocked context): the app works online as before.
    console.warn("service worker not registered", error);
    return;
  }
  win.setInterval(() => void wb.update().catch(() => undefined), UPDATE_CHECK_MS);
  cacheAssets(fetchedPastWorker(win, win.performance.getEntriesByType("resource")));
  watchLaterAssets(win, cacheAssets);
  // A reader with downloads reads offline: have every part of this version cached for it.
  if (win.navigator.serviceWorker.controller && (await hasDownloads())) await cacheOfflineParts();
}
