import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import {
  type CatalogNode,
  markReadingGuideDone,
  ReelReader,
  reelData,
  type SutraCatalog,
  type SutraEntry,
  sutraCatalog,
  sutraList,
} from "./pages/reel-reader.ts";
import { launchBrowser, newContext } from "./support/browser.ts";

let browser: Browser;
let context: BrowserContext;
let page: Page;
let reader: ReelReader;
/** A sutra of several reels whose contents tree has a node in its second reel. */
let sutra: SutraEntry;
let catalog: SutraCatalog;

const flatten = (nodes: CatalogNode[]): CatalogNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

beforeAll(async () => {
  browser = await launchBrowser();
  for (const tripitaka of ["TS", "JS"]) {
    for (const entry of (await sutraList(tripitaka)).list) {
      if (entry.reel_uids.length < 2) continue;
      const found = await sutraCatalog(entry.uid);
      const second = entry.reel_uids[1]?.[0];
      if (flatten(found.tree).some((node) => node.reel_uid === second)) {
        sutra = entry;
        catalog = found;
        return;
      }
    }
  }
  throw new Error("the sample canon has no sutra of several reels with a contents tree");
});
afterAll(async () => {
  await browser.close();
});
beforeEach(async () => {
  context = await newContext(browser);
  page = await context.newPage();
  reader = new ReelReader(page);
});
afterEach(async () => {
  await context.close();
});

const reelUid = (i: number) => sutra.reel_uids[i]?.[0] ?? "";

/** Whether the element's box lies within the viewport. */
const onScreen = (selector: string) =>
  page.locator(selector).evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

describe("the reel catalogue side panel", () => {
  it("changes the reel from the volume list and marks the current one", async () => {
    await markReadingGuideDone(context);
    await reader.open(reelUid(0));
    await expect.poll(() => reader.sidePanel.boundingBox().then((box) => box?.width)).toBe(256);
    await reader.tab("volumes").click();
    expect(await reader.volume(reelUid(0)).getAttribute("aria-current")).toBe("page");
    await page.evaluate(() => window.scrollTo(0, 400));
    await reader.volume(reelUid(1)).click();
    await page.waitForURL(`**/scroll/${reelUid(1)}`);
    await reader.text(reelUid(1)).waitFor();
    const second = catalog.reels[1];
    await expect.poll(() => page.locator("[data-reel-label]").textContent()).toBe(second?.name);
    expect(await reader.volume(reelUid(1)).getAttribute("aria-current")).toBe("page");
    expect(await reader.volume(reelUid(0)).getAttribute("aria-current")).toBeNull();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.locator("[data-reel-loading]").count()).toBe(0);
  });

  it("opens a contents node's reel at its line, and collapses", async () => {
    await markReadingGuideDone(context);
    const nodes = flatten(catalog.tree).filter((node) => node.reel_uid === reelUid(1));
    const node = nodes.at(-1);
    if (!node) throw new Error("no node in the second reel");
    await reader.open(reelUid(0));
    await reader.tab("contents").click();
    await reader.treeNode(node.line_uid).locator("[data-tree-label]").first().click();
    await page.waitForURL((url) => url.pathname === `/scroll/${reelUid(1)}`);
    expect(new URL(page.url()).searchParams.get("cid")).toBe(node.line_uid);
    const line = `[data-reel-uid="${reelUid(1)}"] [data-cid="${node.line_uid}"]`;
    await page.locator(line).waitFor();
    await expect.poll(() => onScreen(line)).toBe(true);
    await expect
      .poll(() => page.locator(line).evaluate((el) => getComputedStyle(el).backgroundColor))
      .not.toBe("rgba(0, 0, 0, 0)");

    const branch = flatten(catalog.tree).find((n) => n.children.length > 0);
    if (branch) {
      // A branch's expand icon closes it (all open in a tree this small) without changing the reel.
      const item = reader.treeNode(branch.line_uid);
      expect(await item.getAttribute("aria-expanded")).toBe("true");
      await item.locator("[data-tree-toggle]").first().click();
      await expect.poll(() => item.getAttribute("aria-expanded")).toBe("false");
      expect(new URL(page.url()).searchParams.get("cid")).toBe(node.line_uid);
    }

    await page.locator("[data-side-panel-toggle]").click();
    await reader.sidePanel.waitFor({ state: "detached" });
    await page.locator("[data-side-panel-toggle]").click();
    await reader.sidePanel.waitFor();
  });

  it("is worked by keyboard: tabs with arrows, the tree with arrows and Enter", async () => {
    await markReadingGuideDone(context);
    await reader.open(reelUid(0));
    await reader.tab("contents").focus();
    await page.keyboard.press("ArrowRight");
    expect(await reader.tab("volumes").getAttribute("aria-selected")).toBe("true");
    await page.locator("[data-volume-list]").waitFor();
    await page.keyboard.press("ArrowLeft");
    expect(await reader.tab("contents").getAttribute("aria-selected")).toBe("true");

    const tree = page.locator("[data-contents-tree]");
    const items = tree.getByRole("treeitem");
    await items.first().focus();
    const openBranch = tree.locator('[role="treeitem"][aria-expanded="true"]').first();
    if ((await openBranch.count()) > 0) {
      const branch = reader.treeNode((await openBranch.getAttribute("data-line-uid")) ?? "");
      await branch.focus();
      await page.keyboard.press("ArrowLeft");
      await expect.poll(() => branch.getAttribute("aria-expanded")).toBe("false");
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => branch.getAttribute("aria-expanded")).toBe("true");
    }
    await items.first().focus();
    await page.keyboard.press("ArrowDown");
    const second = items.nth(1);
    await expect.poll(() => second.evaluate((el) => el === document.activeElement)).toBe(true);
    const lineUid = await second.getAttribute("data-line-uid");
    const reel = await second.getAttribute("data-node-reel");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("cid") === lineUid);
    expect(new URL(page.url()).pathname).toBe(`/scroll/${reel}`);
  });
});

