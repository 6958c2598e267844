import type { Browser, BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { besides, centre, holds, intersects, ReelReader, visibleBox } from "./pages/reel-reader.ts";
import { newContext } from "./support/browser.ts";
import { registerByApi, signInContext } from "./support/session.ts";
import { pagePerTest } from "./support/suite.ts";

let browser: Browser;
let context: BrowserContext;
let page: Page;
let reels: string[];

type ReelBody = { pages: { lines: { cid: string; text: string }[] }[]; next_reel_uid: string | null };

async function reel(uid: string, txtType: string): Promise<ReelBody> {
  const response = await fetch(`${inject("e2eBaseUrl")}/v1/reel/${uid}?txt_type=${txtType}`);
  return ((await response.json()) as { result: ReelBody }).result;
}

pagePerTest({}, (opened) => {
  ({ browser, context, page } = opened);
});

beforeAll(async () => {
  const response = await fetch(`${inject("e2eBaseUrl")}/v1/tripitaka/JS/sutra/list`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ page_size: 100 }),
  });
  const body = (await response.json()) as { result: { list: { reel_uids: [string, string][] }[] } };
  reels = body.result.list.flatMap((s) => s.reel_uids.map(([uid]) => uid));
});

const firstLine = (p: Page) => p.locator("[data-cid]").first();
const multiReel = () =>
  reels.find((uid, i) => reels[i + 1]?.startsWith(uid.split("_")[0] ?? "")) ?? reels[0] ?? "";

describe("the reel reader", () => {
  it("takes its component styles from the build's stylesheet and inserts none while it starts", async () => {
    await page.goto(`/scroll/${reels[0]}`);
    await firstLine(page).waitFor();
    await page.locator("[data-reader-settings]").click();
    await page.keyboard.press("Escape");
    const styles = await page.evaluate(() => ({
      inserted: [...document.querySelectorAll("style[data-make-styles-bucket]")].reduce(
        (count, style) => count + ((style as HTMLStyleElement).sheet?.cssRules.length ?? 0),
        0,
      ),
      linked: [...document.styleSheets].filter((sheet) => sheet.href?.includes("/assets/griffel-")).length,
    }));
    expect(styles.inserted).toBe(0);
    expect(styles.linked).toBeGreaterThan(1);
  });

  it("shows each of the four text types as the server gives it", async () => {
    const uid = reels[0] ?? "";
    await page.goto(`/scroll/${uid}`);
    await firstLine(page).waitFor();
    for (const type of ["ori_txt", "uni_txt", "sim_txt", "std_txt"]) {
      await page.locator("[data-reader-settings]").click();
      await page.locator('select[name="text_type"]').selectOption(type);
      await page.keyboard.press("Escape");
      await page.locator(`[data-text-type="${type}"]`).waitFor();
      const expected = (await reel(uid, type)).pages.flatMap((p) => p.lines).find((l) => l.text !== "");
      await expect.poll(() => firstLine(page).textContent()).toBe(expected?.text);
    }
  });

  it("switches between original line breaks and paragraphs, with line heads", async () => {
    await page.goto(`/scroll/${reels[0]}`);
    await firstLine(page).waitFor();
    expect(await page.locator("section[data-page] > div[data-cid]").count()).toBeGreaterThan(1);
    await page.locator("[data-reader-settings]").click();
    await page.locator('input[name="line_head_show"]').check();
    await page.keyboard.press("Escape");
    const cid = await firstLine(page).getAttribute("data-cid");
    await expect.poll(() => firstLine(page).textContent()).toContain(cid ?? "?");
    await page.locator("[data-reader-settings]").click();
    await page.locator('input[name="line_show"]').uncheck();
    expect(await page.locator('input[name="line_head_show"]').isChecked()).toBe(false);
    await page.keyboard.press("Escape");
    await page.locator("p[data-page] > span[data-cid]").first().waitFor();
    await page.reload();
    await page.locator("p[data-page] > span[data-cid]").first().waitFor();
  });

  it("highlights and scrolls to the line named by cid", async () => {
    const uid = reels[0] ?? "";
    const lines = (await reel(uid, "std_txt")).pages.flatMap((p) => p.lines).filter((l) => l.text !== "");
    const target = lines[Math.floor(lines.length * 0.8)]?.cid ?? "";
    await page.goto(`/scroll/${uid}?cid=${encodeURIComponent(target)}`);
    const line = page.locator(`[data-cid="${target}"]`);
    await line.waitFor();
    await expect
      .poll(() => line.evaluate((el) => getComputedStyle(el).backgroundColor))
      .not.toBe("rgba(0, 0, 0, 0)");
    await expect.poll(() => line.isVisible()).toBe(true);
    const box = await line.boundingBox();
    expect(box && box.y >= 0 && box.y < 900).toBe(true);
  });

  it("opens the next reel with Enter and scrolls with the arrow keys", async () => {
    const uid = multiReel();
    const next = (await reel(uid, "std_txt")).next_reel_uid;
    expect(next).not.toBeNull();
    await page.goto(`/scroll/${uid}`);
    await firstLine(page).waitFor();
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.keyboard.press("Enter");
    await page.waitForURL(`**/scroll/${next}`);
  });

  it("finds a word in the reel after the pause, steps with Enter and wraps", async () => {
    const uid = reels[0] ?? "";
    const text = (await reel(uid, "std_txt")).pages.flatMap((p) => p.lines.map((l) => l.text)).join("");
    const count = (ch: string) => text.split(ch).length - 1;
    const word =
      [...new Set(text)].find((ch) => /\p{Script=Han}/u.test(ch) && count(ch) >= 3 && count(ch) <= 6) ?? "";
    const expected = text.split(word).length - 1;
    await page.goto(`/scroll/${uid}`);
    await firstLine(page).waitFor();
    await page.locator('input[name="quick_search"]').fill(word);
    await expect.poll(() => page.locator("mark[data-match]").count(), { timeout: 5000 }).toBe(expected);
    await expect.poll(() => page.locator("[data-match-count]").textContent()).toBe(`1 / ${expected}`);
    await page.locator('input[name="quick_search"]').press("Enter");
    await expect.poll(() => page.locator("[data-match-count]").textContent()).toBe(`2 / ${expected}`);
    for (let i = 2; i < expected; i++) await page.locator('input[name="quick_search"]').press("Enter");
    await page.locator('input[name="quick_search"]').press("Enter");
    await expect.poll(() => page.locator("[data-match-count]").textContent()).toBe(`1 / ${expected}`);
  });

  it("keeps a signed-in reader's settings on the server for another device", async () => {
    const reader = { username: "e2e_settings", contact: "settings@e2e.test", password: "settings-pass1" };
    await registerByApi(reader);
    await signInContext(context, reader.username, reader.password);
    await page.goto(`/scroll/${reels[0]}`);
    await firstLine(page).waitFor();
    await page.locator("[data-reader-settings]").click();
    await page.locator('input[name="fontSize"]').fill("32");
    await page.locator('input[name="fontSize"]').press("Enter");
    await page.keyboard.press("Escape");
    const fontSize = () => page.locator("[data-text-type]").evaluate((el) => getComputedStyle(el).fontSize);
    await expect.poll(fontSize).toBe("32px");
    await page.waitForLoadState("networkidle");

    const other = await newContext(browser);
    try {
      await signInContext(other, reader.username, reader.password);
      const elsewhere = await other.newPage();
      await elsewhere.goto(`/scroll/${reels[0]}`);
      await expect
        .poll(() => elsewhere.locator("[data-text-type]").evaluate((el) => getComputedStyle(el).fontSize))
        .toBe("32px");
    } finally {
      await other.close();
    }
  });

  it("sends an unknown reel to /404", async () => {
    await page.goto("/scroll/JS9999_001");
    await page.waitForURL("**/404");
  });
});

