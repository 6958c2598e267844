/**
 * The installable app in real Chromium against the built app and the real server: its web
 * manifests, its service worker and precache, the app shell offline, and the update prompt.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { cachedPaths, controllerUrl, installApp, loadedAssets } from "./pages/installed-app.ts";
import type { ContextOptions } from "./support/browser.ts";
import { contextPerTest } from "./support/suite.ts";

let context: BrowserContext;
const openContext = contextPerTest({ context: { serviceWorkers: "allow" } });

async function open(options: ContextOptions = {}): Promise<Page> {
  context = await openContext(options);
  return context.newPage();
}

const manifestHref = (page: Page) =>
  page.evaluate(() => document.querySelector('link[rel="manifest"]')?.getAttribute("href") ?? null);

type Manifest = {
  id: string;
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

async function fetchManifest(page: Page, href: string): Promise<Manifest> {
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  return (await response.json()) as Manifest;
}

/** The size the browser decodes an image to. */
const imageSize = (page: Page, src: string) =>
  page.evaluate(async (url) => {
    const image = new Image();
    image.src = url;
    await image.decode();
    return `${image.naturalWidth}x${image.naturalHeight}`;
  }, src);

describe("the web manifest", () => {
  it("is linked, complete, parsed by the browser without errors, and its icons load at their sizes", async () => {
    const page = await open();
    await page.goto("/JS");
    await page.getByRole("link", { name: "藏经阅读" }).waitFor();
    expect(await manifestHref(page)).toBe("/manifest.zh-CN.webmanifest");
    const manifest = await fetchManifest(page, "/manifest.zh-CN.webmanifest");
    expect(manifest).toMatchObject({
      id: "/",
      name: "藏经阅读",
      lang: "zh-CN",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#987444",
    });
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    for (const icon of manifest.icons) {
      expect(icon.type).toBe("image/png");
      expect(await imageSize(page, icon.src), icon.src).toBe(icon.sizes);
    }
    const cdp = await context.newCDPSession(page);
    const parsed = await cdp.send("Page.getAppManifest");
    expect(parsed.url).toMatch(/\/manifest\.zh-CN\.webmanifest$/);
    expect(parsed.errors).toEqual([]);
  });

  it("follows the interface language: on load and when the reader switches it", async () => {
    const page = await open({ locale: "zh-TW" });
    await page.goto("/JS");
    await page.getByRole("link", { name: "藏經閱讀" }).waitFor();
    expect(await manifestHref(page)).toBe("/manifest.zh-TW.webmanifest");
    expect((await fetchManifest(page, "/manifest.zh-TW.webmanifest")).name).toBe("藏經閱讀");

    await page.getByRole("button", { name: "語言" }).click();
    await page.getByRole("menuitemradio", { name: "English" }).click();
    await page.getByRole("link", { name: "Canon Reader" }).waitFor();
    expect(await manifestHref(page)).toBe("/manifest.en.webmanifest");
    const english = await fetchManifest(page, "/manifest.en.webmanifest");
    expect(english).toMatchObject({ id: "/", name: "Canon Reader", lang: "en", theme_color: "#987444" });
  });
});

