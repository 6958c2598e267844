/**
 * The site's own articles with no network, in real Chromium with the service worker in charge: the
 * help, an introduction, the terms and the privacy policy a reader opened online read again after
 * a reload offline; an article read in English stays English, with its image; a tripitaka's
 * introduction comes with its download and goes with it. An article never opened says so with the
 * app's offline message.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ArticleAdmin, GuidePage, NewsPages } from "./pages/article-pages.ts";
import { keptArticle, keptImagePaths, scanThumbPath } from "./pages/offline-articles.ts";
import { startDownload, waitForStatus } from "./pages/offline-downloads.ts";
import { OfflineReading } from "./pages/offline-reading.ts";
import type { ContextOptions } from "./support/browser.ts";
import { contextPerTest } from "./support/suite.ts";

let context: BrowserContext;
let page: Page;
let offline: OfflineReading;
let guide: GuidePage;
let pageErrors: string[];
const run = Date.now().toString(36);
const openContext = contextPerTest({ readingGuideDone: true });

/** A guest's page whose service worker is in charge, so a reload works with no network. */
async function openGuest(options: ContextOptions = {}): Promise<void> {
  context = await openContext({ ...options, serviceWorkers: "allow" });
  page = await context.newPage();
  page.on("dialog", (confirm) => void confirm.accept());
  pageErrors = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  offline = new OfflineReading(page);
  guide = new GuidePage(page);
  await page.goto("/TS");
  await offline.serviceWorkerInCharge();
}

/** Opens a guide page (help or introduction) and gives its uid, title and headings. */
async function readGuide(path: string) {
  await page.goto(path);
  await guide.tocEntries().first().waitFor();
  const headings = (await guide.headings()).map((heading) => heading.text);
  return { uid: await guide.uid(), title: await guide.title().textContent(), headings };
}

async function readPolicy(path: string, title: string): Promise<string> {
  await page.goto(path);
  const article = page
    .locator("article")
    .filter({ has: page.getByRole("heading", { level: 1, name: title }) });
  await article.waitFor();
  return (await article.textContent()) ?? "";
}

describe("the site's articles offline", () => {
  it("reads the help, an introduction, the terms and the privacy policy opened online after a reload offline", async () => {
    await openGuest();
    const help = await readGuide("/help");
    expect(help.uid).toBe("help");
    const intro = await readGuide("/JS/Introduction");
    expect(intro.uid).toBe("JS-intro");
    expect(intro.headings.length).toBeGreaterThan(0);
    const terms = await readPolicy("/terms", "用户协议");
    const privacy = await readPolicy("/privacy", "隐私政策");

    await context.setOffline(true);
    await page.goto("/help");
    await page.reload();
    expect(await readGuide("/help")).toEqual(help);
    await page.reload();
    expect(await readGuide("/JS/Introduction")).toEqual(intro);
    await page.reload();
    expect(await readPolicy("/terms", "用户协议")).toBe(terms);
    await page.reload();
    expect(await readPolicy("/privacy", "隐私政策")).toBe(privacy);

    await page.goto("/TS/Introduction");
    const bar = offline.notAvailable("article");
    await bar.waitFor();
    expect(await bar.textContent()).toContain("TS-intro");
    expect(await page.locator("[data-guide]").count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/TS/Introduction");
    expect(pageErrors).toEqual([]);

    // Once the network is back the screen loads by itself.
    await context.setOffline(false);
    await guide.tocEntries().first().waitFor({ timeout: 30_000 });
    expect(await guide.uid()).toBe("TS-intro");
  }, 180_000);

  it("keeps an article in the language it was read in, with its image", async () => {
    const image = await scanThumbPath("JX_165_7_4");
    const uid = `offline-news-${run}`;
    await new ArticleAdmin().publish({
      uid,
      title: `离线资讯 ${run}`,
      summary: "离线阅读的资讯",
      content: `# 离线资讯\n\n这篇资讯带着一张图。\n\n![scan](${image})`,
    });
    await openGuest({ locale: "en" });
    const help = await readGuide("/help");
    expect(help.uid).toBe("help.en");
    const news = new NewsPages(page);
    await page.goto(`/article/${uid}`);
    const picture = news.article(uid).locator("[data-article-body] img");
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect.poll(() => keptImagePaths(page)).toEqual([image]);
    expect((await keptArticle(page, "help", "en"))?.opened_at).toBeGreaterThan(0);
    expect(await keptArticle(page, "help", "zh-CN")).toBeNull();

    await context.setOffline(true);
    await page.reload();
    await news.article(uid).waitFor();
    expect(await news.article(uid).locator("[data-article-body]").textContent()).toContain(
      "这篇资讯带着一张图",
    );
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await readGuide("/help")).toEqual(help);
    expect(pageErrors).toEqual([]);
  }, 180_000);

  it("keeps the introduction of a downloaded tripitaka until its download is deleted", async () => {
    await openGuest();
    await page.goto("/scroll/TS0262_1");
    // The edition's name arrives with the tripitaka list and moves the sutra name aside.
    await page.locator("[data-reel-header] [data-edition]").waitFor();
    await page.locator("[data-sutra-name]").hover();
    await page.locator('[data-sutra-card] [data-download-scope="sutra"]').click();
    await startDownload(page, { pages: false });
    await page.locator("[data-offline-link]").click();
    await waitForStatus(page, "TS:sutra:TS0262", "complete");
    await expect.poll(async () => (await keptArticle(page, "TS-intro", "zh-CN"))?.with_download).toBe(true);
    expect((await keptArticle(page, "TS-intro", "zh-CN"))?.opened_at).toBeNull();

    await context.setOffline(true);
    await page.goto("/TS/Introduction");
    await page.reload();
    await guide.tocEntries().first().waitFor();
    expect(await guide.uid()).toBe("TS-intro");

    await context.setOffline(false);
    await page.goto("/offline");
    const row = page.locator('[data-storage-panel] [data-download="TS:sutra:TS0262"]');
    await row.locator('[data-action="delete"]').click();
    await row.waitFor({ state: "detached" });
    await expect.poll(() => keptArticle(page, "TS-intro", "zh-CN")).toBeNull();

    await context.setOffline(true);
    await page.goto("/TS/Introduction");
    await offline.notAvailable("article").waitFor();
    expect(pageErrors).toEqual([]);
  }, 180_000);
});
