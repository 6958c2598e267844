/**
 * Set-up of the offline library tests: the real server (starter canon, real fonts) listening on a
 * local port, the web app's API client talking HTTP to it, and the library and font cache in
 * fake-indexeddb (an in-memory IndexedDB; the browser itself is covered by the e2e tests). The
 * server records the reels and pages each batch read asked for.
 */
import "fake-indexeddb/auto";
import type { AddressInfo } from "node:net";
import { HEALTH_PATH } from "../../contract/health.ts";
import type { OfflinePlanRequest } from "../../contract/offline.ts";
import { buildApp } from "../../server/app.ts";
import type { Dialect } from "../../server/db/connect.ts";
import { createApiClient, type TokenStore } from "../../src/api/client.ts";
import { createEmitter } from "../../src/api/events.ts";
import { fetchDynamicFont } from "../../src/api/fonts.ts";
import { fetchOfflinePlan } from "../../src/api/offline.ts";
import { createFontStore } from "../../src/features/fonts/fontStore.ts";
import { type OfflineLibrary, openOfflineLibrary } from "../../src/offline/library/db.ts";
import {
  createDownloadManager,
  type DownloadManagerDeps,
} from "../../src/offline/library/downloadManager.ts";
import { createNetworkState, probeServer } from "../../src/offline/network.ts";
import { canonDatabase } from "../support/databases.ts";
import { switchableWindow } from "../support/switchable-window.ts";
import type { AuthHarness } from "./auth-setup.ts";

export const FONT_FILES = [
  "/usr/share/fonts/truetype/babelstone/BabelStoneHan.ttf",
  "/usr/share/fonts/truetype/hanazono/HanaMinA.ttf",
  "/usr/share/fonts/truetype/hanazono/HanaMinB.ttf",
];

/** Also an `AuthHarness`, so the account helpers of auth-setup.ts sign readers in. */
export type LibraryHarness = AuthHarness & {
  origin: string;
  api: ReturnType<typeof createApiClient>;
  tokens: TokenStore & { value: string | null };
  /** Batch reads the server answered: `reels` holds `${reel_uid}:${txt_type}`, `pages` page uids. */
  asked: { reels: string[]; pages: string[]; files: string[] };
  /** A real window-like event target whose `online` and `offline` events drive the network state. */
  win: EventTarget & { navigator: { onLine: boolean } };
  network: ReturnType<typeof createNetworkState>;
  plan(tripitakaUid: string, body: OfflinePlanRequest): ReturnType<typeof fetchOfflinePlan>;
  /** A fresh library (a database of its own) and a manager over it. */
  library(name: string): OfflineLibrary;
  manager(db: OfflineLibrary, extra?: Partial<DownloadManagerDeps>): ReturnType<typeof createDownloadManager>;
  goOffline(): void;
  goOnline(): void;
  close(): Promise<void>;
};

export async function startLibraryHarness(dialect: Dialect): Promise<LibraryHarness> {
  const database = await canonDatabase(dialect);
  const clock = { now: Date.UTC(2026, 0, 1) };
  const app = await buildApp({
    canon: database.canon,
    storage: database.storage,
    fontFiles: FONT_FILES,
    logLevel: "silent",
    auth: {
      jwtSecret: "offline-library-tests-secret-0123456789",
      now: () => clock.now,
      random: () => 0,
      rateLimit: { max: 100_000, timeWindowMs: 60_000 },
    },
  });
  const asked = { reels: [] as string[], pages: [] as string[], files: [] as string[] };
  app.addHook("preHandler", async (request) => {
    const body = request.body as
      | { reel_uids?: string[]; txt_types?: string[]; page_uids?: string[] }
      | undefined;
    if (request.url === "/v1/offline/reels") {
      for (const uid of body?.reel_uids ?? [])
        for (const t of body?.txt_types ?? []) asked.reels.push(`${uid}:${t}`);
    }
    if (request.url === "/v1/offline/pages") asked.pages.push(...(body?.page_uids ?? []));
  });
  app.addHook("onRequest", async (request) => {
    if (request.url.startsWith("/storage/")) asked.files.push(request.url);
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const tokens = {
    value: null as string | null,
    get: () => tokens.value,
    set: (token: string) => {
      tokens.value = token;
    },
    clear: () => {
      tokens.value = null;
    },
  };
  const api = createApiClient({
    prefixUrl: `${origin}/v1`,
    tokens,
    events: createEmitter(),
    timeZone: () => "UTC",
  });
  const { win, goOffline, goOnline } = switchableWindow();
  const network = createNetworkState(win, { probe: () => probeServer(`${origin}${HEALTH_PATH}`) });
  const fontStore = createFontStore();

  return {
    app,
    clock,
    origin,
    api,
    tokens,
    database,
    asked,
    win,
    network,
    plan: (tripitakaUid, body) => fetchOfflinePlan(api, tripitakaUid, body),
    library: (name) => openOfflineLibrary({ name }),
    manager: (db, extra = {}) =>
      createDownloadManager({
        api,
        origin,
        now: () => Date.now(),
        db,
        network,
        fonts: {
          store: fontStore,
          fetchSubset: (tripitakaUid, fontName, chars, signal) =>
            fetchDynamicFont(api, tripitakaUid, fontName, chars, signal),
          // Node draws no glyphs: only the private-use characters need the dynamic font here.
          installed: () => true,
        },
        ...extra,
      }),
    goOffline,
    goOnline,
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}
