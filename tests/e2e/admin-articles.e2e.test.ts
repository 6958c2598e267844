/**
 * The administrators' article screens in the browser: the header's admin dropdown; a news article
 * written with a cover and a picture and its live preview, published from the list's switch,
 * pinned, and read by a guest first in the news list; the JS introduction edited with a heading
 * that shows in its table of contents; a save the server refuses; the list's query in the address.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  AdminMenu,
  ArticleApi,
  ArticleFormPage,
  ArticleListPage,
  type ArticleRecord,
  ArticleViewPage,
  loaded,
  pngFile,
  toast,
} from "./pages/admin-article-pages.ts";
import { GuidePage, NewsPages } from "./pages/article-pages.ts";
import { launchBrowser, newContext } from "./support/browser.ts";
import { registerByApi, signInContext } from "./support/session.ts";

let browser: Browser;
let adminContext: BrowserContext;
let page: Page;
const api = new ArticleApi();

/** Makes this run's articles its own in a database other test files write to as well. */
const run = Date.now().toString(36);
const NEWS = {
  uid: `e2e-news-${run}`,
  title: `藏经数字化进展 ${run}`,
  summary: "径山藏影像与文本全部上线。",
  heading: "上线缘起",
};
const INTRO_UID = "JS-intro";
let introBefore: ArticleRecord | null = null;

beforeAll(async () => {
  browser = await launchBrowser();
  adminContext = await newContext(browser);
  const admin = inject("e2eAdmin");
  await signInContext(adminContext, admin.username, admin.password);
  page = await adminContext.newPage();
  // Going to another address from a form with unsaved changes: the browser asks, the test leaves.
  page.on("dialog", (dialog) => void dialog.accept());
  introBefore = await api.get(INTRO_UID);
});
afterAll(async () => {
  // The introduction other test files read goes back to its text.
  if (introBefore) {
    const { uid, title, type, summary, content, cover_url, is_actived } = introBefore;
    await api.save(INTRO_UID, { uid, title, type, summary, content, cover_url, is_actived });
  }
  await adminContext.close();
  await browser.close();
});

async function asGuest<T>(use: (guest: Page) => Promise<T>): Promise<T> {
  const context = await newContext(browser);
  try {
    return await use(await context.newPage());
  } finally {
    await context.close();
  }
}

describe("the header's admin dropdown", () => {
  it("offers the admin screens to an administrator and leads to the article list", async () => {
    await page.goto("/JS");
    const menu = new AdminMenu(page);
    expect(await menu.paths()).toEqual([
      "/admin/article",
      "/admin/user/list",
      "/admin/access-log",
      "/admin/statistical",
      "/admin/apply",
      "/admin/feedback",
    ]);
    await page.keyboard.press("Escape");
    await menu.open("/admin/article");
    await new ArticleListPage(page).settled();
  });

  it("is not shown to a reader or a guest", async () => {
    const reader = {
      username: `e2e_art_reader_${run}`,
      contact: `art-${run}@e2e.test`,
      password: "reader-pass1",
    };
    await registerByApi(reader);
    const context = await newContext(browser);
    try {
      await signInContext(context, reader.username, reader.password);
      const readerPage = await context.newPage();
      await readerPage.goto("/JS");
      await readerPage.locator("[data-user-menu]").waitFor();
      expect(await new AdminMenu(readerPage).trigger().count()).toBe(0);
    } finally {
      await context.close();
    }
    await asGuest(async (guest) => {
      await guest.goto("/JS");
      await guest.getByRole("button", { name: "登录" }).waitFor();
      expect(await new AdminMenu(guest).trigger().count()).toBe(0);
    });
  });
});

