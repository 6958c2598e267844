/**
 * Reading with no network in real Chromium, the service worker in charge. A reader downloads
 * TS0262 and the JX scans with the app's own download buttons, goes offline and reloads: every
 * reel, its pages and the scans read from the device, and the drawer lists what is there. What
 * was not downloaded says so, with a way to the downloads, instead of an error or /404.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { downloadFromButton, OfflineReading } from "./pages/offline-reading.ts";
import { SyncPanel, storedFor } from "./pages/offline-sync.ts";
import { books, scannedPages } from "./pages/page-reader.ts";
import { markReadingGuideDone } from "./pages/reel-reader.ts";
import { launchBrowser, newContext } from "./support/browser.ts";
import { registerByApi, signInContext } from "./support/session.ts";

let browser: Browser;
let context: BrowserContext;
let page: Page;
let offline: OfflineReading;
let scans: string[];
const reader = {
  username: "e2e_offline_reader",
  contact: "offline-reader@e2e.test",
  password: "offline-pass1",
};

beforeAll(async () => {
  browser = await launchBrowser();
  await registerByApi(reader);
  const jx = await books("JX");
  scans = (await Promise.all(jx.map((book) => scannedPages(book.uid)))).flat();
});
afterAll(async () => {
  await browser.close();
});
beforeEach(async () => {
  context = await newContext(browser, { serviceWorkers: "allow" });
  await signInContext(context, reader.username, reader.password);
  await markReadingGuideDone(context);
  page = await context.newPage();
  offline = new OfflineReading(page);
});
afterEach(async () => {
  await context.close();
});

/** Opens the readers and the drawer once online, so the app and its parts are cached. */
async function visitOnline(): Promise<void> {
  await page.goto("/TS");
  await offline.serviceWorkerInCharge();
  await page.goto("/scroll/TS0262_1");
  await offline.reelLines().first().waitFor();
  await page.goto(`/page/${scans[0]}`);
  await page.locator("[data-stage]").waitFor();
  await page.goto("/TS");
  const drawer = await offline.openDrawer();
  await drawer.locator("[data-sutra]").first().waitFor();
}

