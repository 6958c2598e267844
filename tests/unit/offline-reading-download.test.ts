/**
 * The two halves together: the download manager fills the offline library (fake-indexeddb) from the
 * real server over HTTP — TS0262 in all four text forms, and the whole of JX with its scans — and
 * the readers then read it back with no network exactly as the server answers online.
 */
import "fake-indexeddb/auto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Apparatus } from "../../contract/apparatus.ts";
import type { Book, ImgNames, Page, PageImage, Reel, SutraCatalog } from "../../contract/canon.ts";
import type { OfflinePlan, OfflinePlanRequest } from "../../contract/offline.ts";
import { txtTypes } from "../../contract/tripitaka.ts";
import { type ApiClient, createApiClient } from "../../src/api/client.ts";
import { type ApiEvents, createEmitter } from "../../src/api/events.ts";
import { createFontStore } from "../../src/features/fonts/fontStore.ts";
import type { OfflineLibrary } from "../../src/offline/library/db.ts";
import { createDownloadManager } from "../../src/offline/library/downloadManager.ts";
import { readApparatus } from "../../src/offline/reading/apparatus.ts";
import { createOfflineReading } from "../../src/offline/reading/localFirst.ts";
import { NotAvailableOffline } from "../../src/offline/reading/notAvailable.ts";
import { freePort } from "../e2e/support/server.ts";
import { type CanonServer, emptyLibrary, startCanonServer, testNetwork } from "./offline-reading-rows.ts";

const client = (prefixUrl: string): ApiClient =>
  createApiClient({
    prefixUrl,
    tokens: { get: () => null, set: () => undefined, clear: () => undefined },
    events: createEmitter<ApiEvents>(),
    timeZone: () => "Asia/Shanghai",
  });

let server: CanonServer;
let origin: string;
let db: OfflineLibrary;
let nowhere: ApiClient;

async function download(tripitakaUid: string, body: OfflinePlanRequest): Promise<void> {
  const plan = await server.result<OfflinePlan>("POST", `/v1/tripitaka/${tripitakaUid}/offline/plan`, {
    body,
  });
  const manager = createDownloadManager({
    api: client(`${origin}/v1`),
    origin,
    now: () => Date.now(),
    db,
    network: testNetwork(true),
    fonts: {
      store: createFontStore(),
      // Every char counts as drawn by an installed font: no subset is asked for.
      installed: () => true,
      fetchSubset: () => Promise.reject(new Error("no font subset expected")),
    },
  });
  const started = await manager.start(plan);
  await manager.settled(started.id);
  expect(await db.downloads.get(started.id)).toMatchObject({ status: "complete", error: null });
}

beforeAll(async () => {
  server = await startCanonServer();
  origin = await server.app.listen({ port: 0, host: "127.0.0.1" });
  nowhere = client(`http://127.0.0.1:${await freePort()}/v1`);
  db = emptyLibrary();
  await download("TS", { scope: { kind: "sutra", sutra_uid: "TS0262" }, txt_types: [...txtTypes] });
  await download("JX", { scope: { kind: "tripitaka" }, txt_types: ["std_txt"], with_images: true });
}, 180_000);

afterAll(async () => {
  await server?.close();
});

const offline = () =>
  createOfflineReading({ library: async () => db, network: testNetwork(false), storage: null });

describe("a download read back offline", () => {
  it("gives every reel of TS0262 in every text form as the server does", async () => {
    const reading = offline();
    const catalog = await server.result<SutraCatalog>("GET", "/v1/sutra/TS0262/catalog");
    expect(await reading.fetchSutraCatalog(nowhere, "TS0262")).toStrictEqual(catalog);
    expect(catalog.reels).toHaveLength(7);
    for (const { uid } of catalog.reels) {
      for (const txtType of txtTypes) {
        const expected = await server.result<Reel>("GET", `/v1/reel/${uid}?txt_type=${txtType}`);
        expect(await reading.fetchReel(nowhere, uid, txtType)).toStrictEqual(expected);
      }
    }
    const listed = await server.result<{ list: unknown[] }>("POST", "/v1/tripitaka/TS/sutra/list", {
      body: { sutra_uids: ["TS0262"] },
    });
    expect(await reading.fetchSutra(nowhere, "TS", "TS0262")).toStrictEqual(listed.list[0]);
    const pages = await db.pages.where("tripitaka_uid").equals("TS").primaryKeys();
    expect(pages.length).toBeGreaterThan(100);
    for (const uid of pages) {
      const expected = await server.result<Page>("GET", `/v1/page/${uid}`);
      expect(await reading.fetchPage(nowhere, uid, "Asia/Shanghai")).toStrictEqual(expected);
    }
  });

  it("keeps each reel text's collation apparatus beside it and gives it as the server does", async () => {
    const deps = { library: async () => db, network: testNetwork(false) };
    const catalog = await server.result<SutraCatalog>("GET", "/v1/sutra/TS0262/catalog");
    let withEntries = 0;
    for (const { uid } of catalog.reels) {
      for (const txtType of txtTypes) {
        const expected = await server.result<Apparatus>(
          "GET",
          `/v1/reel/${uid}/apparatus?txt_type=${txtType}`,
        );
        const stored = await readApparatus(deps, nowhere, uid, txtType);
        if (expected.entries.length === 0) expect(stored, `${uid} ${txtType}`).toBeNull();
        else expect(stored, `${uid} ${txtType}`).toStrictEqual(expected);
        if (expected.entries.length > 0) withEntries += 1;
      }
    }
    expect(withEntries).toBeGreaterThan(0);
  });

  it("gives the JX books, scanned page names, pages and images, and stores the scans", async () => {
    const reading = offline();
    const books = await server.result<Book[]>("GET", "/v1/tripitaka/JX/catalog");
    expect(await reading.fetchBooks(nowhere, "JX")).toStrictEqual(books);
    const bookUids = books.map((b) => b.uid);
    const names = await server.result<ImgNames>("GET", `/v1/get_img_names?uids=${bookUids.join(",")}`);
    expect(await reading.fetchImageNames(nowhere, bookUids)).toStrictEqual(names);
    const scanned = Object.values(names).flat();
    expect(scanned).toHaveLength(10);
    for (const uid of scanned) {
      const page = await server.result<Page>("GET", `/v1/page/${uid}`);
      expect(await reading.fetchPage(nowhere, uid, "Asia/Shanghai")).toStrictEqual(page);
      const image = await server.result<PageImage>("GET", `/v1/img/${uid}`);
      expect(await reading.fetchPageImage(nowhere, uid)).toStrictEqual(image);
      const scan = await db.blobs.get(image.url);
      const served = await fetch(`${origin}${image.url}`);
      expect(scan?.blob.size).toBe((await served.arrayBuffer()).byteLength);
    }
  });

  it("says what is not downloaded", async () => {
    const reading = offline();
    await expect(reading.fetchReel(nowhere, "TS2059_1", "std_txt")).rejects.toBeInstanceOf(
      NotAvailableOffline,
    );
    await expect(reading.fetchSutraList(nowhere, "JS", {})).rejects.toBeInstanceOf(NotAvailableOffline);
  });
});
