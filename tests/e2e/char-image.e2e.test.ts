/**
 * The character image screen in the browser, as a researcher: finding a character of the scan
 * GL_79_4_7 (picked from the corpus's box data) through the group view and the list, seeing its
 * box drawn on its column image, and opening page reading there, which marks it; the statistics
 * dropdown with the categories it counts, and the cards; the group view's order; a tripitaka with
 * no character images, which points to those that have them.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CharImagePage, type CutBox, cutBoxes, researcherApi } from "./pages/char-image.ts";
import { PageReader } from "./pages/page-reader.ts";
import { launchBrowser, newContext } from "./support/browser.ts";
import { grantResearcher, passwordToken, registerByApi, signInContext } from "./support/session.ts";

const researcher = { username: "e2e_char_image", contact: "char-image@e2e.test", password: "char-image-1" };
const PAGE_UID = "GL_79_4_7";

let browser: Browser;
let context: BrowserContext;
let page: Page;
let screen: CharImagePage;
let token: string;
/** A character printed once on the page, in the main text (not the small notes of line 1). */
let chosen: CutBox;
let cid: string;

beforeAll(async () => {
  browser = await launchBrowser();
  await registerByApi(researcher);
  await grantResearcher(researcher.username);
  token = await passwordToken(researcher.username, researcher.password);
  const boxes = cutBoxes(PAGE_UID);
  const times = new Map<string, number>();
  for (const box of boxes) times.set(box.ch, (times.get(box.ch) ?? 0) + 1);
  const once = boxes.find((box) => times.get(box.ch) === 1 && box.line_no > 1 && box.w > 25);
  if (!once) throw new Error(`no character printed once on ${PAGE_UID}`);
  chosen = once;
  cid = `${PAGE_UID}.${chosen.line_no}.${chosen.char_no}`;
});
afterAll(async () => {
  await browser.close();
});
beforeEach(async () => {
  context = await newContext(browser);
  await signInContext(context, researcher.username, researcher.password);
  page = await context.newPage();
  screen = new CharImagePage(page);
});
afterEach(async () => {
  await context.close();
});

