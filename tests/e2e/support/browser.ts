/**
 * Debian's Chromium driven by playwright-core. Each test file opens one browser; each test a fresh
 * context (its own storage and cookies) on the running product.
 */
import type { Browser, BrowserContext } from "playwright-core";
import { inject } from "vitest";

export { chromiumPath, launchBrowser } from "../../support/chromium.ts";

export type ContextOptions = {
  locale?: "zh-CN" | "zh-TW" | "en";
  /** The built app registers its service worker (allowed by default); "block" keeps a test off it. */
  serviceWorkers?: "allow" | "block";
  /** The browser's time zone (Asia/Shanghai, the site's, unless given). */
  timeZone?: string;
};

export async function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: inject("e2eBaseUrl"),
    locale: options.locale ?? "zh-CN",
    timezoneId: options.timeZone ?? "Asia/Shanghai",
    viewport: { width: 1280, height: 900 },
    serviceWorkers: options.serviceWorkers ?? "allow",
    // Fluent's motions (a drawer sliding in, a menu, an accordion panel growing) then take 1 ms:
    // a click aimed at a part that is still moving can land on the one beside it.
    reducedMotion: "reduce",
  });
  context.setDefaultTimeout(15_000);
  return context;
}
