/**
 * For the pack export tests: the real server over the starter canon (with the real fonts, so the
 * dynamic-font subsets a text needs are made), and an offline library in fake-indexeddb filled by
 * the real download manager from it; the search index of the exported reels is built by the same
 * function the search worker uses.
 */
import "fake-indexeddb/auto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { OfflinePlan, OfflinePlanRequest } from "../../contract/offline.ts";
import { type UnpackedReelText, unpackReelText } from "../../contract/offline-library.ts";
import type { SearchVariants } from "../../contract/search-variants.ts";
import { type App, buildApp } from "../../server/app.ts";
import { openDatabase } from "../../server/db/connect.ts";
import { localStorage } from "../../server/storage/local.ts";
import { type ApiClient, createApiClient } from "../../src/api/client.ts";
import { createEmitter } from "../../src/api/events.ts";
import { fetchDynamicFont } from "../../src/api/fonts.ts";
import { createFontStore, type FontStore } from "../../src/features/fonts/fontStore.ts";
import { type OfflineLibrary, openOfflineLibrary } from "../../src/offline/library/db.ts";
import { createDownloadManager } from "../../src/offline/library/downloadManager.ts";
import { buildPackIndex, type PackIndex } from "../../workers/search/pack-index.ts";
import { starterCanonIn } from "../support/starter-canon.ts";
import { testNetwork } from "./offline-reading-rows.ts";

const FONT_FILES = [
  "/usr/share/fonts/truetype/babelstone/BabelStoneHan.ttf",
  "/usr/share/fonts/truetype/hanazono/HanaMinA.ttf",
  "/usr/share/fonts/truetype/hanazono/HanaMinB.ttf",
];

export type ExportHarness = {
  app: App;
  api: ApiClient;
  fonts: FontStore;
  /** The plan the server makes for the request. */
  plan(tripitakaUid: string, body: OfflinePlanRequest): Promise<OfflinePlan>;
  /** Downloads the plan into `db` and waits until it is complete. */
  download(db: OfflineLibrary, plan: OfflinePlan): Promise<string>;
  /** The search worker's index of these reels, as `exportPackIndex` gives it. */
  indexOf(db: OfflineLibrary, reelUids: string[]): Promise<PackIndex>;
  close(): Promise<void>;
};

let libraries = 0;
/** A fresh, empty library (a database of its own in the shared fake IndexedDB). */
export const freshLibrary = (): OfflineLibrary => openOfflineLibrary({ name: `pack-export-${++libraries}` });

export async function startExportHarness(): Promise<ExportHarness> {
  const workDir = mkdtempSync(join(tmpdir(), "pack-export-"));
  const template = await starterCanonIn(workDir);
  const canon = openDatabase({ kind: "sqlite", file: template.sqliteFile });
  const app = await buildApp({
    canon,
    storage: Object.assign(localStorage(template.storageDir), { root: template.storageDir }),
    fontFiles: FONT_FILES,
    logLevel: "silent",
    auth: {
      jwtSecret: "pack-export-tests-secret-0123456789abcdef",
      now: () => Date.UTC(2026, 0, 1),
      random: () => 0,
      rateLimit: { max: 100_000, timeWindowMs: 60_000 },
    },
  });
  const origin = await app.listen({ port: 0, host: "127.0.0.1" });
  const api = createApiClient({
    prefixUrl: `${origin}/v1`,
    tokens: { get: () => null, set: () => undefined, clear: () => undefined },
    events: createEmitter(),
    timeZone: () => "UTC",
  });
  const fonts = createFontStore();
  const variants = await api.getResult<SearchVariants>(api.http.get("search/variants"));
  return {
    app,
    api,
    fonts,
    plan: (tripitakaUid, body) =>
      api.getResult<OfflinePlan>(api.http.post(`tripitaka/${tripitakaUid}/offline/plan`, { json: body })),
    async download(db, plan) {
      const manager = createDownloadManager({
        api,
        origin,
        now: () => Date.now(),
        db,
        network: testNetwork(true, origin),
        fonts: {
          store: fonts,
          fetchSubset: (uid, fontName, chars, signal) => fetchDynamicFont(api, uid, fontName, chars, signal),
          // Node draws no glyphs: only the private-use characters need the dynamic font here.
          installed: () => true,
        },
      });
      const started = await manager.start(plan);
      await manager.settled(started.id);
      const stored = await db.downloads.get(started.id);
      if (stored?.status !== "complete") throw new Error(`${started.id}: ${stored?.status} ${stored?.error}`);
      return started.id;
    },
    async indexOf(db, reelUids) {
      const reels: UnpackedReelText[][] = [];
      for (const uid of reelUids)
        reels.push(
          await Promise.all((await db.reelTexts.where("reel_uid").equals(uid).toArray()).map(unpackReelText)),
        );
      return buildPackIndex(reels, { hash: variants.hash, pairs: variants.pairs ?? [] });
    },
    async close() {
      await app.close();
      await canon.close();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}