describe("the reel tool bar", () => {
  it("is one tab stop whose controls the arrow keys go through, the search box keeping its caret", async () => {
    await markReadingGuideDone(context);
    await reader.open(reelUid(0));
    const toolbar = page.locator('[data-guide-target="toolbar"]');
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
    const first = toolbar.getByRole("button").first();
    await first.focus();
    const firstName = (await first.textContent())?.trim();
    // Only the control last used can be reached with Tab.
    expect(await toolbar.locator('[tabindex="0"]').count()).toBe(1);
    await page.keyboard.press("ArrowLeft");
    const search = toolbar.getByRole("searchbox");
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type("如是");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Home");
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    await first.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(focused).not.toBe(firstName);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(focused).toBe(firstName);
    await page.keyboard.press("Shift+Tab");
    await expect.poll(() => toolbar.evaluate((el) => el.contains(document.activeElement))).toBe(false);
  });
});

describe("the reel header", () => {
  it("shows edition, scripture, reel, author and count, and the scripture card on hover", async () => {
    await markReadingGuideDone(context);
    const uid = reelUid(0);
    const reel = await reelData(uid);
    await reader.open(uid);
    const header = page.locator("[data-reel-header]");
    const tripitaka = uid.slice(0, 2);
    expect(await header.locator("[data-reader-logo]").getAttribute("href")).toBe(`/${tripitaka}`);
    const editions = (await (await fetch(`${inject("e2eBaseUrl")}/v1/tripitaka/all`)).json()) as {
      result: { uid: string; name_trad: string }[];
    };
    const edition = editions.result.find((t) => t.uid === tripitaka)?.name_trad;
    await expect.poll(() => header.locator("[data-edition]").textContent()).toBe(edition);
    expect(await header.locator("[data-sutra-name]").textContent()).toBe(reel.sutra_name);
    expect(await header.locator("[data-reel-label]").textContent()).toBe(reel.name);
    expect(await header.locator("[data-dynasty-author]").textContent()).toBe(reel.dynasty_author);
    const chars = reel.format.chars;
    const count = chars > 10000 ? `${(Math.round(chars / 1000) / 10).toFixed(1)}万` : String(chars);
    expect(await header.locator("[data-char-count]").textContent()).toBe(`${count} 字`);

    await header.locator("[data-sutra-name]").hover();
    const card = page.locator("[data-sutra-card]");
    await card.waitFor();
    const row = (key: string) => card.locator(`[data-card-row="${key}"] dd`).textContent();
    const [, traditional] = sutra.name.split("|");
    expect(await row("uid")).toBe(sutra.uid);
    expect(await row("name")).toBe(traditional);
    expect(await row("author")).toBe(sutra.dynasty_author);
    expect(await row("years")).toBe(sutra.years);
    expect(await row("category")).toBe(sutra.categories.map((c) => c.name.split("|")[0]).join("、"));
    expect(await row("reels")).toBe(String(sutra.actual_reel_cnt));
    expect(await row("chars")).toMatch(/^\d+(\.\d)?万?$/);
    await page.mouse.move(5, 5);
    await card.waitFor({ state: "detached" });
  });

  it("names the edition in both headers from their first frame, asking no one for the tripitaka list", async () => {
    await markReadingGuideDone(context);
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { headersSeen: string[] }).headersSeen = seen;
      new MutationObserver(() => {
        const reelHeader = document.querySelector("[data-reel-header]");
        const shellTitle = document.querySelector("header a[href='/']");
        if (reelHeader && !seen.includes("reel")) {
          seen.push("reel", reelHeader.querySelector("[data-edition]")?.textContent ?? "");
        }
        if (shellTitle && !seen.includes("shell")) {
          seen.push("shell", shellTitle.parentElement?.textContent ?? "");
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const asked: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/v1/tripitaka/all") asked.push(request.url());
    });
    const uid = reelUid(0);
    await reader.open(uid);
    const editions = (await (await fetch(`${inject("e2eBaseUrl")}/v1/tripitaka/all`)).json()) as {
      result: { uid: string; name_trad: string }[];
    };
    const edition = editions.result.find((t) => t.uid === uid.slice(0, 2))?.name_trad ?? "-";
    const seen = await page.evaluate(() => (window as unknown as { headersSeen: string[] }).headersSeen);
    expect(seen[seen.indexOf("reel") + 1]).toBe(edition);
    expect(seen[seen.indexOf("shell") + 1]).toContain(edition);
    expect(asked).toEqual([]);
  });
  it("keeps the scripture card closed when the pointer left the name before the card's code came", async () => {
    await context.close();
    // Without the service worker every chunk comes from the network, where the test can hold one.
    context = await newContext(browser, { serviceWorkers: "block" });
    page = await context.newPage();
    reader = new ReelReader(page);
    await markReadingGuideDone(context);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const cardCode = /\/assets\/SutraCardPopover-[\w-]+\.js$/;
    await page.route(cardCode, async (route) => {
      await held;
      await route.continue();
    });
    await reader.open(reelUid(0));
    const name = page.locator("[data-reel-header] [data-sutra-name]");
    const card = page.locator("[data-sutra-card]");
    await name.hover();
    const arrived = page.waitForResponse(cardCode);
    await page.mouse.move(5, 5);
    release();
    await arrived;
    await page.waitForTimeout(500);
    expect(await card.count()).toBe(0);

    await name.hover();
    await card.waitFor();
  });

  it("opens the scripture card from the keyboard, keeping the focus, with Tab into it and out", async () => {
    await markReadingGuideDone(context);
    await reader.open(reelUid(0));
    await page.mouse.move(5, 5);
    const name = page.locator("[data-reel-header] [data-sutra-name]");
    const focusedIs = (selector: string) =>
      page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);
    // Shift+Tab back from the first control after the header comes onto the name.
    const toolbar = page.locator('[data-guide-target="toolbar"]');
    await toolbar.locator('[tabindex="0"]').focus();
    await page.keyboard.press("Shift+Tab");
    const card = page.locator("[data-sutra-card]");
    await card.waitFor();
    await expect.poll(() => focusedIs("[data-sutra-name]")).toBe(true);
    expect(await name.count()).toBe(1);

    await card.locator('[data-download-scope="sutra"]').waitFor();
    await page.keyboard.press("Tab");
    await expect.poll(() => focusedIs('[data-sutra-card] [data-download-scope="sutra"]')).toBe(true);
    await page.keyboard.press("Tab");
    await card.waitFor({ state: "detached" });
    await expect.poll(() => focusedIs('[data-guide-target="toolbar"] *')).toBe(true);
  });
});

