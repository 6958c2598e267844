/**
 * Downloads for offline reading in real Chromium against the real server: a multi-reel sutra with
 * its pages from the reel header's card, the scanned tripitaka JX with its images from the book tab;
 * the storage panel with both and their sizes; a download whose page is closed half-way, resumed by
 * the next page; a full disk (a real QuotaExceededError under a quota set through the DevTools
 * protocol) said plainly with nothing half-written; deleting a download frees its space.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import {
  consistency,
  dialog,
  libraryExists,
  panelRow,
  readLibrary,
  rowNumber,
  startDownload,
  waitForStatus,
} from "./pages/offline-downloads.ts";
import { markReadingGuideDone } from "./pages/reel-reader.ts";
import { type ContextOptions, launchBrowser, newContext } from "./support/browser.ts";
import { passwordToken, registerByApi, signInContext } from "./support/session.ts";

let browser: Browser;
let context: BrowserContext;
let page: Page;
const reader = { username: "e2e_offline_dl", contact: "offline-dl@e2e.test", password: "offline-pass1" };

beforeAll(async () => {
  browser = await launchBrowser();
  await registerByApi(reader);
});
afterAll(async () => {
  await browser.close();
});
async function openSignedIn(options: ContextOptions = {}) {
  context = await newContext(browser, options);
  await markReadingGuideDone(context);
  await signInContext(context, reader.username, reader.password);
  page = await context.newPage();
  page.on("dialog", (confirm) => void confirm.accept());
}

beforeEach(() => openSignedIn());
afterEach(async () => {
  await context.close();
});

async function downloadSutraFromCard(target: Page, reelUid: string, parts: { pages?: boolean } = {}) {
  await target.goto(`/scroll/${reelUid}`);
  // The edition's name arrives with the tripitaka list and moves the sutra name aside.
  await target.locator("[data-reel-header] [data-edition]").waitFor();
  await target.locator("[data-sutra-name]").hover();
  await target.locator('[data-sutra-card] [data-download-scope="sutra"]').click();
  return startDownload(target, parts);
}

async function downloadJxFromBookTab(target: Page, parts: { images?: boolean }) {
  await target.goto("/page/JX_165_7_4");
  await target.locator("[data-catalogue-button]").click();
  await target.locator('[data-book-list] [data-download-scope="tripitaka"]').click();
  const planned = await startDownload(target, parts);
  const drawer = target.locator("[data-catalogue-drawer]");
  await drawer.getByRole("button", { name: "关闭" }).click();
  await drawer.waitFor({ state: "hidden" });
  return planned;
}

const openPanel = async (target: Page) => {
  await target.locator("[data-offline-link]").click();
  await target.locator("[data-storage-panel]").waitFor();
};

describe("downloads for offline reading", () => {
  it("downloads a sutra with its pages and a scanned tripitaka with its images; the panel shows both; delete frees the space", async () => {
    const sutraPlanned = await downloadSutraFromCard(page, "TS0262_1");
    await openPanel(page);
    await waitForStatus(page, "TS:sutra:TS0262", "complete");

    const jxPlanned = await downloadJxFromBookTab(page, { images: true });
    await openPanel(page);
    await waitForStatus(page, "JX:tripitaka", "complete");

    const sutraRow = panelRow(page, "TS:sutra:TS0262");
    const jxRow = panelRow(page, "JX:tripitaka");
    expect(await rowNumber(sutraRow, "data-items-done")).toBe(await rowNumber(sutraRow, "data-items-total"));
    expect(await sutraRow.locator("[data-stored-bytes]").getAttribute("data-stored-bytes")).not.toBe("0");
    expect(
      await rowNumber(sutraRow.locator("[data-stored-bytes]"), "data-stored-bytes"),
    ).toBeGreaterThanOrEqual(sutraPlanned);
    expect(await rowNumber(jxRow.locator("[data-stored-bytes]"), "data-stored-bytes")).toBeGreaterThanOrEqual(
      jxPlanned,
    );
    expect(await jxRow.textContent()).toContain("有");
    const estimate = Number(
      await page.locator("[data-storage-estimate]").getAttribute("data-storage-estimate"),
    );
    expect(estimate).toBeGreaterThan(jxPlanned);

    const stored = await readLibrary(page);
    expect(stored.counts.reelTexts).toBe(7);
    expect(stored.counts.blobs).toBe(20);
    expect(stored.blobs.every((blob) => blob.size === blob.bytes && blob.type.startsWith("image/"))).toBe(
      true,
    );
    expect(stored.items.filter((item) => item.state !== "done")).toEqual([]);

    const library = page.locator("[data-library-bytes]");
    const libraryBefore = await rowNumber(library, "data-library-bytes");
    // The rows only the JX download lists (a font subset both need stays).
    const sutraKeys = new Set(
      stored.items.filter((i) => i.download_id === "TS:sutra:TS0262").map((i) => i.key),
    );
    const jxBytes = stored.items
      .filter((i) => i.download_id === "JX:tripitaka" && !sutraKeys.has(i.key))
      .reduce((n, i) => n + i.bytes, 0);
    await jxRow.locator('[data-action="delete"]').click();
    await jxRow.waitFor({ state: "detached" });
    await page.locator(`[data-library-bytes="${libraryBefore - jxBytes}"]`).waitFor();
    const after = await readLibrary(page);
    const sutraPages = stored.items.filter(
      (item) => item.download_id === "TS:sutra:TS0262" && item.kind === "page",
    );
    expect(after.counts).toMatchObject({
      blobs: 0,
      reelTexts: 7,
      pages: sutraPages.length,
      tripitakas: 1,
      books: 1,
    });
    expect(after.downloads.map((d) => d.id)).toEqual(["TS:sutra:TS0262"]);
    expect(after.items.every((item) => item.download_id === "TS:sutra:TS0262")).toBe(true);
  });

  it("resumes in a new page a download whose page was closed half-way, fetching only what was missing", async () => {
    // The pages' batch reads hang, so the first page is closed with the reels stored and the pages not.
    await page.route("**/v1/offline/pages", () => undefined);
    await downloadSutraFromCard(page, "TS2059_1", { pages: true });
    await openPanel(page);
    const row = panelRow(page, "TS:sutra:TS2059");
    // Tripitaka, books, sutra, catalogue and the 14 reels.
    await expect
      .poll(() => rowNumber(row, "data-items-done"), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(18);
    expect(await row.getAttribute("data-status")).toBe("downloading");
    await page.close();

    const next = await context.newPage();
    const asked: string[] = [];
    next.on("request", (request) => {
      if (request.url().includes("/v1/offline/")) asked.push(new URL(request.url()).pathname);
    });
    await next.goto("/JS");
    await openPanel(next);
    await waitForStatus(next, "TS:sutra:TS2059", "complete");
    expect(asked.filter((path) => path.endsWith("/reels"))).toEqual([]);
    expect(asked.filter((path) => path.endsWith("/pages")).length).toBeGreaterThan(0);
    const facts = await readLibrary(next);
    const download = facts.downloads.find((d) => d.id === "TS:sutra:TS2059");
    expect(download?.items_done).toBe(download?.items_total);
    expect(facts.items.filter((item) => item.state !== "done")).toEqual([]);
  });

  it("stops at a full disk, says so, leaves nothing half-written, and finishes once there is room", async () => {
    // The browser applies a quota only to storage opened after it is set, so it is set first, from a
    // page of the origin that opens none; the service worker is kept off, so that what the reader
    // keeps before the download is small and the same each time. The room takes it and the
    // download's records, not the download's files.
    await context.close();
    await openSignedIn({ serviceWorkers: "block" });
    await page.goto("/favicon.svg");
    const cdp = await context.newCDPSession(page);
    const origin = new URL(inject("e2eBaseUrl")).origin;
    const room = 800_000;
    await cdp.send("Storage.overrideQuotaForOrigin", { origin, quotaSize: room });

    const planned = await downloadJxFromBookTab(page, { images: true });
    expect(planned).toBeGreaterThan(2 * room);
    await openPanel(page);
    await waitForStatus(page, "JX:tripitaka", "failed");
    const row = panelRow(page, "JX:tripitaka");
    expect(await row.getAttribute("data-error")).toBe("QUOTA_EXCEEDED");
    expect(await page.locator("[data-quota-exceeded]").textContent()).toContain("存储空间已满");

    const facts = await readLibrary(page);
    const check = consistency(facts);
    expect(check.blobsWithoutItem).toEqual([]);
    expect(check.doneBlobsWithoutRow).toEqual([]);
    expect(check.badBlobs).toEqual([]);
    for (const counter of check.counters) expect(counter.done).toBe(counter.counted);
    expect(facts.items.some((item) => item.state === "waiting")).toBe(true);

    await cdp.send("Storage.overrideQuotaForOrigin", { origin });
    await row.locator('[data-action="resume"]').click();
    await waitForStatus(page, "JX:tripitaka", "complete");
    expect(await page.locator("[data-quota-exceeded]").count()).toBe(0);
    expect((await readLibrary(page)).counts.blobs).toBe(20);
  }, 150_000);

  it("offers the download with its size first from the drawer's sutra rows, groups and categories and the tripitaka home", async () => {
    const token = await passwordToken(reader.username, reader.password);
    const api = (path: string, body: unknown) =>
      fetch(`${inject("e2eBaseUrl")}/v1/tripitaka/TS/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    await api("sutra_group", { name: "离线" });
    await api("sutra_group/add_sutras", { name: "离线", sutra_uids: ["TS0251", "TS0366"] });
    const planTotal = async () => {
      const total = dialog(page).locator("[data-plan-total]");
      await total.waitFor();
      const bytes = Number(await total.getAttribute("data-plan-total"));
      await dialog(page).getByRole("button", { name: "取消" }).click();
      await dialog(page).waitFor({ state: "detached" });
      return bytes;
    };

    await page.goto("/TS");
    await page.locator('[data-download-scope="tripitaka"]').first().click();
    const tripitaka = await planTotal();

    const drawer = page.locator("[data-catalogue-drawer]");
    await page.locator("[data-catalogue-button]").click();
    await drawer.locator('[data-sutra-actions="TS0251"] [data-download-scope="sutra"]').click();
    const sutra = await planTotal();

    await drawer.locator('[data-drawer-tab="group"]').click();
    await drawer.locator('[data-group="离线"]').getByRole("button").first().click();
    await drawer.locator('[data-group="离线"] [data-download-scope="group"]').click();
    const group = await planTotal();

    await drawer.locator('[data-drawer-tab="catalog"]').click();
    const category = drawer.locator("[data-category]").first();
    const openBefore = await category.getAttribute("aria-expanded");
    await category.locator('[data-download-scope="category"]').first().click();
    const byCategory = await planTotal();
    // The button and its dialog leave the category's branch as it was.
    expect(await category.getAttribute("aria-expanded")).toBe(openBefore);

    expect(sutra).toBeGreaterThan(0);
    expect(group).toBeGreaterThan(sutra);
    expect(byCategory).toBeGreaterThan(0);
    expect(tripitaka).toBeGreaterThan(group);
    // Plans and the buttons' states read nothing into being: the library is made by a download.
    expect(await libraryExists(page)).toBe(false);
  });

  it("asks for persistent storage and shows the browser's answer", async () => {
    await page.goto("/offline");
    const shown = page.locator("[data-persisted]");
    await shown.waitFor();
    const ask = page.locator("[data-storage-panel]").getByRole("button", { name: "保持数据持久" });
    if ((await shown.getAttribute("data-persisted")) === "false") await ask.click();
    const granted = await page.evaluate(() => navigator.storage.persisted());
    await page.locator(`[data-persisted="${granted}"]`).waitFor();
    expect(await ask.count()).toBe(granted ? 0 : 1);
  });
});
