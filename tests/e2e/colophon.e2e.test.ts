/**
 * The colophon screen in the browser, as a researcher, over the 径山藏 colophons of the starter
 * canon: searching by era (康熙) and by engraver (the fields behind "more"), the query kept in the
 * address; sorting by year; the table's width with its first two columns fixed as it scrolls; the
 * page drawer, which says the page has no scan and links to page reading; the reel link.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ColophonScreen } from "./pages/colophon.ts";
import { launchBrowser, newContext } from "./support/browser.ts";
import { grantResearcher, registerByApi, signInContext } from "./support/session.ts";

let browser: Browser;
let context: BrowserContext;
let page: Page;
const researcher = { username: "e2e_colophon", contact: "colophon@e2e.test", password: "colophon-pass1" };

beforeAll(async () => {
  browser = await launchBrowser();
  await registerByApi(researcher);
  await grantResearcher(researcher.username);
  context = await newContext(browser);
  await signInContext(context, researcher.username, researcher.password);
  page = await context.newPage();
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

describe("the colophon screen", () => {
  it("searches by era and by engraver, and keeps the query across a reload", async () => {
    const screen = new ColophonScreen(page);
    await screen.open("JS");
    // 大慧普覺禪師年譜, 芝巖秀禪師語錄 (three) and 天一悅禪師語錄, by reel.
    expect(await screen.reels()).toEqual(["JSA042_1", "JSB213_1", "JSB213_2", "JSB213_2", "JSB470_1"]);
    expect(await screen.field("engraver").count()).toBe(0);

    await screen.search({ pub_era: "康熙" });
    expect(await screen.reels()).toEqual(["JSB470_1"]);
    const row = screen.rows.first();
    expect(await screen.cell(row, "pub_year").textContent()).toBe("1707");
    expect(await screen.cell(row, "pub_address").textContent()).toBe("嘉興楞嚴寺般若堂");

    await screen.clear();
    await screen.showMoreFields();
    await screen.search({ engraver: "倪尔绳" });
    expect(await screen.reels()).toEqual(["JSB470_1"]);
    expect(await screen.cell(screen.rows.first(), "engraver").textContent()).toBe("楞嚴 夏維寧 倪爾繩");

    await page.reload();
    await screen.settled();
    expect(await screen.field("engraver").inputValue()).toBe("倪尔绳");
    expect(await screen.reels()).toEqual(["JSB470_1"]);
  });

  it("sorts by year, the dated colophon first either way", async () => {
    const screen = new ColophonScreen(page);
    await screen.open("JS");
    await screen.sortBy("pub_year", "pub_year");
    const reels = await screen.reels();
    expect(reels[0]).toBe("JSB470_1");
    expect(reels).toHaveLength(5);
    await screen.sortBy("pub_year", "-pub_year");
    expect((await screen.reels())[0]).toBe("JSB470_1");
  });

  it("is 1820 px wide and keeps its first two columns in view as it scrolls sideways", async () => {
    const screen = new ColophonScreen(page);
    await screen.open("JS");
    const table = page.locator("table").first();
    expect((await table.boundingBox())?.width).toBe(1820);
    const note = screen.cell(screen.rows.first(), "pub_note");
    const reel = screen.cell(screen.rows.first(), "reel_name");
    const before = { note: (await note.boundingBox())?.x, reel: (await reel.boundingBox())?.x };
    await table.evaluate((element) => {
      const scroller = element.parentElement;
      if (scroller) scroller.scrollLeft = 600;
    });
    await expect
      .poll(async () => (await screen.cell(screen.rows.first(), "pub_era").boundingBox())?.x)
      .toBeLessThan(600);
    expect((await note.boundingBox())?.x).toBe(before.note);
    expect((await reel.boundingBox())?.x).toBe(before.reel);
  });

  it("opens the page drawer, which says the page has no scan and leads to page reading", async () => {
    const screen = new ColophonScreen(page);
    await screen.open("JS", "?pub_era=康熙");
    const drawer = await screen.openPages(screen.rows.first());
    expect(await drawer.getAttribute("data-colophon-drawer")).toBe("JS_39_934b");
    const box = await drawer.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(Math.round(1280 * 0.45));
    await drawer.locator("[data-no-scan]").waitFor();
    expect(await drawer.locator("[data-next-page]").count()).toBe(0);
    await drawer.locator("[data-read-page]").click();
    await page.waitForURL("**/page/JS_39_934b");
  });

  it("opens a colophon's reel", async () => {
    const screen = new ColophonScreen(page);
    await screen.open("JS", "?pub_era=康熙");
    await screen.rows.first().locator("[data-open-reel]").click();
    await page.waitForURL("**/scroll/JSB470_1");
  });
});
