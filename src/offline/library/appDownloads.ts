/**
 * The app's one download manager per API client, wired to the browser: the library database, the
 * font cache and glyph probe the readers use, the shared network state, and a Web Lock per download
 * so that two tabs never run the same download.
 */
import type { ApiClient } from "../../api/client.ts";
import { fetchDynamicFont } from "../../api/fonts.ts";
import { createFontStore } from "../../features/fonts/fontStore.ts";
import { createGlyphProbe, type GlyphProbe } from "../../features/fonts/glyphProbe.ts";
import { networkState } from "../network.ts";
import { cacheOfflineParts } from "../pwa/offlineParts.ts";
import { offlineLibrary } from "./db.ts";
import { createDownloadManager, type DownloadManager } from "./downloadManager.ts";
import { markLibraryCreated } from "./presence.ts";
import { listDownloads } from "./queries.ts";

const managers = new WeakMap<ApiClient, DownloadManager>();

/** Holds the lock while `work` runs; skips `work` when another tab holds it. */
function webLock(name: string, work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  if (!locks) return work();
  const held = locks.request(name, { ifAvailable: true }, async (lock): Promise<void> => {
    if (lock) await work();
  });
  return held.then(() => undefined);
}

export function appDownloadManager(api: ApiClient): DownloadManager {
  let manager = managers.get(api);
  if (!manager) {
    let probe: GlyphProbe | undefined;
    manager = createDownloadManager({
      api,
      origin: "",
      now: () => Date.now(),
      db: offlineLibrary(),
      network: networkState(),
      lock: webLock,
      // A pack's index is merged by the search worker, loaded only when a pack is installed.
      search: {
        adoptPackIndex: async (index) => (await import("../search/client.ts")).adoptPackIndex(index),
      },
      fonts: {
        store: createFontStore(),
        fetchSubset: (tripitakaUid, fontName, chars, signal) =>
          fetchDynamicFont(api, tripitakaUid, fontName, chars, signal),
        installed: (char) => {
          probe ??= createGlyphProbe(document) ?? (() => true);
          return probe(char);
        },
      },
    });
    const startDownload = manager.start;
    const removeDownload = manager.remove;
    // A reader who downloads means to read offline: every part of the app is cached for it then,
    // and the tripitaka's introduction, staff and donors pages are kept with it.
    manager = {
      ...manager,
      start: async (plan) => {
        void cacheOfflineParts();
        try {
          return await startDownload(plan);
        } finally {
          markLibraryCreated();
          void keepArticlesOfDownloads(api);
        }
      },
      remove: async (downloadId) => {
        await removeDownload(downloadId);
        void keepArticlesOfDownloads(api);
      },
    };
    managers.set(api, manager);
  }
  return manager;
}

/** The articles of the tripitakas with a download follow the downloads (src/offline/articles). */
async function keepArticlesOfDownloads(api: ApiClient): Promise<void> {
  try {
    const downloads = await listDownloads(offlineLibrary());
    const { followDownloadedTripitakas } = await import("../articles/articles.ts");
    await followDownloadedTripitakas(api, [...new Set(downloads.map((download) => download.tripitaka_uid))]);
  } catch (error) {
    console.warn("the articles of the downloads were not kept", error);
  }
}

/** What the offline search index must cover: the complete downloads, each as last written. */
async function completeDownloads(): Promise<string> {
  const downloads = await listDownloads(offlineLibrary());
  return downloads
    .filter((download) => download.status === "complete")
    .map((download) => `${download.id}@${download.updated_at}`)
    .sort()
    .join("|");
}

/**
 * Brings the offline search index in step whenever a download completes or is deleted. The
 * search client (and its worker) load only then, not with the shell.
 */
function followCompleteDownloads(api: ApiClient, manager: DownloadManager): () => void {
  let indexed: string | null = null;
  let checking = false;
  let again = false;
  const check = async () => {
    if (checking) {
      again = true;
      return;
    }
    checking = true;
    try {
      do {
        again = false;
        const complete = await completeDownloads();
        if (indexed !== null && complete !== indexed) {
          const { syncIndex } = await import("../search/client.ts");
          await syncIndex(api);
        }
        indexed = complete;
      } while (again);
    } catch (error) {
      console.warn("offline search index not brought in step", error);
    } finally {
      checking = false;
    }
  };
  void check();
  return manager.subscribe(() => void check());
}

const started = new WeakSet<ApiClient>();

/**
 * Once per page: resumes the downloads a closed page left running, follows the network from now
 * on, keeps the offline search index in step with the complete downloads and keeps the articles
 * of the downloaded tripitakas. The shell calls it when this browser holds a download, and the
 * download dialog before the first one starts.
 */
export function startAppDownloads(api: ApiClient): void {
  if (started.has(api)) return;
  started.add(api);
  const manager = appDownloadManager(api);
  manager.listen();
  followCompleteDownloads(api, manager);
  void manager.resumeAll();
  void keepArticlesOfDownloads(api);
}