const GUIDE_TARGETS = ["catalogue", "toolbar", "text"] as const;
const LAYOUTS = [
  { width: 1440, height: 900, locale: "zh-CN" },
  { width: 1440, height: 900, locale: "en" },
  { width: 810, height: 1080, locale: "zh-CN" },
  { width: 810, height: 1080, locale: "en" },
] as const;

/** How the guide's card sits against the part its step explains, and against the text. */
async function guideLayout(reader: ReelReader, target: string) {
  const card = await visibleBox(reader.page, "[data-reading-guide]");
  const part = await visibleBox(reader.page, `[data-guide-target="${target}"]`);
  const text = await visibleBox(reader.page, '[data-guide-target="text"]');
  if (!card || !part || !text) return { card, part, text };
  const viewport = reader.page.viewportSize();
  const { gap, facing } = besides(card, part);
  return {
    card,
    part,
    // The arrow's 8 px, give or take a pixel of rounding.
    adjacent: gap >= 6 && gap <= 10,
    facing,
    clearOfTextCentre: !holds(card, centre(text)),
    clearOfText: !intersects(card, text),
    whole:
      card.x >= 0 &&
      card.y >= 0 &&
      card.x + card.width <= (viewport?.width ?? 0) &&
      card.y + card.height <= (viewport?.height ?? 0),
  };
}

/** Right-clicks the start of the reel's `index`th line, which opens the selection menu on its first characters. */
const rightClickLine = (p: Page, index: number) =>
  p
    .locator("[data-reel-uid] [data-cid]")
    .nth(index)
    .click({ button: "right", position: { x: 24, y: 12 } });

/** A reel whose text holds a private-use character, which no installed font draws. */
async function reelNeedingTheDynamicFont(): Promise<string> {
  const undrawn = /[\u{F0000}-\u{FFFFD}]/u;
  for (const uid of reels) {
    const forms = await Promise.all(["sim_txt", "std_txt"].map((type) => reel(uid, type)));
    if (forms.every((form) => form.pages.some((p) => p.lines.some((line) => undrawn.test(line.text)))))
      return uid;
  }
  throw new Error("no reel of JS holds a private-use character");
}

