/**
 * Local-first reading over the offline library (fake-indexeddb), filled with what the real server
 * answers for TS0262 and the JX scans: reels in every text form, the sutra's entry and contents,
 * its pages, books, scanned page names and page images read back exactly as the server sends
 * them, with no request; what is not downloaded is NotAvailableOffline without a network.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  Book,
  ImgNames,
  Page,
  PageImage,
  Reel,
  Sutra,
  SutraCatalog,
  Tripitaka,
} from "../../contract/canon.ts";
import type { Paged } from "../../contract/envelope.ts";
import { bookUidOfPage } from "../../contract/ids.ts";
import { type TxtType, txtTypes } from "../../contract/tripitaka.ts";
import { type ApiClient, createApiClient } from "../../src/api/client.ts";
import { ApiError } from "../../src/api/errors.ts";
import { type ApiEvents, createEmitter } from "../../src/api/events.ts";
import { resolveCitation } from "../../src/features/cite/resolveCitation.ts";
import type { OfflineLibrary } from "../../src/offline/library/db.ts";
import { createOfflineReading } from "../../src/offline/reading/localFirst.ts";
import { NotAvailableOffline, type OfflineItem } from "../../src/offline/reading/notAvailable.ts";
import { freePort } from "../e2e/support/server.ts";
import { memoryStorage } from "../support/memory-storage.ts";
import {
  booksRow,
  type CanonServer,
  catalogRow,
  emptyLibrary,
  pageRow,
  reelTextRow,
  startCanonServer,
  sutraRow,
  testNetwork,
  tripitakaRow,
} from "./offline-reading-rows.ts";

const SUTRA = "TS0262";

function client(prefixUrl: string): ApiClient {
  return createApiClient({
    prefixUrl,
    tokens: { get: () => null, set: () => undefined, clear: () => undefined },
    events: createEmitter<ApiEvents>(),
    timeZone: () => "Asia/Shanghai",
  });
}

async function unavailable(promise: Promise<unknown>): Promise<OfflineItem> {
  const error = await promise.then(
    () => null,
    (cause: unknown) => cause,
  );
  expect(error).toBeInstanceOf(NotAvailableOffline);
  return (error as NotAvailableOffline).item;
}

let server: CanonServer;
/** A client of a port nothing listens on: any request it makes fails as with no network. */
let nowhere: ApiClient;
/** A client of the real server listening on HTTP. */
let live: ApiClient;
let sutra: Sutra;
let catalog: SutraCatalog;
const reels = new Map<string, Reel>();
const pages = new Map<string, Page>();
let tsBooks: Book[];
let jxBooks: Book[];
let jxNames: ImgNames;
const jxPages = new Map<string, Page>();
let tripitakas: Tripitaka[];

beforeAll(async () => {
  server = await startCanonServer();
  nowhere = client(`http://127.0.0.1:${await freePort()}/v1`);
  const address = await server.app.listen({ port: 0, host: "127.0.0.1" });
  live = client(`${address}/v1`);

  tripitakas = await server.result<Tripitaka[]>("GET", "/v1/tripitaka/all");
  const listed = await server.result<Paged<Sutra>>("POST", "/v1/tripitaka/TS/sutra/list", {
    body: { sutra_uids: [SUTRA] },
  });
  sutra = listed.list[0] as Sutra;
  catalog = await server.result<SutraCatalog>("GET", `/v1/sutra/${SUTRA}/catalog`);
  for (const { uid } of catalog.reels) {
    for (const txtType of txtTypes) {
      reels.set(`${uid}:${txtType}`, await server.result<Reel>("GET", `/v1/reel/${uid}?txt_type=${txtType}`));
    }
  }
  const pageUids = new Set(
    [...reels.values()].filter((r) => r.txt_type === "std_txt").flatMap((r) => r.pages.map((p) => p.uid)),
  );
  for (const uid of pageUids) pages.set(uid, await server.result<Page>("GET", `/v1/page/${uid}`));
  tsBooks = await server.result<Book[]>("GET", "/v1/tripitaka/TS/catalog");
  jxBooks = await server.result<Book[]>("GET", "/v1/tripitaka/JX/catalog");
  jxNames = await server.result<ImgNames>(
    "GET",
    `/v1/get_img_names?uids=${jxBooks.map((b) => b.uid).join(",")}`,
  );
  for (const uid of Object.values(jxNames).flat()) {
    jxPages.set(uid, await server.result<Page>("GET", `/v1/page/${uid}`));
  }
}, 180_000);