describe("the service worker", () => {
  it("installs, activates and controls the page; the precache holds the shell and no lazy chunk", async () => {
    const page = await open();
    await installApp(page, "/JS");
    expect(await controllerUrl(page)).toMatch(/\/sw\.js$/);

    const html = readFileSync(join(inject("e2eWebDistDir"), "index.html"), "utf8");
    const shellAssets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
    const precached = await cachedPaths(page, "workbox-precache");
    for (const path of [
      "/index.html",
      "/offline.html",
      "/manifest.zh-CN.webmanifest",
      "/icons/icon-512.png",
    ]) {
      expect(precached).toContain(path);
    }
    for (const asset of shellAssets) expect(precached).toContain(asset);
    expect(precached.filter((path) => path.startsWith("/assets/") && !shellAssets.includes(path))).toEqual(
      [],
    );

    // The home screen's route chunk and the locale catalogue load lazily: cached at run time.
    const lazy = (await loadedAssets(page)).filter((path) => !shellAssets.includes(path));
    expect(lazy.some((path) => /\/messages-[\w-]+\.js$/.test(path))).toBe(true);
    expect(lazy.some((path) => /\/TripitakaScreen-[\w-]+\.js$/.test(path))).toBe(true);
    const runtime = await cachedPaths(page, "canon-assets");
    for (const path of lazy) expect(runtime).toContain(path);
    expect(await cachedPaths(page, "canon-pages")).toEqual([]);
  });

  it("lets the browser read the build's chunks from the caches, and caches a chunk first loaded later", async () => {
    const page = await open();
    await installApp(page, "/JS");
    /** How each /assets/ file of the page was answered (Chromium's static routing source). */
    const sources = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .filter((entry) => new URL(entry.name).pathname.startsWith("/assets/"))
          .map((entry) => {
            const routed = entry as PerformanceResourceTiming & { workerFinalSourceType?: string };
            return { path: new URL(entry.name).pathname, source: routed.workerFinalSourceType ?? "none" };
          }),
      );
    const reloaded = await sources();
    expect(reloaded.length).toBeGreaterThan(5);
    expect(reloaded.filter((entry) => entry.source !== "cache")).toEqual([]);

    // The search screen's code was never loaded: it comes from the network, then the page hands it
    // to the worker, which caches it.
    await page.getByRole("searchbox").first().fill("如是");
    await page.keyboard.press("Enter");
    await page.locator("[data-results] [data-result]").first().waitFor();
    const searchScreen = (await sources()).find((entry) => /\/SearchScreen-[\w-]+\.js$/.test(entry.path));
    expect(searchScreen?.source).toBe("network");
    await expect
      .poll(() => cachedPaths(page, "canon-assets"), { timeout: 10_000 })
      .toContain(searchScreen?.path);
  });

  it("shows the app shell and the offline sign when the network is gone, at / and at a deep link", async () => {
    const page = await open();
    await installApp(page, "/JS");
    // Visit the deep link's screen online once, as a reader would before going offline.
    await page.goto("/TS");
    await page.getByRole("link", { name: "藏经阅读" }).waitFor();
    await expect
      .poll(() =>
        page
          .getByRole("status")
          .filter({ hasText: /^离线$/ })
          .count(),
      )
      .toBe(0);

    await context.setOffline(true);
    // The worker's own requests fail too: a scan it does not hold cannot come from the network.
    const probe = await page.evaluate(() =>
      fetch("/storage/no-such-scan.png").then(
        (response) => `status ${response.status}`,
        (error: unknown) => (error instanceof TypeError ? "network failure" : String(error)),
      ),
    );
    expect(probe).toBe("network failure");

    for (const path of ["/", "/TS"]) {
      await page.goto(path);
      await page.getByRole("link", { name: "藏经阅读" }).waitFor();
      await page
        .getByRole("status")
        .filter({ hasText: /^离线$/ })
        .waitFor();
      expect(await controllerUrl(page), path).toMatch(/\/sw\.js$/);
    }
    await context.setOffline(false);
  });
  it("runs under its Content Security Policy: no violation on the main screens", async () => {
    const page = await open();
    const violations: string[] = [];
    await page.exposeFunction("e2eCspViolation", (report: string) => void violations.push(report));
    await page.addInitScript(() => {
      const report = (window as unknown as { e2eCspViolation(report: string): void }).e2eCspViolation;
      document.addEventListener("securitypolicyviolation", (event) =>
        report(`${location.pathname}: ${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const shell = await page.request.get("/JS");
    expect(shell.headers()["content-security-policy"]).toContain("script-src 'self'");
    await installApp(page, "/JS");
    for (const path of ["/TS", "/scroll/TS0262_1", "/offline", "/login"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    expect(violations).toEqual([]);
  });

  it("opens and reloads the storage panel at /offline while online, the worker in charge", async () => {
    const page = await open();
    await installApp(page, "/JS");
    await page.goto("/offline");
    await page.locator("[data-storage-panel]").waitFor();
    expect(await controllerUrl(page)).toMatch(/\/sw\.js$/);
    await page.reload();
    await page.locator("[data-storage-panel]").waitFor();
    expect(await page.title()).not.toBe("藏经阅读 · 离线");
    // The fallback page itself is still there for a navigation it answers.
    expect(await cachedPaths(page, "workbox-precache")).toContain("/offline.html");
  });
});

describe("downloaded files", () => {
  it("answers a scan from the offline library before the network, also offline", async () => {
    const page = await open();
    await installApp(page, "/JS");
    const path = "/storage/e2e-offline/scan 1.png";
    const stored = await page.evaluate(async (key) => {
      const png = await (await fetch("/icons/icon-192.png")).blob();
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open("canon-offline");
        request.onupgradeneeded = () => request.result.createObjectStore("blobs", { keyPath: "path" });
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction("blobs", "readwrite");
        tx.objectStore("blobs").put({ path: key, blob: png, bytes: png.size, stored_at: Date.now() });
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
      return png.size;
    }, path);
    // The app takes the library over in its own schema version once a screen finds it; that happens
    // here, before the worker is asked, so no upgrade closes the worker's connection mid-read.
    await page.goto("/offline");
    await page.locator("[data-storage-panel]").waitFor();
    await expect
      .poll(() =>
        page.evaluate(
          async () => (await indexedDB.databases()).find((db) => db.name === "canon-offline")?.version,
        ),
      )
      .toBeGreaterThanOrEqual(10);

    const answer = (url: string) =>
      page.evaluate(async (target) => {
        const response = await fetch(target);
        return {
          status: response.status,
          type: response.headers.get("content-type"),
          size: (await response.blob()).size,
        };
      }, url);
    const encoded = encodeURI(path);
    expect(await answer(encoded)).toEqual({ status: 200, type: "image/png", size: stored });
    // What the library does not hold still comes from the server.
    expect((await answer("/storage/e2e-offline/not-downloaded.png")).status).toBe(404);

    await context.setOffline(true);
    expect(await answer(encoded)).toEqual({ status: 200, type: "image/png", size: stored });
    await context.setOffline(false);
  });
});

describe("the update prompt", () => {
  const swFile = () => join(inject("e2eWebDistDir"), "sw.js");

  it("offers a new version when a new worker waits and reloads into it when accepted", async () => {
    const page = await open();
    await installApp(page, "/JS");
    const original = readFileSync(swFile());
    try {
      // A new build of the worker: the same code with one more line, as any release changes it.
      writeFileSync(swFile(), Buffer.concat([original, Buffer.from(`\n// release ${Date.now()}\n`)]));
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
      });
      const bar = page.getByText("新版本可用");
      await bar.waitFor();
      expect(
        await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
      ).toBe(true);

      await page.evaluate(() => {
        (window as Window & { beforeUpdate?: boolean }).beforeUpdate = true;
      });
      await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "重新载入" }).click()]);
      await page.getByRole("link", { name: "藏经阅读" }).waitFor();
      expect(
        await page.evaluate(() => (window as Window & { beforeUpdate?: boolean }).beforeUpdate),
      ).toBeUndefined();
      const after = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return { waiting: Boolean(registration?.waiting), active: registration?.active?.state ?? null };
      });
      expect(after).toEqual({ waiting: false, active: "activated" });
      expect(await controllerUrl(page)).toMatch(/\/sw\.js$/);
      expect(await bar.count()).toBe(0);
    } finally {
      writeFileSync(swFile(), original);
    }
  });
});