describe("the character image screen", () => {
  it("finds a character of GL_79_4_7, shows its box on the column image and opens the page there", async () => {
    await screen.open("GL");
    await screen.listSettled();
    expect(await screen.rows.count()).toBe(10);

    // The page's characters counted in the group view; choosing one searches it in the list.
    await screen.tab("group").click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "group");
    await screen.groupsSettled();
    await screen.openMore();
    await screen.field("page_uid").fill(PAGE_UID);
    await screen.field("page_uid").press("Enter");
    await page.waitForURL(
      (url) => url.searchParams.get("page_uid") === PAGE_UID && url.searchParams.get("tab") === "group",
    );
    const tile = await screen.findGroup(chosen.ch);
    expect(await tile.getAttribute("data-count")).toBe("1");
    await tile.click();
    await page.waitForURL(
      (url) => url.searchParams.get("ot") === chosen.ch && url.searchParams.get("tab") === null,
    );
    await screen.listSettled();
    expect(await screen.rowIds()).toEqual([cid]);
    expect(await screen.field("ot").inputValue()).toBe(chosen.ch);

    // Its column: the box drawn where the server places the char, the size of the corpus's box.
    await screen.row(cid).locator('[data-column="page"]').click();
    await screen.columnBox(cid).waitFor();
    await expect
      .poll(() =>
        screen.columnImage().evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
      )
      .toBe(true);
    const column = await researcherApi<{ char_pos: { x: number; y: number; w: number; h: number } }>(
      token,
      `tripitaka/GL/char/column/img?page_uid=${PAGE_UID}&char_sn=${chosen.line_no}.${chosen.char_no}`,
    );
    expect(column.char_pos.w).toBeCloseTo(chosen.w, 0);
    expect(column.char_pos.h).toBeCloseTo(chosen.h, 0);
    const drawn = await screen.boxOnColumn(cid);
    expect(drawn.scale).toBeGreaterThan(0);
    for (const [shown, wanted] of [
      [drawn.x, column.char_pos.x],
      [drawn.y, column.char_pos.y],
      [drawn.width, column.char_pos.w],
      [drawn.height, column.char_pos.h],
    ] as const)
      expect(Math.abs(shown - wanted * drawn.scale)).toBeLessThan(1.5);
    expect(await screen.columnBox(cid).isVisible()).toBe(true);

    // Page reading opens at the char and marks it.
    await page.locator(`[data-open-page="${cid}"]`).click();
    await page.waitForURL(`**/page/${PAGE_UID}?cid=${encodeURIComponent(cid)}`);
    const reader = new PageReader(page);
    await reader.shows(PAGE_UID);
    await reader.box(cid, "cid").waitFor();
    const marked = await reader.onStage(reader.box(cid, "cid"));
    expect(marked.width).toBeGreaterThan(0);
  });

  it("shows the search's statistics, and the list as cards", async () => {
    await screen.open("GL", `?page_uid=${PAGE_UID}`);
    await screen.listSettled();
    await page.locator("[data-char-stats]").click();
    const figure = (id: string) => page.locator(`[data-char-stats-figures] [data-stat="${id}"]`);
    await figure("total").waitFor();
    const total = (
      await researcherApi<{ total: number }>(token, `tripitaka/GL/char/list?page_uid=${PAGE_UID}`)
    ).total;
    expect(total).toBe(cutBoxes(PAGE_UID).length);
    expect(await figure("total").textContent()).toBe(total.toLocaleString("zh-CN"));
    expect(await figure("chars").textContent()).toBe(
      String(new Set(cutBoxes(PAGE_UID).map((box) => box.ch)).size),
    );
    expect(await figure("pages").textContent()).toBe("1");
    expect(await figure("sutras").textContent()).toBe("1");

    // The categories counted: the server is asked for the chosen ones only, and the last one stays.
    const category = (id: string) => page.locator(`input[data-stats-category="${id}"]`);
    const asked = (categories: string) =>
      page.waitForResponse(
        (response) =>
          response.url().includes("/char/stats?") &&
          new URL(response.url()).searchParams.get("categories") === categories,
      );
    for (const [id, left] of [
      ["chars", "total,pages,sutras"],
      ["pages", "total,sutras"],
      ["sutras", "total"],
    ] as const) {
      const answer = asked(left);
      await category(id).click();
      expect((await answer).status()).toBe(200);
      await expect.poll(() => figure(id).count()).toBe(0);
    }
    expect(await figure("total").textContent()).toBe(total.toLocaleString("zh-CN"));
    await category("total").click();
    await page.locator("[data-stats-keep-one]").waitFor();
    expect(await category("total").isChecked()).toBe(true);
    expect(await figure("total").textContent()).toBe(total.toLocaleString("zh-CN"));
    await page.keyboard.press("Escape");

    // The choice is kept on the device.
    await page.reload();
    await screen.listSettled();
    await page.locator("[data-char-stats]").click();
    await figure("total").waitFor();
    expect(await page.locator("[data-stats-categories]").getAttribute("data-stats-categories")).toBe("total");
    expect(await figure("chars").count()).toBe(0);
    await page.keyboard.press("Escape");

    await page.locator("[data-char-mode]").click();
    await page.waitForURL((url) => url.searchParams.get("mode") === "card");
    await screen.listSettled();
    const cards = page.locator("[data-char-card]");
    expect(await cards.count()).toBe(10);
    const first = cards.first();
    await expect
      .poll(() =>
        first.locator("img").evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
      )
      .toBe(true);
    const firstCid = (await first.getAttribute("data-char-card")) ?? "";
    await first.click();
    await screen.columnBox(firstCid).waitFor();
  });

  it("orders the group view as chosen, keeping the order in the address", async () => {
    await screen.open("GL", `?tab=group&page_uid=${PAGE_UID}`);
    await screen.groupsSettled();
    const tiles = () =>
      page
        .locator("[data-char-group]")
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-char-group")));
    const byCount = await researcherApi<{ list: { txt: string }[] }>(
      token,
      `tripitaka/GL/char/group/list?page_uid=${PAGE_UID}`,
    );
    expect(await tiles()).toEqual(byCount.list.map((group) => group.txt));

    await page.locator('select[name="sort_by_group"]').selectOption("txt");
    await page.waitForURL((url) => url.searchParams.get("sort_by_group") === "txt");
    await screen.groupsSettled();
    const byTxt = await researcherApi<{ list: { txt: string }[] }>(
      token,
      `tripitaka/GL/char/group/list?page_uid=${PAGE_UID}&sort_by=txt`,
    );
    const txts = byTxt.list.map((group) => group.txt);
    const ascending = (a: string, b: string): boolean => {
      const [x, y] = [
        Array.from(a, (c) => c.codePointAt(0) ?? 0),
        Array.from(b, (c) => c.codePointAt(0) ?? 0),
      ];
      for (let i = 0; i < Math.min(x.length, y.length); i++)
        if (x[i] !== y[i]) return (x[i] ?? 0) < (y[i] ?? 0);
      return x.length < y.length;
    };
    for (let i = 1; i < txts.length; i++)
      expect(ascending(txts[i - 1] ?? "", txts[i] ?? ""), txts[i]).toBe(true);
    expect(await tiles()).toEqual(txts);
    expect(txts).not.toEqual(byCount.list.map((group) => group.txt));
  });

  it("says when a tripitaka has no character images, in both views, and leads to one that has", async () => {
    await screen.open("TS");
    const hint = page.locator('[data-elsewhere-hint="ready"]');
    await hint.waitFor();
    const elsewhere = page.locator('[data-elsewhere-hint="ready"] [data-elsewhere]');
    expect(await elsewhere.count()).toBeGreaterThan(0);
    expect(await hint.locator('[data-elsewhere="TS"]').count()).toBe(0);
    await page.locator('[data-char-tab="group"]').click();
    await page.locator('[data-char-groups="ready"] [data-elsewhere-hint="ready"]').waitFor();
    const target = (await elsewhere.first().getAttribute("data-elsewhere")) ?? "";
    await elsewhere.first().click();
    await page.waitForURL(`**/${target}/char-image**`);
    await screen.listSettled();
    expect(await page.locator("[data-char-row]").count()).toBeGreaterThan(0);
    expect(await page.locator("[data-elsewhere-hint]").count()).toBe(0);
  });
});
