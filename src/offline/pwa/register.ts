/**
 * Registers the service worker (production builds only, once the first screen is up) and feeds
 * the update prompt. On the very first install the worker was not there while the first screen
 * loaded its chunks and catalogue, so the page hands it their addresses to cache.
 */
import { Workbox } from "workbox-window";
import { type AppUpdate, appUpdate } from "./appUpdate.ts";
import { cacheOfflineParts, hasDownloads } from "./offlineParts.ts";

const SW_URL = "/sw.js";
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** The build's own files this page has loaded so far (what the worker caches at run time). */
function loadedAssets(win: Window): string[] {
  const origin = win.location.origin;
  return win.performance
    .getEntriesByType("resource")
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(`${origin}/assets/`) && !name.endsWith(".map"));
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
  const cacheLoadedAssets = () => {
    const urlsToCache = loadedAssets(win);
    if (urlsToCache.length === 0) return;
    wb.messageSW({ type: "CACHE_URLS", payload: { urlsToCache } }).catch(() => undefined);
  };
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
  // A reader with downloads reads offline: have every part of this version cached for it.
  if (win.navigator.serviceWorker.controller && (await hasDownloads())) await cacheOfflineParts();
}
