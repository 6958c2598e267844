/**
 * For the offline reading tests: the real server over the starter canon (imported into a
 * temporary directory), its answers, and the offline library rows a download stores from those
 * answers (contract/offline-library.ts), in an in-memory IndexedDB.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { expect } from "vitest";
import type { Book, Page, Reel, Sutra, SutraCatalog, Tripitaka } from "../../contract/canon.ts";
import { HEALTH_PATH } from "../../contract/health.ts";
import {
  type StoredBooks,
  type StoredCatalog,
  type StoredPage,
  type StoredSutra,
  type StoredTripitaka,
  storedReel,
  storedReelText,
  type UnpackedReelText,
} from "../../contract/offline-library.ts";
import { type App, buildApp } from "../../server/app.ts";
import { openDatabase } from "../../server/db/connect.ts";
import { localStorage } from "../../server/storage/local.ts";
import { type OfflineLibrary, openOfflineLibrary } from "../../src/offline/library/db.ts";
import { createNetworkState, type NetworkState, probeServer } from "../../src/offline/network.ts";
import type { AuthHarness } from "../server/auth-setup.ts";
import { starterCanonIn } from "../support/starter-canon.ts";

export type CanonServer = AuthHarness & {
  /** The `result` of a successful answer; fails the test on any other. */
  result<T>(method: "GET" | "POST", url: string, options?: { body?: unknown; token?: string }): Promise<T>;
  /** The HTTP status and body code of an answer. */
  status(url: string): Promise<{ statusCode: number; code: number }>;
};

export async function startCanonServer(): Promise<CanonServer> {
  const workDir = mkdtempSync(join(tmpdir(), "offline-reading-"));
  const template = await starterCanonIn(workDir);
  const canon = openDatabase({ kind: "sqlite", file: template.sqliteFile });
  const storage = Object.assign(localStorage(template.storageDir), { root: template.storageDir });
  const clock = { now: Date.UTC(2026, 0, 1) };
  const app: App = await buildApp({
    canon,
    storage,
    fontFiles: [],
    logLevel: "silent",
    auth: {
      jwtSecret: "test-secret-of-the-offline-reading-tests-0123",
      now: () => clock.now,
      random: () => 0,
      rateLimit: { max: 10_000, timeWindowMs: 60_000 },
    },
  });
  const dispose = async () => {
    await canon.close();
    rmSync(workDir, { recursive: true, force: true });
  };
  return {
    app,
    clock,
    database: { canon, storage, dispose },
    async close() {
      await app.close();
      await dispose();
    },
    async result<T>(method: "GET" | "POST", url: string, options: { body?: unknown; token?: string } = {}) {
      const response = await app.inject({
        method,
        url,
        ...(options.body === undefined ? {} : { payload: options.body as object }),
        ...(options.token ? { headers: { authorization: `Bearer ${options.token}` } } : {}),
      });
      const body = response.json() as { code: number; result: T };
      expect({ url, status: response.statusCode, code: body.code }).toEqual({ url, status: 200, code: 0 });
      return body.result;
    },
    async status(url: string) {
      const response = await app.inject({ method: "GET", url });
      return { statusCode: response.statusCode, code: (response.json() as { code: number }).code };
    },
  };
}

/** A fresh, empty library in its own in-memory IndexedDB. */
export function emptyLibrary(): OfflineLibrary {
  return openOfflineLibrary({ indexedDB: new IDBFactory(), IDBKeyRange });
}

/**
 * A network state over a stand-in window whose `online`/`offline` events the test sends; its probe
 * asks `origin`'s health route (by default an address nothing listens on, so probes fail).
 */
export function testNetwork(
  onLine: boolean,
  origin = "http://127.0.0.1:9",
): NetworkState & { go(onLine: boolean): void } {
  const target = new EventTarget();
  const navigator = { onLine };
  const state = createNetworkState(Object.assign(target, { navigator }), {
    probe: () => probeServer(`${origin}${HEALTH_PATH}`),
  });
  return {
    ...state,
    go(next: boolean) {
      navigator.onLine = next;
      target.dispatchEvent(new Event(next ? "online" : "offline"));
    },
  };
}

const STORED_AT = Date.UTC(2026, 0, 2);
/** A reel text row with its reel unpacked, as versions before packed rows stored it. */
export function reelTextRow(reel: Reel, tripitakaUid: string): UnpackedReelText {
  return { ...storedReelText(storedReel(reel), tripitakaUid), stored_at: STORED_AT };
}

export const tripitakaRow = (tripitaka: Tripitaka): StoredTripitaka => ({
  uid: tripitaka.uid,
  tripitaka,
  stored_at: STORED_AT,
});
export const sutraRow = (sutra: Sutra, tripitakaUid: string): StoredSutra => ({
  uid: sutra.uid,
  tripitaka_uid: tripitakaUid,
  sutra,
  stored_at: STORED_AT,
});
export const catalogRow = (catalog: SutraCatalog): StoredCatalog => ({
  sutra_uid: catalog.sutra_uid,
  catalog,
  stored_at: STORED_AT,
});
export const pageRow = (page: Page, tripitakaUid: string): StoredPage => ({
  uid: page.uid,
  tripitaka_uid: tripitakaUid,
  book_uid: page.book_uid,
  page,
  stored_at: STORED_AT,
});
export const booksRow = (tripitakaUid: string, books: Book[]): StoredBooks => ({
  tripitaka_uid: tripitakaUid,
  books,
  stored_at: STORED_AT,
});
