import Database from "better-sqlite3";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { markReadingGuideDone, type SutraCatalog, sutraCatalog } from "./pages/reel-reader.ts";
import { SelectionMenu } from "./pages/selection-menu.ts";
import { launchBrowser, newContext } from "./support/browser.ts";
import { registerByApi, signInContext } from "./support/session.ts";

type Line = { cid: string; text: string };
type ReelBody = {
  sutra_uid: string;
  reel_uid: string;
  name: string;
  sutra_name: string;
  dynasty_author: string;
  pages: { lines: Line[] }[];
  source: { title: string; availability: string };
};

const reader = { username: "e2e_feedback", contact: "feedback@e2e.test", password: "feedback-pass1" };

let browser: Browser;
let context: BrowserContext;
let page: Page;
let menu: SelectionMenu;
let reel: ReelBody;
let catalog: SutraCatalog;
let lines: Line[];
let tripitakaName: string;

async function result<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${inject("e2eBaseUrl")}/v1/${path}`, init);
  return ((await response.json()) as { result: T }).result;
}

/** A line of plain characters at least `length` long, far enough down the reel to scroll. */
function lineWith(length: number, after = 0): Line {
  const found = lines.slice(after).find((l) => l.text.length >= length && /^\p{Script=Han}+$/u.test(l.text));
  if (!found) throw new Error(`no line of ${length} characters`);
  return found;
}

async function newReaderPage(signedIn: boolean): Promise<void> {
  context = await newContext(browser);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await markReadingGuideDone(context);
  if (signedIn) await signInContext(context, reader.username, reader.password);
  page = await context.newPage();
  menu = new SelectionMenu(page);
  await page.goto(`/scroll/${reel.reel_uid}`);
  await page.locator(`[data-reel-uid="${reel.reel_uid}"] [data-cid]`).first().waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  await registerByApi(reader);
  const list = await result<{ list: { reel_uids: [string, string][] }[] }>("tripitaka/JS/sutra/list", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ page_size: 100 }),
  });
  const reels = list.list.flatMap((s) => s.reel_uids.map(([uid]) => uid));
  // The reel with the most text, so that its lines can be scrolled anywhere in the viewport.
  const bodies = await Promise.all(reels.map((uid) => result<ReelBody>(`reel/${uid}?txt_type=std_txt`)));
  const lineCount = (body: ReelBody) => body.pages.flatMap((p) => p.lines).length;
  reel = bodies.reduce((a, b) => (lineCount(b) > lineCount(a) ? b : a));
  lines = reel.pages.flatMap((p) => p.lines).filter((l) => l.text !== "");
  catalog = await sutraCatalog(reel.sutra_uid);
  const tripitakas = await result<{ uid: string; name_trad: string }[]>("tripitaka/all");
  tripitakaName = tripitakas.find((t) => t.uid === "JS")?.name_trad ?? "";
});
afterAll(async () => {
  await browser.close();
});
afterEach(async () => {
  await context.close();
});

describe("the selection menu", () => {
  beforeEach(async () => {
    await newReaderPage(false);
  });

  it("opens above a selection lower in the viewport, below one near its top, and closes outside", async () => {
    const line = lineWith(8, 20);
    await menu.placeLine(line.cid, 450);
    const low = await menu.selectAndOpen(line.cid, 2, 6);
    expect(await menu.menu.getAttribute("data-side")).toBe("above");
    const above = await menu.menu.boundingBox();
    expect(above && above.y + above.height).toBeLessThanOrEqual(low.y);

    // A press beside the text, outside the menu.
    await page.mouse.click(1200, low.y + low.height / 2);
    await menu.menu.waitFor({ state: "detached" });

    await menu.placeLine(line.cid, 100);
    const high = await menu.selectAndOpen(line.cid, 2, 6);
    expect(high.y).toBeLessThan(140);
    expect(await menu.menu.getAttribute("data-side")).toBe("below");
    const below = await menu.menu.boundingBox();
    expect(below?.y).toBeGreaterThanOrEqual(high.y + high.height);

    await page.keyboard.press("Escape");
    await menu.menu.waitFor({ state: "detached" });
  });

  it("copies the selection as plain text", async () => {
    const line = lineWith(10, 5);
    await menu.placeLine(line.cid, 400);
    await menu.selectAndOpen(line.cid, 3, 9);
    await menu.action("copy").click();
    await menu.menu.waitFor({ state: "detached" });
    expect(await menu.clipboard()).toBe(line.text.slice(3, 9));
  });

  it("copies a formatted citation from the quote-copy drawer", async () => {
    const line = lineWith(10, 5);
    const index = lines.indexOf(line);
    const headline = (() => {
      const order = new Map(lines.map((l, i) => [l.cid, i]));
      const nodes = (tree: SutraCatalog["tree"]): SutraCatalog["tree"] =>
        tree.flatMap((n) => [n, ...nodes(n.children)]);
      return nodes(catalog.tree)
        .filter((n) => n.reel_uid === reel.reel_uid && (order.get(n.line_uid) ?? Infinity) <= index)
        .at(-1)?.std_txt;
    })();
    const [, volume, leaf, lineNo] = /^JS_(\d+)_(\d+[a-z])\.(\d+)$/.exec(line.cid) ?? [];
    const selected = line.text.slice(1, 7);

    await menu.placeLine(line.cid, 400);
    await menu.selectAndOpen(line.cid, 1, 7);
    await menu.action("quote").click();
    await menu.quoteDrawer.waitFor();
    const work = `${reel.dynasty_author}《${reel.sutra_name}》${reel.name}${headline ? `〈${headline}〉` : ""}`;
    const reference = `藏经阅读·繁体文本，${tripitakaName} 第${volume}冊，No. ${reel.sutra_uid.slice(2)}，p. ${leaf}${lineNo}`;
    const expected = `「${selected}」（${work}；${reference}）`;
    await expect.poll(() => menu.quoteDrawer.locator("[data-quote-preview]").textContent()).toBe(expected);
    expect(await menu.quoteDrawer.locator("[data-quote-source]").textContent()).toContain(reel.source.title);

    await menu.quoteDrawer.locator("[data-quote-copy]").click();
    await expect.poll(() => menu.clipboard()).toBe(expected);

    // The sutra before the text, and the choice kept for the next visit.
    await menu.quoteDrawer.getByText("引文之前").click();
    const before = `${work}：「${selected}」（${reference}）`;
    await expect.poll(() => menu.quoteDrawer.locator("[data-quote-preview]").textContent()).toBe(before);
    await page.reload();
    await menu.line(line.cid).waitFor();
    await menu.placeLine(line.cid, 400);
    await menu.selectAndOpen(line.cid, 1, 7);
    await menu.action("quote").click();
    await expect.poll(() => menu.quoteDrawer.locator("[data-quote-preview]").textContent()).toBe(before);
  });

  it("looks one character up in the character dictionary and a term in the Buddhist dictionary", async () => {
    await context.route("https://www.zdic.net/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>zdic</title>" }),
    );
    await context.route("https://www.buddhism-dict.net/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>ddb</title>" }),
    );
    const line = lineWith(6, 5);
    await menu.placeLine(line.cid, 400);
    await menu.selectAndOpen(line.cid, 2, 3);
    expect(await menu.dictionary("variants").count()).toBe(1);
    const [zdic] = await Promise.all([context.waitForEvent("page"), menu.dictionary("zdic").click()]);
    await zdic.waitForLoadState();
    expect(zdic.url()).toBe(`https://www.zdic.net/hans/${encodeURIComponent(line.text.charAt(2))}`);
    await zdic.close();

    await page.bringToFront();
    await menu.selectAndOpen(line.cid, 1, 4);
    expect(await menu.dictionary("zdic").count()).toBe(0);
    expect(await menu.dictionary("variants").count()).toBe(0);
    const [ddb] = await Promise.all([context.waitForEvent("page"), menu.dictionary("ddb").click()]);
    await ddb.waitForLoadState();
    expect(new URL(ddb.url()).searchParams.get("Terms")).toBe(line.text.slice(1, 4));
  });

  it("searches the selected text again", async () => {
    const line = lineWith(6, 5);
    await menu.placeLine(line.cid, 400);
    await menu.selectAndOpen(line.cid, 0, 4);
    await menu.action("search").click();
    await page.waitForURL((url) => url.pathname === "/JS/search");
    expect(new URL(page.url()).searchParams.get("keyword")).toBe(line.text.slice(0, 4));
  });

  it("asks a guest to sign in before sending feedback", async () => {
    const line = lineWith(6, 5);
    await menu.placeLine(line.cid, 400);
    await menu.selectAndOpen(line.cid, 0, 4);
    await menu.action("feedback").click();
    const prompt = page.getByRole("dialog").filter({ hasText: "立即登录" });
    await prompt.waitFor();
    expect(await menu.feedbackDrawer.count()).toBe(0);
  });
});