describe("the reading guide among the screen's floating parts", () => {
  it("anchors each step's card beside the part it explains, clear of the text's middle", async () => {
    for (const layout of LAYOUTS) {
      const shown = await newContext(browser, { locale: layout.locale });
      try {
        const reader = new ReelReader(await shown.newPage());
        await reader.page.setViewportSize({ width: layout.width, height: layout.height });
        await reader.open(reels[0] ?? "");
        await reader.guideCard.waitFor();
        await reader.page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        );
        // The card leaves the focus where it was, so reading keys keep working.
        expect(
          await reader.page.evaluate(() => Boolean(document.activeElement?.closest("[data-reading-guide]"))),
        ).toBe(false);
        for (const [index, target] of GUIDE_TARGETS.entries()) {
          await expect.poll(() => reader.guideCard.getAttribute("data-guide-step")).toBe(String(index + 1));
          await expect
            .poll(() => guideLayout(reader, target), {
              message: `${layout.locale} ${layout.width}: ${target}`,
            })
            .toMatchObject({
              adjacent: true,
              facing: true,
              clearOfTextCentre: true,
              // The text's own step points at it from outside, covering none of it.
              ...(target === "text" ? { clearOfText: true } : {}),
              whole: true,
            });
          await reader.guideCard.locator("[data-guide-next]").click();
        }
        await reader.shortcuts.waitFor();
      } finally {
        await shown.close();
      }
    }
  });

  it("waits while the selection menu is open and comes back at the same step", async () => {
    const reader = new ReelReader(page);
    await reader.open(reels[0] ?? "");
    await reader.guideCard.locator("[data-guide-next]").click();
    await expect.poll(() => reader.guideCard.getAttribute("data-guide-step")).toBe("2");
    await page.locator("[data-guide-highlight]").waitFor();
    await rightClickLine(page, 12);
    await reader.selectionMenu.waitFor();
    const menu = await visibleBox(page, "[data-selection-menu]");
    expect(intersects(menu, await visibleBox(page, "[data-reading-guide]"))).toBe(false);
    expect(await reader.guideCard.count()).toBe(0);
    expect(await page.locator("[data-guide-highlight]").count()).toBe(0);
    await page.keyboard.press("Escape");
    await reader.selectionMenu.waitFor({ state: "detached" });
    await expect.poll(() => reader.guideCard.getAttribute("data-guide-step")).toBe("2");
    await expect.poll(() => guideLayout(reader, "toolbar")).toMatchObject({ adjacent: true, facing: true });
  });

  it("waits while the catalogue drawer is open, so the drawer can be used, and comes back after", async () => {
    const reader = new ReelReader(page);
    await reader.open(reels[0] ?? "");
    await reader.guideCard.waitFor();
    await page.locator("[data-catalogue-button]").click();
    const drawer = page.locator("[data-catalogue-drawer]");
    await drawer.waitFor();
    await expect.poll(() => reader.guideCard.count()).toBe(0);
    await drawer.locator("[data-drawer-tab]").last().click();
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });
    await expect.poll(() => reader.guideCard.getAttribute("data-guide-step")).toBe("1");
  });

  it("keeps the font notice back while the guide or the selection menu shows", async () => {
    const uid = await reelNeedingTheDynamicFont();
    const reader = new ReelReader(page);
    const fontAsked = page.waitForRequest((request) => request.url().includes("/char/dynamic_font"));
    await reader.open(uid);
    await fontAsked;
    await reader.guideCard.waitFor();
    // The text needed the dynamic font, so the notice is wanted, yet the guide has the screen.
    await page.evaluate(() => new Promise((done) => setTimeout(done, 500)));
    expect(await reader.fontNotice.count()).toBe(0);
    await reader.guideCard.locator("[data-guide-skip]").click();
    await reader.shortcuts.waitFor();
    expect(await reader.fontNotice.count()).toBe(0);
    await page.keyboard.press("Escape");
    await reader.shortcuts.waitFor({ state: "detached" });
    await reader.fontNotice.waitFor();

    await reader.openSettings();
    await page.locator("[data-open-guide]").click();
    await reader.guideCard.waitFor();
    await reader.fontNotice.waitFor({ state: "detached" });
    expect(
      intersects(await visibleBox(page, "[data-reading-guide]"), await visibleBox(page, "[data-font-offer]")),
    ).toBe(false);
    await reader.guideCard.locator("[data-guide-skip]").click();
    await reader.shortcuts.waitFor();
    await page.keyboard.press("Escape");
    await reader.fontNotice.waitFor();

    await rightClickLine(page, 12);
    await reader.selectionMenu.waitFor();
    const menu = await visibleBox(page, "[data-selection-menu]");
    expect(intersects(menu, await visibleBox(page, "[data-font-offer]"))).toBe(false);
    expect(await reader.fontNotice.count()).toBe(0);
    await page.keyboard.press("Escape");
    await reader.fontNotice.waitFor();
  });
});