afterAll(async () => {
  await server?.close();
});

/** The library after downloading TS0262 (the given text forms, its pages) and the JX scans. */
async function downloaded(forms: readonly TxtType[] = txtTypes): Promise<OfflineLibrary> {
  const db = emptyLibrary();
  await db.tripitakas.bulkPut(tripitakas.filter((t) => t.uid === "TS" || t.uid === "JX").map(tripitakaRow));
  await db.sutras.put(sutraRow(sutra, "TS"));
  await db.catalogs.put(catalogRow(catalog));
  await db.reelTexts.bulkPut(
    [...reels.values()].filter((r) => forms.includes(r.txt_type)).map((r) => reelTextRow(r, "TS")),
  );
  await db.pages.bulkPut([...pages.values()].map((p) => pageRow(p, "TS")));
  await db.books.bulkPut([booksRow("TS", tsBooks), booksRow("JX", jxBooks)]);
  await db.pages.bulkPut([...jxPages.values()].map((p) => pageRow(p, "JX")));
  return db;
}

function readingOver(db: OfflineLibrary, online: boolean) {
  const network = testNetwork(online);
  const storage = memoryStorage();
  return { network, storage, reading: createOfflineReading({ library: async () => db, network, storage }) };
}

describe("downloaded TS0262 offline", () => {
  it("reads every reel in every text form exactly as the server sends it, allText included", async () => {
    const { reading } = readingOver(await downloaded(), false);
    expect(catalog.reels).toHaveLength(7);
    for (const [key, expected] of reels) {
      const [uid, txtType] = key.split(":") as [string, TxtType];
      const local = await reading.fetchReel(nowhere, uid, txtType);
      expect(local).toStrictEqual(expected);
      expect(local.allText.length).toBeGreaterThan(1000);
    }
  });

  it("gives the sutra's entry, contents, pages and books as the server does", async () => {
    const { reading } = readingOver(await downloaded(), false);
    expect(await reading.fetchSutra(nowhere, "TS", SUTRA)).toStrictEqual(sutra);
    expect(await reading.fetchSutraCatalog(nowhere, SUTRA)).toStrictEqual(catalog);
    expect(await reading.fetchBooks(nowhere, "TS")).toStrictEqual(tsBooks);
    expect(pages.size).toBeGreaterThan(100);
    for (const [uid, page] of pages) {
      expect(await reading.fetchPage(nowhere, uid, "Asia/Shanghai")).toStrictEqual(page);
    }
  });

  it("answers a page without a scan as the server does: 404, no notice", async () => {
    const { reading } = readingOver(await downloaded(), false);
    const uid = [...pages.keys()][0] as string;
    expect(await server.status(`/v1/img/${uid}`)).toEqual({ statusCode: 404, code: 404 });
    const error = await reading.fetchPageImage(nowhere, uid).catch((cause: unknown) => cause);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 404, notified: false });
  });

  it("reads the JX scans: books, scanned page names, pages and page images", async () => {
    const { reading } = readingOver(await downloaded(), false);
    expect(jxPages.size).toBe(10);
    expect(await reading.fetchBooks(nowhere, "JX")).toStrictEqual(jxBooks);
    const bookUids = jxBooks.map((b) => b.uid);
    expect(await reading.fetchImageNames(nowhere, bookUids)).toStrictEqual(jxNames);
    for (const book of bookUids) {
      const one = await reading.fetchImageNames(nowhere, [book]);
      expect(one).toStrictEqual({ [book]: jxNames[book] });
    }
    for (const [uid, page] of jxPages) {
      expect(await reading.fetchPage(nowhere, uid, "Asia/Shanghai")).toStrictEqual(page);
      const image = await server.result<PageImage>("GET", `/v1/img/${uid}`);
      expect(await reading.fetchPageImage(nowhere, uid)).toStrictEqual(image);
      expect(bookUidOfPage(uid)).toBe(page.book_uid);
    }
  });

  it("answers downloaded items while online without asking the server", async () => {
    // `nowhere` fails every request it makes, so these answers came from the library alone.
    const { reading, network } = readingOver(await downloaded(), true);
    const first = catalog.reels[0]?.uid as string;
    expect(await reading.fetchReel(nowhere, first, "sim_txt")).toStrictEqual(reels.get(`${first}:sim_txt`));
    expect(await reading.fetchSutraCatalog(nowhere, SUTRA)).toStrictEqual(catalog);
    expect(await reading.fetchSutra(nowhere, "TS", SUTRA)).toStrictEqual(sutra);
    expect(await reading.fetchBooks(nowhere, "JX")).toStrictEqual(jxBooks);
    expect(network.isOnline()).toBe(true);
  });
});

