/**
 * The character type screen in the browser, as a researcher: the rare characters of the 径山藏
 * text, filtered to the private-use gaiji with is-manual "yes" (one list call for the search: the
 * address change that follows it loads nothing more), each shown by its composition; its link
 * opens the char image screen for that character in a new tab. A variant form a site font draws
 * shows its glyph.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CharTypeScreen } from "./pages/char-type.ts";
import { launchBrowser, newContext } from "./support/browser.ts";
import { grantResearcher, registerByApi, signInContext } from "./support/session.ts";

let browser: Browser;
let context: BrowserContext;
let page: Page;
const researcher = { username: "e2e_char_type", contact: "char-type@e2e.test", password: "char-type-pass1" };
/** 径山藏's private-use gaiji and their compositions (corpus/gaiji/cbeta_gaiji.csv). */
const GAIJI = {
  "\u{F520B}": "[木*(文/韭)]",
  "\u{F5254}": "[虎*瓦]",
  "\u{F1F52}": "[麩-夫+(立/口)]",
};

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

describe("the character type screen", () => {
  it("finds the private-use gaiji with is-manual yes and opens one in the char image screen", async () => {
    const screen = new CharTypeScreen(page);
    await screen.open("JS");
    expect(await screen.rows.count()).toBe(10);

    await screen.choose("is_manual", "yes");
    const before = screen.listCalls.length;
    await screen.search({ is_manual: "yes" });
    expect((await screen.chars()).sort()).toEqual(Object.keys(GAIJI).sort());
    for (const [char, composition] of Object.entries(GAIJI))
      await expect
        .poll(() => screen.row(char).locator("[data-composition]").getAttribute("data-composition"))
        .toBe(composition);
    // Past the one-second guard: the search's own call is the only one.
    await page.waitForTimeout(1500);
    expect(screen.listCalls.slice(before).map((query) => query.get("is_manual"))).toEqual(["true"]);

    const tab = await screen.openCharImage(context, "\u{F520B}");
    await tab.waitForURL((url) => url.pathname === "/JS/char-image");
    expect(new URL(tab.url()).searchParams.get("ot")).toBe("\u{F520B}");
    await expect.poll(() => tab.title()).toMatch(/^字图 - /);
    await tab.close();
  });

  it("draws a variant form in the site's fonts", async () => {
    const screen = new CharTypeScreen(page);
    await screen.open("JS");
    await screen.filter("ori_txt").fill("卻");
    await screen.choose("is_deform", "yes");
    await screen.search({ ori_txt: "卻", is_deform: "yes" });
    expect(await screen.chars()).toEqual(["卻"]);
    await expect.poll(() => screen.row("卻").locator("[data-glyph]").textContent()).toBe("卻");
    expect(await screen.row("卻").locator('[data-column="sim_txt"]').textContent()).toBe("却");
  });
});