describe("the reading guide", () => {
  it("steps through three parts of the screen, then shows the shortcuts, and stays done", async () => {
    await reader.open(reelUid(0));
    const step = () => reader.guideCard.getAttribute("data-guide-step");
    await expect.poll(step).toBe("1");
    const ring = page.locator("[data-guide-highlight]");
    await expect.poll(() => ring.getAttribute("data-guide-highlight"), { timeout: 5000 }).toBe("catalogue");
    const panel = await reader.sidePanel.boundingBox();
    const ringBox = await ring.boundingBox();
    expect(Math.abs((ringBox?.x ?? -1) - (panel?.x ?? -2))).toBeLessThan(2);

    await reader.guideCard.locator("[data-guide-next]").click();
    await expect.poll(step).toBe("2");
    await expect.poll(() => ring.getAttribute("data-guide-highlight")).toBe("toolbar");
    await reader.guideCard.locator("[data-guide-prev]").click();
    await expect.poll(step).toBe("1");
    await reader.guideCard.locator("[data-guide-next]").click();
    await reader.guideCard.locator("[data-guide-next]").click();
    await expect.poll(step).toBe("3");
    await expect.poll(() => ring.getAttribute("data-guide-highlight")).toBe("text");
    expect(await reader.guideCard.locator("[data-guide-next]").textContent()).toBe("完成");
    await reader.guideCard.locator("[data-guide-next]").click();

    await reader.shortcuts.waitFor();
    expect(await reader.guideCard.count()).toBe(0);
    const shortcutText = await reader.shortcuts.textContent();
    for (const key of ["回车", "空格", "↑ / ↓"]) expect(shortcutText).toContain(key);
    await reader.shortcuts.getByRole("button", { name: "知道了" }).click();
    await reader.shortcuts.waitFor({ state: "detached" });

    await page.reload();
    await reader.text(reelUid(0)).waitFor();
    await reader.tab("volumes").waitFor();
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    expect(await reader.guideCard.count()).toBe(0);
    const stored = await page.evaluate(() => localStorage.getItem("canon-reader.reading-settings"));
    expect(JSON.parse(stored ?? "{}")).toMatchObject({ isGuide: true });
  });

  it("reopens from the settings, where skipping also ends in the shortcuts", async () => {
    await markReadingGuideDone(context);
    await reader.open(reelUid(0));
    await reader.openSettings();
    await page.locator("[data-open-shortcuts]").click();
    await reader.shortcuts.waitFor();
    await page.keyboard.press("Escape");
    await reader.shortcuts.waitFor({ state: "detached" });

    await reader.openSettings();
    await page.locator("[data-open-guide]").click();
    await expect.poll(() => reader.guideCard.getAttribute("data-guide-step")).toBe("1");
    await reader.guideCard.locator("[data-guide-skip]").click();
    await reader.shortcuts.waitFor();
  });
});