describe("a downloaded page whose scan was not kept", () => {
  /** The library with the JX pages marked, so that an answer from it can be told from the server's. */
  async function marked() {
    const db = await downloaded();
    await db.pages.bulkPut([...jxPages.values()].map((p) => pageRow({ ...p, ouid: "from-library" }, "JX")));
    return db;
  }

  it("is asked of the server while it is reachable, whose answer shows the scan", async () => {
    const db = await marked();
    const [uid = "", page] = [...jxPages][0] ?? [];
    const online = readingOver(db, true).reading;
    expect(await online.fetchPage(live, uid, "Asia/Shanghai")).toStrictEqual(page);
    // No server to reach, or no network: the library's copy.
    expect((await online.fetchPage(nowhere, uid, "Asia/Shanghai")).ouid).toBe("from-library");
    expect((await readingOver(db, false).reading.fetchPage(live, uid, "Asia/Shanghai")).ouid).toBe(
      "from-library",
    );
    // With its scan kept, the library answers while online too.
    await db.blobs.put({ path: page?.img_url ?? "", blob: new Blob(["scan"]), bytes: 4, stored_at: 0 });
    expect((await online.fetchPage(live, uid, "Asia/Shanghai")).ouid).toBe("from-library");
  });

  it("gives thumbnails of downloaded pages from the library and of the others from the server", async () => {
    const { reading } = readingOver(await downloaded(), true);
    const others = (await server.result<ImgNames>("GET", "/v1/get_img_names?uids=YB_22")).YB_22 ?? [];
    expect(others.length).toBeGreaterThan(1);
    const jx = [...jxPages.keys()];
    const textOnly = [...pages.keys()][0] ?? "";
    const asked = [...jx.slice(0, 2), textOnly, ...others.slice(0, 2)];
    const fromServer = await server.result<Record<string, string | null>>(
      "GET",
      `/v1/page_thumbs?uids=${others.slice(0, 2).join(",")}`,
    );
    expect(await reading.fetchPageThumbs(live, asked)).toStrictEqual({
      ...fromServer,
      [jx[0] ?? ""]: jxPages.get(jx[0] ?? "")?.thumb_url,
      [jx[1] ?? ""]: jxPages.get(jx[1] ?? "")?.thumb_url,
    });
    // Downloaded pages alone need no server.
    expect(Object.keys(await reading.fetchPageThumbs(nowhere, jx))).toHaveLength(jx.length);
  });
});

describe("what is not downloaded", () => {
  it("is NotAvailableOffline without a network, naming the reel's downloaded text forms", async () => {
    const { reading } = readingOver(await downloaded(["std_txt", "ori_txt"]), false);
    const first = catalog.reels[0]?.uid as string;
    expect(await unavailable(reading.fetchReel(live, first, "sim_txt"))).toEqual({
      kind: "reel",
      uid: first,
      txtType: "sim_txt",
      stored: ["ori_txt", "std_txt"],
    });
    expect(await unavailable(reading.fetchReel(live, "TS2059_1", "std_txt"))).toEqual({
      kind: "reel",
      uid: "TS2059_1",
      txtType: "std_txt",
      stored: [],
    });
    expect(await unavailable(reading.fetchPage(live, "TS_50_322a", "Asia/Shanghai"))).toEqual({
      kind: "page",
      uid: "TS_50_322a",
    });
    expect(await unavailable(reading.fetchSutraCatalog(live, "TS2059"))).toEqual({
      kind: "sutra",
      uid: "TS2059",
    });
    expect(await unavailable(reading.fetchSutraList(live, "JS", {}))).toEqual({
      kind: "catalogue",
      uid: "JS",
    });
    expect(await unavailable(reading.fetchBooks(live, "QL"))).toEqual({ kind: "catalogue", uid: "QL" });
    const nothing = readingOver(emptyLibrary(), false).reading;
    expect(await unavailable(nothing.fetchTripitakas(live))).toEqual({ kind: "tripitakas" });
  });

  it("comes from the server while online", async () => {
    const { reading } = readingOver(await downloaded(), true);
    const expected = await server.result<Reel>("GET", "/v1/reel/TS2059_1?txt_type=std_txt");
    expect(await reading.fetchReel(live, "TS2059_1", "std_txt")).toStrictEqual(expected);
    const catalogue = await server.result<SutraCatalog>("GET", "/v1/sutra/TS2059/catalog");
    expect(await reading.fetchSutraCatalog(live, "TS2059")).toStrictEqual(catalogue);
  });

  it("is NotAvailableOffline when the server cannot be reached, offline once a probe fails too", async () => {
    const { reading, network } = readingOver(await downloaded(), true);
    expect(await unavailable(reading.fetchReel(nowhere, "TS2059_1", "std_txt"))).toMatchObject({
      kind: "reel",
      uid: "TS2059_1",
    });
    await expect.poll(() => network.isOnline()).toBe(false);
    network.go(true);
    expect(network.isOnline()).toBe(true);
  });
});

