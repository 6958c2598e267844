/**
 * The reader's article screens in the browser, as a guest: the seeded introduction with its table
 * of contents, current heading, hash anchors and back-to-top; the help in English; news published
 * by an administrator, opened from the list and back to the same place in it; missing articles.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { ArticleAdmin, GuidePage, type NewsForm, NewsPages } from "./pages/article-pages.ts";
import { pagePerTest } from "./support/suite.ts";

let page: Page;

/** Near the bottom of an introduction page the last heading is the current one (spec section 9). */
const NEAR_BOTTOM_PX = 400;
/** Makes this run's articles its own in a database other test files write to as well. */
const run = Date.now().toString(36);
/** A short window, so that the seeded introduction scrolls enough to put its second heading at the top. */
const SHORT_WINDOW = { width: 1280, height: 400 };

pagePerTest({}, (opened) => {
  ({ page } = opened);
});

async function openIntroduction(): Promise<GuidePage> {
  await page.setViewportSize(SHORT_WINDOW);
  await page.goto("/JS/Introduction");
  const guide = new GuidePage(page);
  await guide.tocEntries().first().waitFor();
  return guide;
}

describe("the introduction", () => {
  it("lists its headings in the table of contents and marks the current one while scrolling", async () => {
    const guide = await openIntroduction();
    expect(await guide.uid()).toBe("JS-intro");
    const headings = await guide.headings();
    expect(headings.length).toBeGreaterThanOrEqual(3);
    expect(await guide.entries()).toEqual(headings.map(({ id, text, level }) => ({ id, text, level })));
    const first = headings[0];
    const last = headings.at(-1);
    if (!first || !last) throw new Error("no headings");
    await expect.poll(() => guide.currentEntry()).toBe(first.id);

    // The introduction is short: past its first heading the page is soon within 400 px of its end.
    const { max } = await guide.scroll();
    await guide.scrollTo(max - NEAR_BOTTOM_PX - 1);
    expect(await guide.headingTop(headings[1]?.id ?? "")).toBeGreaterThan(80);
    await expect.poll(() => guide.currentEntry()).toBe(first.id);
    await guide.scrollTo(max - NEAR_BOTTOM_PX);
    await expect.poll(() => guide.currentEntry()).toBe(last.id);
    await guide.scrollTo(0);
    await expect.poll(() => guide.currentEntry()).toBe(first.id);
  });

  it("puts a chosen heading in the address, and a reload lands on it again", async () => {
    const guide = await openIntroduction();
    const headings = await guide.headings();
    const chosen = headings[1];
    if (!chosen) throw new Error("fewer than two headings");
    await guide.tocEntry(chosen.id).click();
    await expect.poll(() => guide.hash()).toBe(chosen.id);
    await expect.poll(() => guide.headingTop(chosen.id)).toBeLessThan(40);
    const top = await guide.headingTop(chosen.id);
    expect(top).toBeGreaterThanOrEqual(0);
    expect((await guide.scroll()).y).toBeGreaterThan(0);
    expect(await guide.currentEntry()).toBe(chosen.id);

    await page.reload();
    await guide.tocEntries().first().waitFor();
    expect(guide.hash()).toBe(chosen.id);
    await expect.poll(async () => Math.round(await guide.headingTop(chosen.id))).toBe(Math.round(top));
    expect(await guide.currentEntry()).toBe(chosen.id);
  });

  it("opens at a heading named in the address", async () => {
    const guide = await openIntroduction();
    const target = (await guide.headings())[1];
    if (!target) throw new Error("fewer than two headings");
    await page.goto(`/JS/Introduction#${encodeURIComponent(target.id)}`);
    await guide.tocEntries().first().waitFor();
    await expect.poll(() => guide.headingTop(target.id)).toBeLessThan(40);
    expect(await guide.headingTop(target.id)).toBeGreaterThanOrEqual(0);
  });

  it("shows a back-to-top button once scrolled down, which goes back to the top", async () => {
    const guide = await openIntroduction();
    expect(await guide.backToTop().count()).toBe(0);
    const { max } = await guide.scroll();
    expect(max).toBeGreaterThan(400);
    await guide.scrollTo(max);
    await guide.backToTop().click();
    await expect.poll(async () => (await guide.scroll()).y).toBe(0);
    await guide.backToTop().waitFor({ state: "detached" });
  });

  it("is reached from the header menu and from the edition summary on home", async () => {
    await page.goto("/JS");
    await page.locator("[data-home-introduction]").click();
    await page.waitForURL("**/JS/Introduction");
    await new GuidePage(page).guide().waitFor();
    await page.goto("/help");
    await page.locator('header [data-nav="introduction"]').click();
    await page.waitForURL("**/JS/Introduction");
    expect(await new GuidePage(page).uid()).toBe("JS-intro");
  });
});

