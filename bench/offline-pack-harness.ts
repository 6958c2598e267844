/**
 * The offline bench's pack figures, page side: a group of sutras downloaded item by item and
 * through the server's pack (the app's download manager either way), a pack file installed from
 * disk (the storage panel's path), and the first offline search after it (the app's worker).
 */
import type { ApiClient } from "../src/api/client.ts";
import { addSutrasToGroup, createGroup } from "../src/api/groups.ts";
import { fetchOfflinePlan } from "../src/api/offline.ts";
import { appDownloadManager } from "../src/offline/library/appDownloads.ts";
import { offlineLibrary } from "../src/offline/library/db.ts";
import { installPackFile } from "../src/offline/packs/appPacks.ts";
import { fileSource } from "../src/offline/packs/source.ts";
import { indexStatus, searchLocal, syncIndex } from "../src/offline/search/client.ts";
import { storedTables } from "./stored-tables.ts";

async function indexedDbUsage(): Promise<number> {
  const estimate = (await navigator.storage.estimate()) as StorageEstimate & {
    usageDetails?: { indexedDB?: number };
  };
  return estimate.usageDetails?.indexedDB ?? estimate.usage ?? 0;
}

export function packBench(api: ApiClient) {
  return {
    async prepareGroup(tripitakaUid: string, name: string, sutraUids: string[]): Promise<void> {
      await createGroup(api, tripitakaUid, name);
      for (let i = 0; i < sutraUids.length; i += 1000)
        await addSutrasToGroup(api, tripitakaUid, name, sutraUids.slice(i, i + 1000));
    },

    /** The group's download (std_txt, no pages), by pack when the server has one that covers it. */
    async downloadGroup(tripitakaUid: string, groupName: string) {
      const before = await indexedDbUsage();
      const started = performance.now();
      const plan = await fetchOfflinePlan(api, tripitakaUid, {
        scope: { kind: "group", group_name: groupName },
        txt_types: ["std_txt"],
        with_pages: false,
        with_images: false,
      });
      const manager = appDownloadManager(api);
      const download = await manager.start(plan);
      await manager.settled(download.id);
      const ms = performance.now() - started;
      // Searchable once the index has the texts: built on the device, or merged from the pack.
      const synced = await syncIndex();
      const searchableMs = performance.now() - started;
      const stored = await offlineLibrary().downloads.get(download.id);
      return {
        ms,
        searchableMs,
        indexed: synced.work.indexed,
        byPack: plan.pack !== null,
        packBytes: plan.pack?.bytes ?? 0,
        chars: plan.totals.chars,
        textBytes: plan.totals.text_bytes,
        status: `${stored?.status}${stored?.error ? ` (${stored.error})` : ""}`,
        bytesStored: stored?.bytes_stored ?? 0,
        usage: (await indexedDbUsage()) - before,
      };
    },

    storedTables,

    /** Brings the app's search index in step with the library, timed. */
    async syncTimed() {
      const started = performance.now();
      const status = await syncIndex();
      return { ms: performance.now() - started, indexed: status.work.indexed };
    },

    /** Installs the file chosen in the page's file input, as the storage panel does. */
    async importChosenFile() {
      const input = document.querySelector<HTMLInputElement>("input[data-pack-file]");
      const file = input?.files?.[0];
      if (!file) throw new Error("no pack file chosen");
      const started = performance.now();
      const phases: [string, number][] = [];
      const { downloads } = await installPackFile(fileSource(file), {
        onProgress: ({ phase }) => {
          if (phases.at(-1)?.[0] !== phase) phases.push([phase, performance.now() - started]);
        },
      });
      const ms = performance.now() - started;
      return {
        ms,
        // How long each phase took, in order.
        phases: phases.map(([phase, at], i): [string, number] => [phase, (phases[i + 1]?.[1] ?? ms) - at]),
        bytes: file.size,
        statuses: downloads.map((d) => d.status),
      };
    },

    /** Time until the first offline search answers, and what the index did to get there. */
    async firstSearch(tripitakaUid: string, keyword: string) {
      const started = performance.now();
      const result = await searchLocal(
        { tripitakaUid, groups: [] },
        { keyword, search_mode: "exact", txt_type: "std_txt", trans_mode: "none" },
      );
      const ms = performance.now() - started;
      const status = await indexStatus();
      return { ms, reels: result.stats.reels_count, work: status.work, indexedReels: status.reels };
    },
  };
}
