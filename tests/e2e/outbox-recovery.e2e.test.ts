/**
 * The outbox recovers by itself on a flaky server (real Chromium, the built app, the real server):
 * a reader reads the seven reels of a downloaded sutra offline, then comes back online where every
 * write is answered 500 on its first try and loses its connection on its second; the page is
 * reloaded while records wait for their next try. Every read reaches the server exactly once,
 * with no further reload, and the header never shows the offline sign while the browser is online.
 */
// Playwright routes a service worker's own requests only with its network events on.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = "1";

import type { Browser, BrowserContext, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { IDEMPOTENCY_HEADER } from "../../contract/idempotency.ts";
import { USER_DB_NAME } from "../../src/offline/userData/db.ts";
import { downloadFromButton, OfflineReading } from "./pages/offline-reading.ts";
import { storedFor } from "./pages/offline-sync.ts";
import { markReadingGuideDone } from "./pages/reel-reader.ts";
import { launchBrowser, newContext } from "./support/browser.ts";
import { registerByApi, signInContext } from "./support/session.ts";

let browser: Browser;
let context: BrowserContext;
const reader = { username: "e2e_outbox_flaky", contact: "outbox-flaky@e2e.test", password: "flaky-pass1" };

beforeAll(async () => {
  browser = await launchBrowser();
  await registerByApi(reader);
});
afterAll(async () => {
  await context?.close();
  await browser.close();
});

type Reels = { reels: { uid: string }[] };

async function reelsOf(sutraUid: string): Promise<string[]> {
  const response = await fetch(`${inject("e2eBaseUrl")}/v1/sutra/${sutraUid}/catalog`);
  return ((await response.json()) as { result: Reels }).result.reels.map((reel) => reel.uid);
}

/** Each keyed write: its first try answered 500, its second cut off, the next ones passed on. */
function flakyWrites() {
  const tries = new Map<string, number>();
  const log: string[] = [];
  const handle = async (route: Route) => {
    const request = route.request();
    const key = await request.headerValue(IDEMPOTENCY_HEADER);
    if (request.method() === "GET" || !key) return route.fallback();
    const n = (tries.get(key) ?? 0) + 1;
    tries.set(key, n);
    log.push(`${key} ${n}`);
    if (n === 1)
      return route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ code: 500, msg: "Internal Server Error", result: null }),
      });
    if (n === 2) return route.abort("connectionreset");
    return route.fallback();
  };
  return { tries, log, handle };
}

/** Records, across reloads, whether the offline sign showed while the browser said it was online. */
async function watchOfflineSign(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction("e2eOfflineSignSeen", (at: string) => void seen.push(at));
  await page.addInitScript(() => {
    const report = (window as unknown as { e2eOfflineSignSeen(at: string): void }).e2eOfflineSignSeen;
    const check = () => {
      if (navigator.onLine && document.querySelector("[data-offline-sign]")) report(location.pathname);
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
  });
  return seen;
}

/** How many tries the outbox's first record has had while it waits for the next (0 when none waits). */
function postponedTries(page: Page): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          const first = db.transaction("outbox").objectStore("outbox").openCursor();
          first.onerror = () => reject(first.error);
          first.onsuccess = () => {
            const record = first.result?.value as { status: string; attempts: number } | undefined;
            db.close();
            resolve(record?.status === "waiting" ? record.attempts : 0);
          };
        };
      }),
    USER_DB_NAME,
  );
}

describe("queued writes on a flaky server", () => {
  it("all reach the server exactly once within 60 s, with a reload while they wait", async () => {
    const reels = await reelsOf("TS0262");
    expect(reels).toHaveLength(7);
    context = await newContext(browser, { serviceWorkers: "allow" });
    await signInContext(context, reader.username, reader.password);
    await markReadingGuideDone(context);
    const page = await context.newPage();
    const offline = new OfflineReading(page);

    await page.goto("/TS");
    await offline.serviceWorkerInCharge();
    // The reader screen is cached by a reel of another sutra: a reel read twice is one recent read.
    await page.goto("/scroll/TS2059_1");
    await offline.reelLines().first().waitFor();
    await page.goto("/TS");
    const drawer = await offline.openDrawer();
    // The list settles (its rows' download states read from the library) before a button is used.
    await drawer.locator("[data-sutra]").first().waitFor();
    await drawer.locator('[data-sutra="TS0262"] [data-download-status]').waitFor();
    const sutraButton = drawer.locator('[data-sutra="TS0262"] [data-download-scope="sutra"]');
    await downloadFromButton(page, sutraButton, { forms: ["std_txt"] });
    await drawer
      .locator('[data-sutra="TS0262"] [data-download-status="complete"]')
      .waitFor({ timeout: 60_000 });

    await context.setOffline(true);
    await page.goto(`/scroll/${reels[0]}`);
    for (const uid of reels) {
      if (uid !== reels[0])
        await page.locator('[data-guide-target="toolbar"]').getByRole("button", { name: "下一卷" }).click();
      await page.locator(`[data-reel-uid="${uid}"]`).waitFor();
      await offline.reelLines().first().waitFor();
    }
    await expect.poll(() => page.locator("[data-sync-count]").getAttribute("data-sync-count")).toBe("7");

    const flaky = flakyWrites();
    await context.route("**/v1/**", flaky.handle);
    const offlineSign = await watchOfflineSign(page);
    await context.setOffline(false);
    const back = Date.now();

    // Reload while the first write waits for its next try, after its first failure.
    await expect.poll(() => postponedTries(page), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.reload();

    const readsOnServer = () => {
      const { reads } = storedFor(reader.username);
      return reels.map((uid) => reads[uid] ?? 0);
    };
    await expect
      .poll(readsOnServer, { timeout: 60_000 - (Date.now() - back), interval: 500 })
      .toEqual(reels.map(() => 1));
    expect([...flaky.tries.values()]).toEqual(reels.map(() => 3));
    expect(flaky.tries.size).toBe(7);
    expect(offlineSign).toEqual([]);
  }, 240_000);
});
