/**
 * The service worker precaches the app shell only; the rest of the app (readers, search, drawers,
 * the search worker) is cached as it is first used. A reader who downloads scriptures means to
 * read them offline, so then every part of the app is cached at once: the build lists its scripts
 * and styles in offline-parts.json, and the worker's runtime cache takes them (Workbox's
 * CACHE_URLS message), so no screen is missing its code offline.
 */
import { OFFLINE_LIBRARY_DB } from "../../../contract/offline-library-db.ts";

export const OFFLINE_PARTS_FILE = "offline-parts.json";

export type OfflinePartsDeps = {
  controller: () => Pick<ServiceWorker, "postMessage"> | null;
  fetchList: (url: string) => Promise<unknown>;
};

const browserDeps = (): OfflinePartsDeps => ({
  controller: () => (typeof navigator !== "undefined" ? (navigator.serviceWorker?.controller ?? null) : null),
  fetchList: async (url) => {
    const response = await fetch(url, { cache: "no-cache" });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.json();
  },
});

const isPartList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === "string" && item.startsWith("/assets/"));

/** Asks the service worker to cache every part of the app; false when there is no worker or list. */
export async function cacheOfflineParts(deps: OfflinePartsDeps = browserDeps()): Promise<boolean> {
  const controller = deps.controller();
  if (!controller) return false;
  try {
    const parts = await deps.fetchList(`/${OFFLINE_PARTS_FILE}`);
    if (!isPartList(parts) || parts.length === 0) return false;
    controller.postMessage({ type: "CACHE_URLS", payload: { urlsToCache: parts } });
    return true;
  } catch {
    // Offline or an old build without the list: the parts already used stay cached.
    return false;
  }
}

/**
 * True when this browser holds a download (the offline library can exist without one: readers
 * open it to look for downloaded texts). Raw IndexedDB, so this costs no Dexie on start.
 */
export async function hasDownloads(): Promise<boolean> {
  if (typeof indexedDB === "undefined" || typeof indexedDB.databases !== "function") return false;
  const databases = await indexedDB.databases();
  if (!databases.some((database) => database.name === OFFLINE_LIBRARY_DB)) return false;
  return new Promise((resolve) => {
    const request = indexedDB.open(OFFLINE_LIBRARY_DB);
    request.onerror = () => resolve(false);
    request.onsuccess = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains("downloads")) {
        db.close();
        resolve(false);
        return;
      }
      const count = db.transaction("downloads", "readonly").objectStore("downloads").count();
      count.onsuccess = () => resolve(count.result > 0);
      count.onerror = () => resolve(false);
      db.close();
    };
  });
}