describe("help", () => {
  it("marks the heading scrolled to the top of the window as the current one", async () => {
    await page.goto("/help");
    const guide = new GuidePage(page);
    await guide.tocEntries().first().waitFor();
    const headings = await guide.headings();
    const { max } = await guide.scroll();
    // A heading in the middle with room above and below it, well before the page's end.
    const index = headings.findIndex((heading, i) => {
      const [previous, next] = [headings[i - 1], headings[i + 1]];
      return (
        i >= headings.length / 2 &&
        previous !== undefined &&
        next !== undefined &&
        heading.top - previous.top > 120 &&
        next.top - heading.top > 120 &&
        next.top < max - NEAR_BOTTOM_PX
      );
    });
    const [previous, heading, next] = [headings[index - 1], headings[index], headings[index + 1]];
    if (!previous || !heading || !next) throw new Error("no heading in the help's middle to scroll to");

    await guide.scrollTo(heading.top - 10);
    await expect.poll(() => guide.currentEntry()).toBe(heading.id);
    await guide.scrollTo(heading.top + 20);
    await expect.poll(() => guide.currentEntry()).toBe(heading.id);
    await guide.scrollTo(next.top - 10);
    await expect.poll(() => guide.currentEntry()).toBe(next.id);
    await guide.scrollTo(heading.top - 100);
    await expect.poll(() => guide.currentEntry()).toBe(previous.id);
  });

  it("shows the English help after switching the language", async () => {
    await page.goto("/help");
    const guide = new GuidePage(page);
    await guide.tocEntries().first().waitFor();
    expect(await guide.uid()).toBe("help");
    const chineseTitle = await guide.title().textContent();

    await page.getByRole("button", { name: "语言" }).click();
    await page.getByRole("menuitemradio", { name: "English" }).click();
    await expect.poll(() => guide.uid()).toBe("help.en");
    const title = (await guide.title().textContent()) ?? "";
    expect(title).not.toBe(chineseTitle);
    expect(title).toMatch(/[A-Za-z]/);
    expect(title).not.toMatch(/\p{Script=Han}/u);
    // The tab names the article, not only the screen.
    await expect.poll(() => page.title()).toContain(`${title} - `);
    const headings = await guide.headings();
    expect(headings.length).toBeGreaterThan(3);
    expect(await guide.entries()).toEqual(headings.map(({ id, text, level }) => ({ id, text, level })));
    expect(await page.locator('header [data-nav="help"]').textContent()).toBe("Help");

    await page.reload();
    await guide.tocEntries().first().waitFor();
    expect(await guide.uid()).toBe("help.en");
  });
});