describe("a news article", () => {
  const form = () => new ArticleFormPage(page);
  const list = () => new ArticleListPage(page);

  it("is written with a cover and a picture, its heading previewed as it is typed", async () => {
    await list().open();
    await page.locator("[data-article-add]").click();
    await page.waitForURL("**/admin/article/add");
    expect(await form().typeChoice("news").isChecked()).toBe(true);
    expect(await form().published().isChecked()).toBe(false);

    await form().fill({ title: NEWS.title, uid: NEWS.uid, summary: NEWS.summary });
    await form()
      .fieldBox("summary")
      .getByText(`${Array.from(NEWS.summary).length}/500`)
      .waitFor();
    await form().field("content").fill(`## ${NEWS.heading}\n\n第一段正文。\n\n`);
    await form().preview().locator("h2", { hasText: NEWS.heading }).waitFor();

    await form().field("content").press("End");
    await form().insertImage(await pngFile("picture.png", "#2f6f4f"));
    const content = await form().field("content").inputValue();
    expect(content).toMatch(/!\[\]\(\/storage\/article\/\d+\/[0-9a-f]+\.png\)$/);
    const picture = form().preview().locator('img[src^="/storage/article/"]');
    await picture.waitFor();
    await expect.poll(() => loaded(picture)).toBe(true);

    await form().uploadCover(await pngFile("cover.png", "#987444"));
    expect(await form().coverPreview().getAttribute("src")).toMatch(
      /^\/storage\/article\/\d+\/[0-9a-f]+\.png$/,
    );
    await expect.poll(() => loaded(form().coverPreview())).toBe(true);

    await form().save();
    const view = new ArticleViewPage(page);
    await view.waitFor(NEWS.uid);
    expect(await view.state("published").getAttribute("data-article-published")).toBe("false");
    await view.body().locator("h2", { hasText: NEWS.heading }).waitFor();
    await expect.poll(() => loaded(view.body().locator("img"))).toBe(true);
  });

  it("is published from the list's switch and pinned, each with a message naming it", async () => {
    await list().open();
    const row = list().row(NEWS.uid);
    expect(await list().activeSwitch(NEWS.uid).isChecked()).toBe(false);
    await list().activeSwitch(NEWS.uid).click();
    await toast(page, `《${NEWS.title}》已发布`).waitFor();
    await expect.poll(() => list().activeSwitch(NEWS.uid).isChecked()).toBe(true);

    await list().pinButton(NEWS.uid).click();
    await toast(page, `《${NEWS.title}》已置顶`).waitFor();
    await expect.poll(() => row.getAttribute("data-pinned")).toBe("true");
    await row.locator("[data-article-pinned]").waitFor();
    expect(await list().pinButton(NEWS.uid).getAttribute("data-article-pin")).toBe("unpin");
    expect((await list().rowUids())[0]).toBe(NEWS.uid);
  });

  it("shows to a guest first in the news list, and opens with its picture", async () => {
    await asGuest(async (guest) => {
      const news = new NewsPages(guest);
      await guest.goto("/article");
      await news.list().locator("[data-news-item]").first().waitFor();
      expect(await news.list().locator("[data-news-item]").first().getAttribute("data-news-item")).toBe(
        NEWS.uid,
      );
      await news.link(NEWS.uid).click();
      await news.article(NEWS.uid).waitFor();
      await news.article(NEWS.uid).locator("h2", { hasText: NEWS.heading }).waitFor();
      const picture = news.article(NEWS.uid).locator('[data-article-body] img[src^="/storage/article/"]');
      await expect.poll(() => loaded(picture)).toBe(true);
    });
  });

  it("is not saved twice under its uid: the server's message shows and the form stays", async () => {
    await page.goto("/admin/article/add");
    const typed = { title: "重复的标识", uid: NEWS.uid, summary: "另一篇。", content: "另一篇的正文。" };
    await form().fill(typed);
    await form().save();
    await form()
      .alert("refused")
      .getByText(/already used/)
      .waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/article/add");
    expect(await form().values()).toEqual(typed);

    // Leaving with the unsaved form asks first; staying keeps it.
    await page.getByRole("link", { name: "藏经阅读" }).click();
    await form().leaveConfirm().waitFor();
    await page.locator("[data-leave-stay]").click();
    await form().leaveConfirm().waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe("/admin/article/add");
    expect(await form().values()).toEqual(typed);
    await page.getByRole("link", { name: "藏经阅读" }).click();
    await page.locator("[data-leave-proceed]").click();
    await page.waitForURL("**/JS");
  });

  it("checks required fields as they are typed and left", async () => {
    await page.goto("/admin/article/add");
    await form().field("title").fill("临时");
    await form().field("title").fill("");
    await form().fieldBox("title").getByText("请输入标题").waitFor();
    await form().field("uid").fill("bad uid");
    await form()
      .fieldBox("uid")
      .getByText(/标识只能使用字母/)
      .waitFor();
    await form().field("summary").focus();
    await form().field("content").focus();
    await form().fieldBox("summary").getByText("请输入摘要").waitFor();
    await form().save();
    await form().fieldBox("content").getByText("请输入正文").waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/article/add");
  });
});

