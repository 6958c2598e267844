/**
 * Searching downloaded texts in real Chromium, the service worker in charge: with two sutras of TS
 * in the offline library (stored as a download stores them), the search page answers from the
 * search worker when local search is chosen, when the network goes, and after a reload with no
 * network, with the same reels and hit counts as the server gave online; each list is marked
 * with where it came from. Offline, a tripitaka with nothing downloaded says so.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { OfflineReading } from "./pages/offline-reading.ts";
import { type Hit, OfflineSearch } from "./pages/offline-search.ts";
import { pagePerTest } from "./support/suite.ts";

const DOWNLOADED = ["TS0251", "TS0262"];
const SEARCHES = [
  `/TS/search?keyword=${encodeURIComponent("菩薩")}&mode=exact&sutra_uids=${DOWNLOADED.join(",")}`,
  `/TS/search?keyword=${encodeURIComponent("众生 说法")}&sutra_uids=${DOWNLOADED.join(",")}`,
];

let context: BrowserContext;
let page: Page;
let search: OfflineSearch;

pagePerTest({ context: { serviceWorkers: "allow" } }, (opened) => {
  ({ context, page } = opened);
  search = new OfflineSearch(page);
});

/** The hits on show once the list marked `kind` holds as many reels as `expected`. */
async function hitsFrom(kind: "local" | "server", expected: Hit[]): Promise<Hit[]> {
  await search.source(kind).waitFor();
  await expect.poll(async () => (await search.hits()).length, { timeout: 30_000 }).toBe(expected.length);
  return search.hits();
}

describe("offline search on the search page", () => {
  it("finds in downloaded sutras what the server finds, online by choice and offline", async () => {
    const online: Hit[][] = [];
    for (const url of SEARCHES) {
      await page.goto(url);
      await search.source("server").waitFor();
      // The list may still be marked busy for a moment after its source shows.
      await expect.poll(async () => (await search.hits()).length).toBeGreaterThan(1);
      online.push(await search.hits());
    }
    await new OfflineReading(page).serviceWorkerInCharge();
    await search.libraryOpened();
    expect(await search.store("TS", DOWNLOADED, ["std_txt", "sim_txt"])).toBe(16);

    // A fresh worker indexes what is in the library; local search answers from it.
    await page.goto(SEARCHES[0] as string);
    await page.reload();
    await search.localSwitch().check();
    expect(await hitsFrom("local", online[0] as Hit[])).toEqual(online[0]);

    await search.localSwitch().uncheck();
    await search.source("server").waitFor();
    await context.setOffline(true);
    for (const [i, url] of SEARCHES.entries()) {
      await page.goto(url);
      expect(await hitsFrom("local", online[i] as Hit[]), url).toEqual(online[i]);
      await page.reload();
      expect(await hitsFrom("local", online[i] as Hit[]), `${url} after a reload`).toEqual(online[i]);
    }

    await page.goto(`/JS/search?keyword=${encodeURIComponent("佛")}`);
    await search.nothingLocal().waitFor();
    expect(await search.hits()).toEqual([]);
  });
});
