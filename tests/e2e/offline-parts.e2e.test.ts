/**
 * The app's code offline, in real Chromium with the service worker: once this browser holds an
 * offline library, every script of the build is cached, so screens never opened online still open
 * offline; and a part whose chunk cannot be fetched leaves the screen standing.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { cachedPaths, installApp } from "./pages/installed-app.ts";
import { markReadingGuideDone, ReelReader } from "./pages/reel-reader.ts";
import { contextPerTest } from "./support/suite.ts";

let context: BrowserContext;
const openContext = contextPerTest({ context: { serviceWorkers: "allow" } });

async function installedPage(): Promise<Page> {
  context = await openContext();
  const page = await context.newPage();
  await installApp(page);
  return page;
}

async function cachedScripts(page: Page): Promise<Set<string>> {
  const cached = [
    ...(await cachedPaths(page, "workbox-precache")),
    ...(await cachedPaths(page, "canon-assets")),
  ];
  return new Set(cached);
}

describe("the app's code for offline reading", () => {
  it("is cached whole once the browser holds a download, and screens never opened online open offline", async () => {
    const page = await installedPage();
    const parts = (await (await page.request.get("/offline-parts.json")).json()) as string[];
    expect(parts.length).toBeGreaterThan(20);
    expect(parts.some((part) => /search\.worker/.test(part))).toBe(true);
    // The administrators' screens and their chart are no reader's download.
    expect(
      parts.filter((part) => /\/(?:StatisticsPage|TrendChart|ArticleListPage|AccessLogPage)-/.test(part)),
    ).toEqual([]);
    expect(parts.some((part) => /\/ArticleScreen-/.test(part))).toBe(true);
    const before = await cachedScripts(page);
    expect(parts.filter((part) => !before.has(part)).length).toBeGreaterThan(0);

    // A download this browser holds: the library's downloads store with one row in it.
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const request = indexedDB.open("canon-offline");
          request.onupgradeneeded = () => request.result.createObjectStore("downloads", { keyPath: "id" });
          request.onsuccess = () => {
            const db = request.result;
            const put = db
              .transaction("downloads", "readwrite")
              .objectStore("downloads")
              .put({ id: "TS:sutra:TS0262" });
            put.onsuccess = () => {
              db.close();
              resolve();
            };
            put.onerror = () => reject(put.error);
          };
          request.onerror = () => reject(request.error);
        }),
    );
    await page.reload();
    await expect
      .poll(
        async () => {
          const cached = await cachedScripts(page);
          return parts.filter((part) => !cached.has(part));
        },
        { timeout: 20_000 },
      )
      .toEqual([]);

    await context.setOffline(true);
    await page.goto("/TS/search?keyword=%E8%8F%A9%E8%96%A9");
    await page.getByRole("button", { name: "检索", exact: true }).waitFor();
    await page.goto("/scroll/TS2059_3");
    await page.getByText("尚未下载，离线时无法阅读").waitFor();
    await expect.poll(() => page.getByText("Something went wrong").count()).toBe(0);
  });
});

describe("a guest without downloads", () => {
  it("reads a reel with no offline database opened: the outbox and library code stay unloaded", async () => {
    const page = await installedPage();
    await markReadingGuideDone(context);
    const reader = new ReelReader(page);
    await reader.open("TS2059_2");
    await page.waitForLoadState("networkidle");
    const databases = await page.evaluate(async () =>
      (await indexedDB.databases()).map((database) => database.name),
    );
    expect(databases).not.toContain("canon-user");
    expect(databases).not.toContain("canon-offline");
  });
});

describe("a part whose code cannot be fetched", () => {
  it("leaves the screen standing offline, and loads after a reload online", async () => {
    const page = await installedPage();
    await markReadingGuideDone(context);
    const reader = new ReelReader(page);
    await reader.open("TS0262_1");
    await context.setOffline(true);
    await reader.openSettings();
    // The settings' code fails to load: the part gives way, and the reel stays on screen.
    await page.locator("[data-part-unavailable]").waitFor({ state: "attached" });
    expect(await reader.text("TS0262_1").isVisible()).toBe(true);

    await context.setOffline(false);
    // Chromium keeps a failed dynamic import for the life of the page: a reload fetches it anew.
    await page.reload();
    await reader.openSettings();
    await page.locator("[data-open-shortcuts]").waitFor();
  });
});