describe("a missing article", () => {
  it("goes to /404 from its view and its edit screen", async () => {
    for (const screen of ["view", "update"]) {
      await page.goto(`/admin/article/${screen}/no-such-article-${run}`);
      await page.waitForURL("**/404");
    }
  });
});

describe("the JS introduction", () => {
  it("takes a new heading that shows in the table of contents of /JS/Introduction", async () => {
    const list = new ArticleListPage(page);
    await list.open(`?uid=${INTRO_UID}`);
    expect(await list.rowUids()).toContain(INTRO_UID);
    await list.row(INTRO_UID).locator("[data-article-edit]").click();
    await page.waitForURL(`**/admin/article/update/${INTRO_UID}`);

    const form = new ArticleFormPage(page);
    const heading = `校勘说明 ${run}`;
    const content = await form.field("content").inputValue();
    expect(content).toBe(introBefore?.content);
    await form.field("content").fill(`${content.trimEnd()}\n\n## ${heading}\n\n本次校勘的体例。\n`);
    await form.preview().locator("h2", { hasText: heading }).waitFor();
    await form.save();
    await new ArticleViewPage(page).waitFor(INTRO_UID);

    await asGuest(async (guest) => {
      await guest.goto("/JS/Introduction");
      const guide = new GuidePage(guest);
      await guide.tocEntries().first().waitFor();
      const entries = await guide.entries();
      expect(entries.at(-1)).toMatchObject({ text: heading, level: 2 });
    });
  });
});

describe("the article list's query", () => {
  const prefix = `e2e-page-${run}`;

  beforeAll(async () => {
    for (let n = 1; n <= 11; n += 1) {
      const number = String(n).padStart(2, "0");
      await api.add({
        uid: `${prefix}-${number}`,
        title: `分页文章 ${number}`,
        type: "news",
        summary: "用于分页。",
        content: "正文。",
        cover_url: "",
        is_actived: false,
      });
    }
  });

  it("lives in the address (filters, order, page), survives a reload, and Enter searches", async () => {
    const list = new ArticleListPage(page);
    await list.open();
    await list.searchFromField("uid", prefix);
    expect((await list.rowUids()).length).toBe(10);

    await list.header("uid").click();
    await expect.poll(() => list.searchValue("sort_by")).toBe("uid");
    await list.settled();
    await list.pageButton(2).click();
    await expect.poll(() => list.searchValue("page_no")).toBe("2");
    expect(await list.rowUids()).toEqual([`${prefix}-11`]);

    await page.reload();
    await list.settled();
    expect(list.searchValue("uid")).toBe(prefix);
    expect(await list.filter("uid").inputValue()).toBe(prefix);
    expect(await list.currentPage().textContent()).toBe("2");
    expect(await list.rowUids()).toEqual([`${prefix}-11`]);

    // Enter on the select (not a text field) presses the search button too.
    await list.choose("is_actived", "true");
    await list.filter("is_actived").press("Enter");
    await expect.poll(() => list.searchValue("is_actived")).toBe("true");
    await list.settled();
    expect(list.searchValue("page_no")).toBeNull();
    await list.empty.waitFor();
  });
});
