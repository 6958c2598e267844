/**
 * The page-image view limit as a reader meets it, on a server of its own (a copy of the shared
 * server's database) with a limit of one page a day for signed-in readers, as the shared server
 * has none: the second page shows the read-limit message in place of its scan, in each language;
 * the first page's scan comes at its granted address, thumbnails stay, downloads carry no scans.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../support/server-process.ts";
import { scannedPages } from "./pages/page-reader.ts";
import { launchBrowser } from "./support/browser.ts";
import { registerByApi } from "./support/session.ts";

let workDir = "";
let server: ServerProcess | null = null;
let browser: Browser;
let scans: string[];

const reader = { username: "e2e_limited_reader", contact: "limited-reader@e2e.test", password: "limited-1" };
const TOKEN_KEY = "canon-reader.token";

beforeAll(async () => {
  scans = await scannedPages("YB_22");
  expect(scans.length).toBeGreaterThanOrEqual(2);
  await registerByApi(reader);
  workDir = mkdtempSync(join(tmpdir(), "canon-limit-"));
  const sqliteFile = join(workDir, "canon.db");
  const shared = new Database(inject("e2eSqliteFile"), { readonly: true });
  try {
    await shared.backup(sqliteFile);
  } finally {
    shared.close();
  }
  // The shared server's clients are this machine too: the copy forgets their failed sign-ins and
  // counted requests, which could ask the reader's sign-in for a captcha.
  const copy = new Database(sqliteFile);
  try {
    copy.exec("DELETE FROM sign_in_failure; DELETE FROM rate_limit_hit;");
  } finally {
    copy.close();
  }
  server = await startServerProcess({
    entry: "build",
    readyPath: "/v1/tripitaka/all",
    timeoutMs: 120_000,
    env: {
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      SQLITE_FILE: sqliteFile,
      STORAGE_DIR: join(dirname(inject("e2eSqliteFile")), "storage"),
      WEB_DIST_DIR: inject("e2eWebDistDir"),
      JWT_SECRET: "e2e-limit-secret-0123456789-0123456789-0123",
      READER_PAGE_IMAGES_PER_DAY: "1",
    },
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

async function readerPage(locale: "zh-CN" | "zh-TW" | "en") {
  const response = await fetch(`${server?.url}/v1/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username: reader.username, password: reader.password }).toString(),
  });
  const token = ((await response.json()) as { result: { access_token: string } }).result.access_token;
  const context = await browser.newContext({
    baseURL: server?.url,
    locale,
    timezoneId: "Asia/Shanghai",
    viewport: { width: 1280, height: 900 },
    serviceWorkers: "block",
    reducedMotion: "reduce",
  });
  context.setDefaultTimeout(15_000);
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    TOKEN_KEY,
    token,
  ] as const);
  return { context, page: await context.newPage() };
}

it("shows the read-limit message in place of the scan past a reader's pages for the day", async () => {
  const [first = "", second = ""] = scans;
  const { context, page } = await readerPage("zh-CN");
  await page.goto(`/page/${first}`);
  const scan = page.locator("img[data-page-image]");
  await expect.poll(() => scan.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await page.locator("[data-read-limit]").count()).toBe(0);
  // The scan is shown at the address the counted view granted, not at its stored path.
  const shownAt = new URL((await scan.getAttribute("src")) ?? "", server?.url);
  expect(shownAt.searchParams.get("grant")).toMatch(/^\d+\./);
  expect((await page.request.get(shownAt.pathname)).status()).toBe(403);

  await page.goto(`/page/${second}`);
  await expect.poll(() => page.locator("[data-read-limit]").textContent()).toContain("页图浏览次数已达上限");
  expect(await page.locator("[data-page-image]").count()).toBe(0);
  expect(await page.locator("[data-page-uid]", { hasText: second }).count()).toBeGreaterThan(0);
  // Thumbnails are no views: the list still shows them past the limit.
  const thumb = page.locator(`[data-thumb="${second}"] img[data-thumb-img]`);
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await context.close();

  for (const [locale, words] of [
    ["zh-TW", "頁圖瀏覽次數已達上限"],
    ["en", "The page image view limit has been reached"],
  ] as const) {
    const other = await readerPage(locale);
    await other.page.goto(`/page/${second}`);
    await expect.poll(() => other.page.locator("[data-read-limit]").textContent()).toContain(words);
    expect(await other.page.locator("[data-page-image]").count()).toBe(0);
    await other.context.close();
  }
});

it("says a download carries no page scans where page-image views are limited", async () => {
  const { context, page } = await readerPage("en");
  await page.goto(`/page/${scans[0]}`);
  await page.locator("[data-catalogue-button]").click();
  await page.locator('[data-book-list] [data-download-scope="tripitaka"]').click();
  const dialog = page.locator("[data-download-dialog]");
  await dialog.locator("[data-plan-total]").waitFor();
  expect(await dialog.locator("[data-scans-withheld]").textContent()).toContain(
    "downloads carry no page images",
  );
  expect(await dialog.locator('input[data-part="images"]').count()).toBe(0);
  await context.close();
});