describe("display settings of the reel screen", () => {
  it("keeps the font type and applies its font stack to the text", async () => {
    await markReadingGuideDone(context);
    const uid = reelUid(0);
    await reader.open(uid);
    const family = () => reader.text(uid).evaluate((el) => getComputedStyle(el).fontFamily);
    expect(await family()).not.toContain("KaiTi");
    await reader.openSettings();
    await page.locator('select[name="font_type"]').selectOption("kai");
    await page.keyboard.press("Escape");
    await expect.poll(family).toMatch(/^"?KaiTi"?, /);
    await page.reload();
    await reader.text(uid).waitFor();
    expect(await reader.text(uid).getAttribute("data-font-type")).toBe("kai");
    await expect.poll(family).toMatch(/^"?KaiTi"?, /);
    await reader.openSettings();
    expect(await page.locator('select[name="font_type"]').inputValue()).toBe("kai");
    await page.locator('select[name="font_type"]').selectOption("tripitaka");
    await page.keyboard.press("Escape");
    await expect.poll(family).toMatch(/^"?HanaMinA"?, /);
  });

  it("keeps the char image switch on by default and asks for no image where the reel has no scans", async () => {
    await markReadingGuideDone(context);
    const uid = reelUid(0);
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/char/column/img")) asked.push(request.url());
    });
    await reader.open(uid);
    await reader.openSettings();
    const toggle = page.locator('input[name="char_image_show"]');
    expect(await toggle.isChecked()).toBe(true);
    await toggle.uncheck();
    await page.keyboard.press("Escape");
    await page.reload();
    await reader.text(uid).waitFor();
    await reader.openSettings();
    expect(await page.locator('input[name="char_image_show"]').isChecked()).toBe(false);
    await page.locator('input[name="char_image_show"]').check();
    await page.keyboard.press("Escape");
    const line = reader.text(uid).locator("[data-cid]").first();
    const box = await line.boundingBox();
    await page.mouse.move((box?.x ?? 0) + 10, (box?.y ?? 0) + 10);
    await page.mouse.move((box?.x ?? 0) + 12, (box?.y ?? 0) + 10);
    // Past the 300 ms rest, measured by the page's own clock.
    await page.evaluate(() => new Promise((done) => setTimeout(done, 600)));
    expect(await page.locator("[data-char-image]").count()).toBe(0);
    expect(asked).toEqual([]);
  });
});

describe("an unknown reel", () => {
  it("goes to /404 when the reel uid is well formed but not in the canon", async () => {
    await page.goto("/scroll/JS9999_1");
    await page.waitForURL("**/404");
  });
});
