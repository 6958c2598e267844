/**
 * The character type screen in the browser, as a researcher: the rare characters of the 径山藏
 * text, filtered to the private-use gaiji with is-manual "yes" (one list call for the search: the
 * address change that follows it loads nothing more), each shown by its composition and, having no
 * char images, saying so without a link. A character with char images links to them with their
 * number, and the link opens the char image screen for it in a new tab, with that many images
 * and their sutra. A variant form a site font draws shows its glyph.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CharImagePage } from "./pages/char-image.ts";
import { CharTypeScreen } from "./pages/char-type.ts";
import { pagePerSuite } from "./support/suite.ts";

let context: BrowserContext;
let page: Page;
const researcher = { username: "e2e_char_type", contact: "char-type@e2e.test", password: "char-type-pass1" };
/** 径山藏's private-use gaiji and their compositions (corpus/gaiji/cbeta_gaiji.csv). */
const GAIJI = {
  "\u{F520B}": "[木*(文/韭)]",
  "\u{F5254}": "[虎*瓦]",
  "\u{F1F52}": "[麩-夫+(立/口)]",
};

pagePerSuite({ user: researcher, researcher: true }, (opened) => {
  ({ context, page } = opened);
});

describe("the character type screen", () => {
  it("finds the private-use gaiji with is-manual yes, which have no char images to link to", async () => {
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

    for (const char of Object.keys(GAIJI)) {
      expect(await screen.row(char).locator("[data-char-image-none]").textContent()).toBe("无字图");
      expect(await screen.row(char).locator("a").count()).toBe(0);
    }
  });

  it("links a character to its char images, saying how many, and opens them in a new tab", async () => {
    const screen = new CharTypeScreen(page);
    await screen.open("JS");
    await screen.filter("ori_txt").fill("潙");
    await screen.search({ ori_txt: "潙" });
    expect(await screen.chars()).toEqual(["潙"]);
    const link = screen.row("潙").locator("[data-char-image-link]");
    expect(await link.getAttribute("data-count")).toBe("3");
    expect((await link.textContent())?.trim()).toBe("查看字图（3）");
    expect(await screen.row("潙").locator("[data-char-image-none]").count()).toBe(0);

    const tab = await screen.openCharImage(context, "潙");
    await tab.waitForURL((url) => url.pathname === "/JS/char-image");
    expect(new URL(tab.url()).searchParams.get("ot")).toBe("潙");
    await expect.poll(() => tab.title()).toMatch(/^字图 - /);
    const images = new CharImagePage(tab);
    await images.listSettled();
    expect(await images.rows.count()).toBe(3);
    // Each names the sutra 径山藏's catalogue places its page in: JS1541 摩訶止觀.
    for (const row of await images.rows.all()) {
      expect(await row.locator('[data-column="sutra"]').textContent()).toBe("JS1541");
      expect(await row.locator('[data-column="sutraName"]').textContent()).toBe("摩訶止觀");
    }
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
