import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { launchBrowser, newContext } from "./support/browser.ts";
import { registerByApi, signInContext } from "./support/session.ts";

let browser: Browser;
let context: BrowserContext;
let page: Page;
let reels: string[];

type ReelBody = { pages: { lines: { cid: string; text: string }[] }[]; next_reel_uid: string | null };

async function reel(uid: string, txtType: string): Promise<ReelBody> {
  const response = await fetch(`${inject("e2eBaseUrl")}/v1/reel/${uid}?txt_type=${txtType}`);
  return ((await response.json()) as { result: ReelBody }).result;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const response = await fetch(`${inject("e2eBaseUrl")}/v1/tripitaka/JS/sutra/list`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ page_size: 100 }),
  });
  const body = (await response.json()) as { result: { list: { reel_uids: [string, string][] }[] } };
  reels = body.result.list.flatMap((s) => s.reel_uids.map(([uid]) => uid));
});
afterAll(async () => {
  await browser.close();
});
beforeEach(async () => {
  context = await newContext(browser);
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

const firstLine = (p: Page) => p.locator("[data-cid]").first();
const multiReel = () =>
  reels.find((uid, i) => reels[i + 1]?.startsWith(uid.split("_")[0] ?? "")) ?? reels[0] ?? "";

describe("the reel reader", () => {
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
