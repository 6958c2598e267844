/**
 * The app as an installed PWA in a browser context that allows service workers
 * (`newContext(browser, { serviceWorkers: "allow" })`): its worker, caches and manifest.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** Paths (from the origin) of the entries of every Cache Storage cache whose name starts with `prefix`. */
export function cachedPaths(page: Page, prefix: string): Promise<string[]> {
  return page.evaluate(async (namePrefix) => {
    const names = (await caches.keys()).filter((name) => name.startsWith(namePrefix));
    const paths: string[] = [];
    for (const name of names) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
    }
    return paths.sort();
  }, prefix);
}

/** The build's /assets/ files this page has loaded so far. */
export function loadedAssets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && url.pathname.startsWith("/assets/"))
      .map((url) => url.pathname),
  );
}

export function controllerUrl(page: Page): Promise<string | null> {
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
}

/**
 * Opens `path`, waits for the service worker to activate and to cache what the first screen
 * loaded before it existed, then reloads so that the worker controls the page from its start.
 */
export async function installApp(page: Page, path = "/JS"): Promise<void> {
  await page.goto(path);
  await page.getByRole("link", { name: "藏经阅读" }).waitFor();
  await page.evaluate(async () => {
    const worker = (await navigator.serviceWorker.ready).active;
    if (!worker || worker.state === "activated") return;
    await new Promise((resolve) => worker.addEventListener("statechange", resolve));
  });
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state)).toBe(
    "activated",
  );
  const loaded = await loadedAssets(page);
  await expect
    .poll(
      async () => {
        const precached = await cachedPaths(page, "workbox-precache");
        const cached = new Set([...precached, ...(await cachedPaths(page, "canon-assets"))]);
        return loaded.filter((asset) => !cached.has(asset));
      },
      { timeout: 15_000 },
    )
    .toEqual([]);
  await page.reload();
  await page.getByRole("link", { name: "藏经阅读" }).waitFor();
  expect(await controllerUrl(page)).toMatch(/\/sw\.js$/);
}
