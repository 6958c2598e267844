/**
 * The colophon screen in the browser, as a researcher, over the 径山藏 colophons of the starter
 * canon: searching by era (康熙) and by engraver (the fields behind "more"), the query kept in the
 * address; sorting by year; the table's width, its scrollbar, its header and first two columns
 * fixed as it scrolls sideways, and headers that never run into one another (in Chinese and in
 * English); the column chooser; a colophon opened in full; the page drawer, which says the page
 * has no scan and links to page reading; the reel link; a tripitaka without colophons, which
 * points to the one that has them.
 */
import type { Browser, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apart, ColophonScreen, inside } from "./pages/colophon.ts";
import { newContext } from "./support/browser.ts";
import { signInContext } from "./support/session.ts";
import { pagePerSuite } from "./support/suite.ts";

let browser: Browser;
let page: Page;
const researcher = { username: "e2e_colophon", contact: "colophon@e2e.test", password: "colophon-pass1" };

pagePerSuite({ user: researcher, researcher: true }, (opened) => {
  ({ browser, page } = opened);
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

  it("is 1820 px wide and scrolls sideways with a scrollbar, its header and first two columns fixed", async () => {
    const screen = new ColophonScreen(page);
    await screen.open("JS");
    expect((await page.locator("table").first().boundingBox())?.width).toBe(1820);
    const scroller = await screen.scroller.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
      overflowX: getComputedStyle(element).overflowX,
      scrollbar: Number.parseFloat(getComputedStyle(element, "::-webkit-scrollbar").height),
    }));
    // Nothing sticks out of the table: the box scrolls over the table's width exactly.
    expect(scroller.scrollWidth).toBe(1820);
    expect(scroller.clientWidth).toBeLessThan(1820);
    expect(scroller.overflowX).toBe("auto");
    expect(scroller.scrollbar).toBeGreaterThanOrEqual(8);

    const x = async (locator: Locator) => (await locator.boundingBox())?.x;
    const first = screen.rows.first();
    const fixed = [
      screen.cell(first, "pub_note"),
      screen.cell(first, "reel_name"),
      page.locator('th[data-column="pub_note"]'),
      page.locator('th[data-column="reel_name"]'),
    ];
    const before = await Promise.all(fixed.map(x));
    await screen.scrollSideways(600);
    await expect.poll(async () => x(screen.cell(first, "pub_era"))).toBeLessThan(600);
    expect(await Promise.all(fixed.map(x))).toEqual(before);
    expect(await x(page.locator('th[data-column="pub_era"]'))).toBeLessThan(600);
  });

  it.each(["zh-CN", "en"] as const)("in %s, no header runs into another, sorted or not", async (locale) => {
    const own = await newContext(browser, { locale });
    await signInContext(own, researcher.username, researcher.password);
    const screen = new ColophonScreen(await own.newPage());
    for (const query of ["", "?sort_by=thousand_char", "?sort_by=-pub_year", "?sort_by=char_count"]) {
      await screen.open("JS", query);
      const headers = await screen.headerBoxes();
      expect(headers).toHaveLength(17);
      for (const { column, cell, label } of headers)
        expect(inside(label, cell), `${locale}${query} ${column}: ${JSON.stringify(label)}`).toBe(true);
      for (const [i, a] of headers.entries())
        for (const b of headers.slice(i + 1))
          expect(apart(a.label, b.label), `${locale}${query} ${a.column} and ${b.column}`).toBe(true);
    }
    await own.close();
  });

  it("chooses its columns, keeps the choice, and fixes the first two columns shown", async () => {
    const screen = new ColophonScreen(page);
    await screen.open("JS");
    const all = await screen.columns();
    expect(all).toHaveLength(17);
    await screen.toggleColumn("刊记");
    await screen.toggleColumn("施刻人");
    const chosen = all.filter((column) => column !== "pub_note" && column !== "donor");
    expect(await screen.columns()).toEqual(chosen);
    expect((await page.locator("table").first().boundingBox())?.width).toBe(1820 - 220 - 110);

    await page.reload();
    await screen.settled();
    expect(await screen.columns()).toEqual(chosen);
    const first = screen.rows.first();
    const fixed = [screen.cell(first, "reel_name"), screen.cell(first, "page_uid")];
    const before = await Promise.all(fixed.map((cell) => cell.boundingBox()));
    await screen.scrollSideways(500);
    await expect
      .poll(async () => (await screen.cell(first, "pub_address").boundingBox())?.x)
      .toBeLessThan(500);
    expect(await Promise.all(fixed.map((cell) => cell.boundingBox()))).toEqual(before);

    await screen.toggleColumn("刊记");
    await screen.toggleColumn("施刻人");
    expect(await screen.columns()).toEqual(all);
  });

  it("opens a colophon in full from its row, and its pages from there", async () => {
    const screen = new ColophonScreen(page);
    await screen.open("JS", "?pub_era=康熙");
    const row = screen.rows.first();
    const cellText = row.locator("[data-open-colophon] [data-clipped]");
    const whole = await cellText.getAttribute("title");
    expect(await cellText.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);

    const drawer = await screen.openNote(row);
    const text = drawer.locator("[data-colophon-text]");
    expect(await text.textContent()).toBe(whole);
    expect(whole).toContain("嘉興楞嚴寺般若堂藏板");
    expect(await text.evaluate((element) => element.scrollHeight <= element.clientHeight)).toBe(true);
    expect(await drawer.locator('[data-detail="pub_year"]').textContent()).toBe("1707");
    expect(await drawer.locator('[data-detail="engraver"]').textContent()).toBe("楞嚴 夏維寧 倪爾繩");
    expect(await drawer.locator("[data-note-reel]").getAttribute("href")).toBe("/scroll/JSB470_1");

    await drawer.locator("[data-note-pages]").click();
    const pages = page.locator("[data-colophon-drawer]");
    expect(await pages.getAttribute("data-colophon-drawer")).toBe("JS_39_934b");
    await expect.poll(() => page.locator("[data-colophon-note]").count()).toBe(0);
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

  it("says when a tripitaka has no colophons, and leads to the one that has them", async () => {
    const screen = new ColophonScreen(page);
    await screen.open("TS");
    const hint = page.locator('[data-elsewhere-hint="ready"]');
    await hint.waitFor();
    expect(await hint.textContent()).toContain("大正藏");
    const jiaxing = hint.locator('[data-elsewhere="JS"]');
    expect(await jiaxing.textContent()).toContain("5");
    await jiaxing.click();
    await page.waitForURL("**/JS/colophon");
    await screen.settled();
    expect(await screen.reels()).toHaveLength(5);

    // A search that finds nothing says so, as anywhere else.
    await screen.search({ pub_era: "不存在的年號" });
    expect(await page.locator("[data-elsewhere-hint]").count()).toBe(0);
    expect(await page.locator("[data-admin-empty]").count()).toBe(1);
  });
});