describe("news", () => {
  const summary =
    "本则资讯用于核对新闻列表：列表按置顶与发布时间排列，每条显示标题、摘要与日期，读者读完文章返回列表时应回到原来的位置。";
  const published: NewsForm[] = Array.from({ length: 12 }, (_, index) => ({
    uid: `e2e-news-${run}-${index + 1}`,
    title: `测试资讯 ${run} 第 ${index + 1} 则`,
    summary,
    content: `## 正文\n\n第 ${index + 1} 则资讯的正文。\n\n| 项目 | 内容 |\n|---|---|\n| 编号 | ${index + 1} |`,
  }));
  const newest = published.at(-1) as NewsForm;
  const oldest = published[0] as NewsForm;

  beforeAll(async () => {
    const admin = new ArticleAdmin();
    for (const form of published) await admin.publish(form);
  });

  it("lists a published article for a guest, and opens it", async () => {
    const news = new NewsPages(page);
    await page.goto("/article");
    await news.item(newest.uid).waitFor();
    expect(new URL(page.url()).search).toBe("");
    expect(await news.item(newest.uid).textContent()).toContain(summary);
    await news.link(newest.uid).click();
    await page.waitForURL(`**/article/${newest.uid}`);
    const article = news.article(newest.uid);
    await article.getByRole("heading", { name: newest.title, level: 1 }).waitFor();
    await article.getByRole("heading", { name: "正文", level: 2 }).waitFor();
    expect(await article.locator("table td").allTextContents()).toEqual(["编号", "12"]);
  });

  it("keeps the list's scroll position when the reader comes back from an article", async () => {
    const news = new NewsPages(page);
    await page.goto("/article?page_size=20");
    await news.item(oldest.uid).waitFor();
    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }),
    );
    await news.link(oldest.uid).scrollIntoViewIfNeeded();
    const y = await news.scrollY();
    expect(y).toBeGreaterThan(300);

    await news.link(oldest.uid).click();
    await news.article(oldest.uid).waitFor();
    expect(await news.scrollY()).toBe(0);
    await page.goBack();
    await news.item(oldest.uid).waitFor();
    await expect.poll(() => news.scrollY()).toBe(y);

    await news.link(oldest.uid).click();
    await news.article(oldest.uid).waitFor();
    await news.backToList().click();
    await page.waitForURL("**/article?page_size=20");
    await news.item(oldest.uid).waitFor();
    await expect.poll(() => news.scrollY()).toBe(y);
  });

  it("keeps the page and page size in the address, the defaults left out", async () => {
    const news = new NewsPages(page);
    await page.goto("/article?page_size=20");
    await news.item(newest.uid).waitFor();
    await page.locator('select[name="page_size"]').selectOption("10");
    await page.waitForURL((url) => url.pathname === "/article" && url.search === "");
    await page.getByRole("button", { name: "第 2 页" }).click();
    await page.waitForURL((url) => url.search === "?page_no=2");
    await page.getByRole("button", { name: "第 2 页" }).and(page.locator('[aria-current="page"]')).waitFor();
    await page.locator("[data-news-item]").first().waitFor();
    expect(await news.item(newest.uid).count()).toBe(0);
    await page.getByRole("button", { name: "第 1 页" }).click();
    await page.waitForURL((url) => url.pathname === "/article" && url.search === "");
    await news.item(newest.uid).waitFor();
  });

  it("sends an unknown or impossible article uid to /404", async () => {
    await page.goto(`/article/e2e-missing-${run}`);
    await page.waitForURL("**/404");
    await page.goto("/article/not%20an%20article");
    await page.waitForURL("**/404");
  });
});

describe("staff and donors pages", () => {
  it("shows the edition's staff page from home's footer, and /404 for a page not written", async () => {
    const staff: NewsForm = {
      uid: "JS-staff",
      title: `径山藏工作团队 ${run}`,
      summary: "参与径山藏数字化的人员。",
      content: "## 校对\n\n- 校对组\n\n## 录入\n\n- 录入组",
    };
    await new ArticleAdmin().publish(staff, "intro");
    await page.goto("/JS");
    await page.locator('[data-footer-link="staff"]').click();
    await page.waitForURL("**/JS/staff");
    const article = new NewsPages(page).article(staff.uid);
    await article.getByRole("heading", { name: staff.title, level: 1 }).waitFor();
    expect(await article.getByRole("heading", { level: 2 }).allTextContents()).toEqual(["校对", "录入"]);
    expect(await page.locator("[data-back-to-list]").count()).toBe(0);

    await page.goto("/ZF/donors");
    await page.waitForURL("**/404");
  });
});