describe("the tripitaka list", () => {
  it("is the server's while online and the last one fetched when offline", async () => {
    const db = emptyLibrary();
    const { reading, network, storage } = readingOver(db, true);
    expect(await reading.fetchTripitakas(live)).toStrictEqual(tripitakas);
    network.go(false);
    expect(await reading.fetchTripitakas(live)).toStrictEqual(tripitakas);
    const later = createOfflineReading({ library: async () => db, network, storage });
    expect(await later.fetchTripitakas(nowhere)).toStrictEqual(tripitakas);
  });

  it("falls back to the downloaded tripitakas when none was kept", async () => {
    const { reading } = readingOver(await downloaded(), false);
    const stored = await reading.fetchTripitakas(nowhere);
    expect(stored.map((t) => t.uid).sort()).toEqual(["JX", "TS"]);
    expect(stored).toContainEqual(tripitakas.find((t) => t.uid === "TS"));
  });
});

describe("a pasted reference", () => {
  const lineOf = (reel: Reel, at: number) => reel.pages.flatMap((p) => p.lines)[at]?.cid ?? "";

  it("opens its line from the downloaded reel with no network, the same place the server gives", async () => {
    const reel = reels.get(`${SUTRA}_2:std_txt`) as Reel;
    const cid = lineOf(reel, 40);
    const deps = { api: nowhere, network: testNetwork(false), library: async () => downloaded() };
    const offline = await resolveCitation(deps, cid);
    expect(offline).toEqual({
      kind: "found",
      place: {
        reel_uid: reel.reel_uid,
        page_uid: cid.split(".")[0],
        cid,
        href: `/scroll/${reel.reel_uid}?cid=${cid}`,
      },
    });
    const online = await resolveCitation(
      { api: live, network: testNetwork(true), library: async () => emptyLibrary() },
      cid,
    );
    expect(online).toEqual(offline);
  });

  it("marks a whole downloaded page as one passage", async () => {
    const reel = reels.get(`${SUTRA}_2:std_txt`) as Reel;
    const page = reel.pages[1] as Reel["pages"][number];
    const deps = { api: nowhere, network: testNetwork(false), library: async () => downloaded() };
    const found = await resolveCitation(deps, page.uid);
    expect(found).toMatchObject({
      kind: "found",
      place: { reel_uid: reel.reel_uid, cid: `${page.cids[0]}-${page.cids.at(-1)}` },
    });
  });

  it("says a reference is not downloaded while offline, and not in the library when the server says so", async () => {
    const offline = { api: nowhere, network: testNetwork(false), library: async () => downloaded() };
    expect(await resolveCitation(offline, "T08n0251_p0848c07")).toEqual({
      kind: "offline",
      pageUid: "TS_8_848c",
    });
    expect(await resolveCitation(offline, "hello")).toEqual({
      kind: "refused",
      error: { code: "UNKNOWN_FORM" },
    });
    const online = { api: live, network: testNetwork(true), library: async () => downloaded() };
    expect(await resolveCitation(online, "T08n0251_p0999a01")).toEqual({
      kind: "missing",
      pageUid: "TS_8_999a",
    });
  });
});
