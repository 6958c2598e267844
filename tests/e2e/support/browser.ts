/**
 * Debian's Chromium driven by playwright-core. Each test file opens one browser; each test a fresh
 * context (its own storage and cookies) on the running product.
 */
import { existsSync } from "node:fs";
import { type Browser, type BrowserContext, chromium } from "playwright-core";
import { inject } from "vitest";

const CANDIDATES = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];

export function chromiumPath(): string {
  const found = CANDIDATES.find((path): path is string => path !== undefined && existsSync(path));
  if (!found) throw new Error("Chromium not found: install Debian's chromium package or set CHROMIUM_PATH");
  return found;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export type ContextOptions = { locale?: "zh-CN" | "zh-TW" | "en" };

export async function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: inject("e2eBaseUrl"),
    locale: options.locale ?? "zh-CN",
    timezoneId: "Asia/Shanghai",
    viewport: { width: 1280, height: 900 },
  });
  context.setDefaultTimeout(15_000);
  return context;
}