describe("reading offline what was not downloaded", () => {
  it("says the reel, the page and the drawer's lists are not downloaded, after a reload", async () => {
    expect(scans.length).toBeGreaterThanOrEqual(2);
    await visitOnline();
    await context.setOffline(true);

    await page.goto("/scroll/TS2059_1");
    await page.reload();
    const reelBar = offline.notAvailable("reel");
    await reelBar.waitFor();
    expect(await reelBar.textContent()).toContain("TS2059_1");
    expect(await offline.downloadsLink(reelBar).getAttribute("href")).toBe("/offline");
    expect(await offline.reelLines().count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/scroll/TS2059_1");

    await page.goto(`/page/${scans[1]}`);
    await page.reload();
    const pageBar = offline.notAvailable("page");
    await pageBar.waitFor();
    expect(await pageBar.textContent()).toContain(scans[1]);
    expect(new URL(page.url()).pathname).toBe(`/page/${scans[1]}`);

    await page.goto("/TS");
    await page.reload();
    const drawer = await offline.openDrawer();
    await offline.notAvailable("catalogue", drawer).waitFor();
    expect(await drawer.locator("[data-sutra]").count()).toBe(0);
  }, 120_000);

  it("loads again by itself when the network comes back", async () => {
    await visitOnline();
    await page.goto("/scroll/TS0262_1");
    await offline.reelLines().first().waitFor();
    await context.setOffline(true);
    await page.locator('[data-guide-target="toolbar"]').getByRole("button", { name: "下一卷" }).click();
    const bar = offline.notAvailable("reel");
    await bar.waitFor();
    expect(await bar.textContent()).toContain("TS0262_2");
    await context.setOffline(false);
    await offline.reelLines().first().waitFor();
    expect(await bar.count()).toBe(0);
  }, 120_000);
});

type ReelLines = { pages: { uid: string; lines: { cid: string; text: string }[] }[] };
type ServerPage = { columns: { cid: string; text: Record<string, string> }[] };

async function result<T>(path: string): Promise<T> {
  const response = await fetch(`${inject("e2eBaseUrl")}/v1/${path}`);
  return ((await response.json()) as { result: T }).result;
}

describe("reading offline what was downloaded", () => {
  it("reads every reel of TS0262, its pages and the JX scans after a reload offline", async () => {
    const catalog = await result<{ reels: { uid: string; first_page_uid: string }[] }>(
      "sutra/TS0262/catalog",
    );
    expect(catalog.reels).toHaveLength(7);

    // The reader has used the app online before: its reader screens are in the browser's cache.
    await visitOnline();
    const drawer = offline.drawer();
    const sutraButton = drawer.locator('[data-sutra="TS0262"] [data-download-scope="sutra"]');
    await downloadFromButton(page, sutraButton, { forms: ["ori_txt", "uni_txt", "std_txt", "sim_txt"] });
    await drawer
      .locator('[data-sutra="TS0262"] [data-download-status="complete"]')
      .waitFor({ timeout: 60_000 });

    await page.goto(`/page/${scans[0]}`);
    await page.locator("[data-stage]").waitFor();
    const books = await offline.openDrawer();
    const tripitakaButton = books.locator('[data-book-list] [data-download-scope="tripitaka"]');
    await downloadFromButton(page, tripitakaButton, { forms: ["std_txt"], images: true });
    await books.locator('[data-book-list] [data-download-status="complete"]').waitFor({ timeout: 60_000 });

    await context.setOffline(true);
    await page.goto("/scroll/TS0262_1");
    await page.reload();
    for (const { uid } of catalog.reels) {
      if (uid !== "TS0262_1") {
        await page.locator('[data-guide-target="toolbar"]').getByRole("button", { name: "下一卷" }).click();
      }
      await page.locator(`[data-reel-uid="${uid}"]`).waitFor();
      const textType = (await page.locator("[data-text-type]").getAttribute("data-text-type")) ?? "";
      const reel = await result<ReelLines>(`reel/${uid}?txt_type=${textType}`);
      const lines = reel.pages.flatMap((p) => p.lines).filter((line) => line.text !== "");
      const last = lines.at(-1);
      expect(await page.locator(`[data-cid="${last?.cid}"]`).textContent()).toContain(last?.text.slice(-4));
      expect(await offline.notAvailable("reel").count()).toBe(0);
    }

    for (const { first_page_uid: uid } of catalog.reels) {
      await page.goto(`/page/${uid}`);
      const expected = (await result<ServerPage>(`page/${uid}`)).columns.find((c) => c.text.std_txt !== "");
      const column = page.locator(`[data-column="${expected?.cid}"] [data-column-text]`);
      await column.waitFor();
      expect([expected?.text.sim_txt, expected?.text.std_txt]).toContain(await column.textContent());
    }
    for (const uid of scans) {
      await page.goto(`/page/${uid}`);
      const image = page.locator("[data-page-image]");
      await image.waitFor();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }

    await page.goto("/TS");
    await page.reload();
    const listed = await offline.openDrawer();
    await listed.locator('[data-sutra="TS0262"]').waitFor();
    expect(await listed.locator("[data-sutra]").count()).toBe(1);

    await page.goto("/scroll/TS2059_1");
    await offline.notAvailable("reel").waitFor();

    // The reels read offline reach the reader's history on the server, once each, when a page
    // opens with the network back.
    await page.close();
    await context.setOffline(false);
    const panel = new SyncPanel(await context.newPage());
    await panel.open();
    await panel.empty.waitFor({ timeout: 30_000 });
    const { reads } = storedFor(reader.username);
    for (const { uid } of catalog.reels) expect(reads[uid], uid).toBe(1);
  }, 240_000);
});