describe("feedback from the reel", () => {
  beforeEach(async () => {
    await newReaderPage(true);
  });

  function storedFeedback() {
    const db = new Database(inject("e2eSqliteFile"), { readonly: true, fileMustExist: true });
    try {
      return db
        .prepare<[string], Record<string, string | number | null>>(
          `SELECT f.* FROM feedback f JOIN user u ON u.id = f.user_id WHERE u.username = ? ORDER BY f.id`,
        )
        .all(reader.username);
    } finally {
      db.close();
    }
  }

  it("sends the selection with a question type, suggestion and image, then thanks the reader", async () => {
    const line = lineWith(10, 5);
    await menu.placeLine(line.cid, 400);
    await menu.selectAndOpen(line.cid, 2, 8);
    await menu.action("feedback").click();
    const drawer = menu.feedbackDrawer;
    await drawer.waitFor();
    expect((await drawer.boundingBox())?.width).toBeCloseTo(638, 0);
    expect(await drawer.locator('textarea[name="origin_text"]').inputValue()).toBe(line.text.slice(2, 8));

    await drawer.locator("[data-feedback-submit]").click();
    await drawer.getByText("请选择问题类型").waitFor();
    await drawer.getByText("请填写修改建议").waitFor();
    expect(storedFeedback()).toEqual([]);

    await drawer.getByText("标点错误").click();
    await drawer.locator('textarea[name="suggestion"]').fill("此處當斷句");
    await drawer.getByText("5/500").waitFor();
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#987444" } })
      .png()
      .toBuffer();
    await drawer.locator('input[name="attachment"]').setInputFiles({
      name: "shot.png",
      mimeType: "image/png",
      buffer: image,
    });
    await drawer.locator("[data-feedback-preview]").waitFor();
    // The app's own picker: a button, and the chosen file's name beside it.
    expect(await drawer.locator('input[name="attachment"]').isVisible()).toBe(false);
    expect(await drawer.locator('[data-file-picker="attachment"]').textContent()).toBe("选择图片");
    expect(await drawer.locator("[data-file-name]").textContent()).toBe("shot.png");
    await drawer.locator("[data-feedback-submit]").click();

    const thanks = page.locator("[data-feedback-thanks]");
    await thanks.waitFor();
    const link = thanks.locator("[data-my-feedback]");
    expect(await link.getAttribute("href")).toBe("/message?tab=myFeedback");
    expect(await link.getAttribute("target")).toBe("_blank");

    const rows = storedFeedback();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      question_type: "punctuation_error",
      feedback_type: "reading",
      source: "by_reel",
      sutra_uid: reel.sutra_uid,
      reel_uid: reel.reel_uid,
      cids: JSON.stringify([line.cid]),
      origin_text: line.text.slice(2, 8),
      suggestion: "此處當斷句",
      status: "pending",
    });
    expect(String(rows[0]?.attachment)).toMatch(/^feedback\/\d+\/[\w-]+\.png$/);

    // The form starts empty again, with no image.
    await thanks.getByRole("button").click();
    await thanks.waitFor({ state: "detached" });
    await menu.selectAndOpen(line.cid, 2, 8);
    await menu.action("feedback").click();
    await drawer.waitFor();
    expect(await drawer.locator('textarea[name="suggestion"]').inputValue()).toBe("");
    expect(await drawer.locator("[data-feedback-preview]").count()).toBe(0);
    expect(await drawer.locator('input[type="radio"]:checked').count()).toBe(0);
  });

  it("refuses an image of another type before sending anything", async () => {
    const line = lineWith(6, 5);
    await menu.placeLine(line.cid, 400);
    await menu.selectAndOpen(line.cid, 0, 3);
    await menu.action("feedback").click();
    const drawer = menu.feedbackDrawer;
    await drawer.waitFor();
    await drawer.locator('input[name="attachment"]').setInputFiles({
      name: "shot.gif",
      mimeType: "image/gif",
      buffer: Buffer.from("GIF89a"),
    });
    await drawer.getByText("图片只能是 png、jpeg、jpg 格式").waitFor();
  });
});
