import Database from "better-sqlite3";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { AccountPages } from "./pages/account-pages.ts";
import {
  books,
  type PageBlock,
  type PageBody,
  type PageChar,
  PageReader,
  pageData,
  scannedPages,
} from "./pages/page-reader.ts";
import { launchBrowser, newContext } from "./support/browser.ts";
import { registerByApi, signInContext } from "./support/session.ts";

const reader = { username: "e2e_page_reader", contact: "page-reader@e2e.test", password: "page-reader-1" };

let browser: Browser;
let context: BrowserContext;
let page: Page;
let view: PageReader;
/** A book of scanned pages with char boxes (永樂北藏 volume 22 in the sample canon). */
let scanned: string[];
let first: PageBody;

beforeAll(async () => {
  browser = await launchBrowser();
  await registerByApi(reader);
  scanned = await scannedPages("YB_22");
  expect(scanned.length).toBeGreaterThanOrEqual(3);
  first = await pageData(scanned[0] ?? "");
  expect(first.image).not.toBeNull();
  expect(first.chars.length).toBeGreaterThan(20);
});
afterAll(async () => {
  await browser.close();
});
beforeEach(async () => {
  context = await newContext(browser);
  await signInContext(context, reader.username, reader.password);
  page = await context.newPage();
  view = new PageReader(page);
});
afterEach(async () => {
  await context.close();
});

const pathOf = (p: Page) => new URL(p.url()).pathname;

function withDb<T>(read: (db: Database.Database) => T): T {
  const db = new Database(inject("e2eSqliteFile"), { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

describe("page reading", () => {
  it("sends a guest to sign in and back to the page", async () => {
    const guest = await newContext(browser);
    try {
      const tab = await guest.newPage();
      await tab.goto(`/page/${first.uid}`);
      await tab.waitForURL("**/401?needRedirect=1");
      await tab.getByRole("button", { name: "立即登录" }).click();
      await tab.waitForURL("**/login**");
      await new AccountPages(tab).passwordLogin(reader.username, reader.password);
      await new PageReader(tab).shows(first.uid);
    } finally {
      await guest.close();
    }
  });

  it("sets the scale with keys 1-9 and the zoom buttons, the scan drawn at that scale", async () => {
    const image = first.image ?? { width: 0, height: 0 };
    await view.open(first.uid);
    expect(await view.scale()).toBe(80);
    for (const [key, scale] of [
      ["3", 300],
      ["6", 60],
      ["1", 100],
      ["9", 90],
    ] as const) {
      await page.keyboard.press(key);
      await expect.poll(() => view.scale()).toBe(scale);
      const stage = await view.rect(view.stage());
      expect(stage.width).toBeCloseTo((image.width * scale) / 100, 0);
      expect(stage.height).toBeCloseTo((image.height * scale) / 100, 0);
    }
    await page.locator("[data-zoom-out]").click();
    await expect.poll(() => view.scale()).toBe(80);
    await page.locator("[data-zoom-in]").click();
    await page.locator("[data-zoom-in]").click();
    await expect.poll(() => view.scale()).toBe(100);
    await page.locator('input[name="scale"]').fill("15");
    await page.locator('input[name="scale"]').press("Enter");
    await expect.poll(() => view.scale()).toBe(15);
    await page.locator("[data-zoom-out]").click();
    await expect.poll(() => view.scale()).toBe(10);
    await page.locator("[data-zoom-out]").click();
    expect(await view.scale()).toBe(10);
    await page.locator('input[name="scale"]').fill("501");
    await page.locator('input[name="scale"]').press("Enter");
    await expect.poll(() => page.locator('input[name="scale"]').inputValue()).toBe("10");
  });

  it("draws the box of the char named by cid where the page data puts it, scaled and rotated", async () => {
    const image = first.image ?? { width: 0, height: 0 };
    const char = first.chars[Math.floor(first.chars.length / 2)];
    if (!char) throw new Error("no char");
    await view.open(first.uid, `?cid=${char.char_id}`);
    const box = view.box(char.char_id);
    await box.waitFor();
    expect(await page.locator("[data-char-box]").count()).toBe(1);
    let at = await view.onStage(box);
    expect(at.x).toBeCloseTo(char.x * 0.8, 0);
    expect(at.y).toBeCloseTo(char.y * 0.8, 0);
    expect(at.width).toBeCloseTo(char.w * 0.8, 0);
    expect(at.height).toBeCloseTo(char.h * 0.8, 0);

    await page.keyboard.press("2");
    await expect.poll(() => view.scale()).toBe(200);
    at = await view.onStage(box);
    expect(at.x).toBeCloseTo(char.x * 2, 0);
    expect(at.height).toBeCloseTo(char.h * 2, 0);

    // A quarter turn clockwise: the scan's left edge becomes the top, its bottom the left.
    await page.locator("[data-rotate]").click();
    await expect.poll(() => view.stage().getAttribute("data-rotation")).toBe("90");
    const stage = await view.rect(view.stage());
    expect(stage.width).toBeCloseTo(image.height * 2, 0);
    expect(stage.height).toBeCloseTo(image.width * 2, 0);
    const picture = await view.onStage(page.locator("[data-page-image]"));
    expect(picture.x).toBeCloseTo(0, 0);
    expect(picture.y).toBeCloseTo(0, 0);
    expect(picture.width).toBeCloseTo(image.height * 2, 0);
    at = await view.onStage(box);
    expect(at.x).toBeCloseTo((image.height - char.y - char.h) * 2, 0);
    expect(at.y).toBeCloseTo(char.x * 2, 0);
    expect(at.width).toBeCloseTo(char.h * 2, 0);
    expect(at.height).toBeCloseTo(char.w * 2, 0);
    for (const rotation of ["180", "270", "0"]) {
      await page.locator("[data-rotate]").click();
      await expect.poll(() => view.stage().getAttribute("data-rotation")).toBe(rotation);
    }
    at = await view.onStage(box);
    expect(at.x).toBeCloseTo(char.x * 2, 0);
  });

  it("brings the char named by cid into view on a scan larger than the window", async () => {
    const far = first.chars.reduce((a, b) => (b.x + b.y > a.x + a.y ? b : a));
    await view.open(first.uid);
    await page.keyboard.press("5");
    await expect.poll(() => view.scale()).toBe(500);
    await view.open(first.uid, `?cid=${far.char_id}`);
    const box = view.box(far.char_id);
    await box.waitFor();
    const scroller = await view.rect(page.locator("[data-image-scroller]"));
    await expect
      .poll(async () => {
        const at = await view.rect(box);
        return (
          at.x >= scroller.x &&
          at.y >= scroller.y &&
          at.x + at.width <= scroller.x + scroller.width &&
          at.y + at.height <= scroller.y + scroller.height
        );
      })
      .toBe(true);
    await page.keyboard.press("8");
    await expect.poll(() => view.scale()).toBe(80);
  });

  it("marks every char of a cid range, and the char under the pointer in the text", async () => {
    const [a, , c] = first.chars;
    if (!a || !c) throw new Error("no chars");
    await view.open(first.uid, `?cid=${a.char_id}-${c.char_id}`);
    await view.box(c.char_id).waitFor();
    expect(await page.locator('[data-box-kind="cid"]').count()).toBe(3);
    const other = first.chars[10];
    if (!other) throw new Error("no char");
    await page.locator(`[data-text-pane] [data-char-id="${other.char_id}"]`).hover();
    const focus = view.box(other.char_id, "focus");
    await focus.waitFor();
    const at = await view.onStage(focus);
    expect(at.x).toBeCloseTo(other.x * 0.8, 0);
    expect(at.y).toBeCloseTo(other.y * 0.8, 0);
  });

  it("opens a page from its thumbnail, and the next one with Enter", async () => {
    const [one, two, three] = scanned as [string, string, string];
    await view.open(one);
    await expect.poll(() => view.thumb(one).getAttribute("aria-current")).toBe("page");
    await page.locator(`[data-thumb="${two}"] img[data-thumb-img]`).waitFor();
    await view.thumb(two).click();
    await view.shows(two);
    expect(pathOf(page)).toBe(`/page/${two}`);
    await expect.poll(() => view.input().inputValue()).toBe(two.split("_").at(-1));
    await expect.poll(() => view.thumb(two).getAttribute("aria-current")).toBe("page");
    expect(await view.thumb(one).getAttribute("aria-current")).toBeNull();
    await page.locator("[data-page-image]").click();
    await page.keyboard.press("Enter");
    await view.shows(three);
  });

  it("goes to the page typed, with a or b for the column, and warns of a page that does not exist", async () => {
    const book = (await books("JS")).find((b) => /_\d+a$/.test(b.from) && b.page_count > 6);
    if (!book) throw new Error("no book of sided pages");
    const n = Number(/_(\d+)a$/.exec(book.from)?.[1]);
    await view.open(book.from);
    await view.goToInput(`${n + 1}b`);
    await view.shows(`${book.uid}_${n + 1}b`);
    await view.goToInput(`${n}`);
    await view.shows(`${book.uid}_${n}a`);
    await view.goToInput("99999");
    await view.warning().waitFor();
    expect(await view.warning().textContent()).toContain("该页码不存在");
    expect(pathOf(page)).toBe(`/page/${book.uid}_${n}a`);
    expect(await view.input().inputValue()).toBe(`${n}a`);
    await view.goToInput("12c");
    expect(await view.input().inputValue()).toBe(`${n}a`);
    expect(pathOf(page)).toBe(`/page/${book.uid}_${n}a`);
  });

  it("warns before the first page instead of leaving the book", async () => {
    await view.open(first.uid);
    await page.locator("[data-prev-page]").click();
    await view.warning().waitFor();
    expect(pathOf(page)).toBe(`/page/${first.uid}`);
  });

  it("opens another book from the book tab", async () => {
    const yb = await books("YB");
    const other = yb.find((b) => b.uid !== "YB_22");
    if (!other) throw new Error("one book only");
    await view.open(first.uid);
    await page.locator('[data-tab="books"]').click();
    await expect.poll(() => page.locator('[data-book="YB_22"]').getAttribute("aria-pressed")).toBe("true");
    await page.locator(`[data-book="${other.uid}"]`).click();
    await view.shows(other.from);
  });

  it("fills the window with the scan when thumbnails and text are both hidden", async () => {
    await view.open(first.uid);
    await page.locator("[data-toggle-thumbs]").click();
    expect(await page.locator("[data-page-reader]").getAttribute("data-full-view")).toBe("false");
    await page.locator("[data-toggle-text]").click();
    await expect.poll(() => page.locator("[data-page-reader]").getAttribute("data-full-view")).toBe("true");
    const whole = await view.rect(page.locator("[data-page-reader]"));
    expect(whole.x).toBe(0);
    expect(whole.y).toBe(0);
    expect(whole.width).toBeGreaterThan(1200);
    expect(whole.height).toBe(900);
    await page.reload();
    await view.shows(first.uid);
    expect(await page.locator("[data-page-reader]").getAttribute("data-full-view")).toBe("true");
  });

  it("opens reel reading at the page, and warns on a page with no reel", async () => {
    await view.open(first.uid);
    expect(first.reel_uids).toEqual([]);
    await page.locator("[data-to-reel]").click();
    await view.warning().waitFor();
    expect(pathOf(page)).toBe(`/page/${first.uid}`);

    const book = (await books("JS")).find((b) => /_\d+a$/.test(b.from));
    const text = await pageData(book?.from ?? "");
    expect(text.reel_uids.length).toBeGreaterThan(0);
    await view.open(text.uid);
    await page.locator("[data-to-reel]").click();
    await page.waitForURL(`**/scroll/${text.reel_uids[0]}?cid=${text.uid}.*`);
  });

  it("records READ_PAGE and a recent page read for the reader", async () => {
    const uid = scanned[2] ?? "";
    await view.open(uid);
    await page.waitForLoadState("networkidle");
    const event = () =>
      withDb(
        (db) =>
          db
            .prepare(
              "SELECT o.extra, o.tripitaka_uid FROM oplog o JOIN user u ON u.id = o.user_id WHERE o.event_id = 'READ_PAGE' AND u.username = ? ORDER BY o.id DESC LIMIT 1",
            )
            .get(reader.username) as { extra: string; tripitaka_uid: string } | undefined,
      );
    await expect.poll(() => JSON.parse(event()?.extra ?? "{}")).toEqual({ page_uid: uid });
    expect(event()?.tripitaka_uid).toBe("YB");
    const recent = () =>
      withDb(
        (db) =>
          db
            .prepare(
              "SELECT o.target_uid FROM user_op o JOIN user u ON u.id = o.user_id WHERE o.op_type = 'page_read' AND u.username = ? AND o.target_uid = ?",
            )
            .get(reader.username, uid) as { target_uid: string } | undefined,
      );
    await expect.poll(() => recent()?.target_uid).toBe(uid);
  });

  it("sends an unknown page to /404", async () => {
    await page.goto("/page/YB_22_9999");
    await page.waitForURL("**/404");
  });
});

describe("feedback from page reading", () => {
  type FeedbackRow = Record<string, string | number | null>;
  const latestFeedback = () =>
    withDb(
      (db) =>
        db
          .prepare(
            "SELECT f.* FROM feedback f JOIN user u ON u.id = f.user_id WHERE u.username = ? ORDER BY f.id DESC LIMIT 1",
          )
          .get(reader.username) as FeedbackRow | undefined,
    );
  const inside = (block: PageBlock, c: PageChar) =>
    c.x + c.w / 2 >= block.x &&
    c.x + c.w / 2 <= block.x + block.w &&
    c.y + c.h / 2 >= block.y &&
    c.y + c.h / 2 <= block.y + block.h;

  it("loads the drawer only when asked, with the chars the cid query marks as the original text", async () => {
    const [a, , c] = first.chars;
    if (!a || !c) throw new Error("no chars");
    const drawerChunks: string[] = [];
    page.on("request", (request) => {
      if (/\/FeedbackDrawer-[\w-]+\.js$/.test(request.url())) drawerChunks.push(request.url());
    });
    await view.open(first.uid, `?cid=${a.char_id}-${c.char_id}`);
    await view.box(c.char_id).waitFor();
    await page.waitForLoadState("networkidle");
    expect(drawerChunks).toEqual([]);
    expect(await view.feedbackDrawer().count()).toBe(0);

    await view.feedbackButton().click();
    await view.feedbackDrawer().waitFor();
    expect(drawerChunks).toHaveLength(1);
    const marked = await page
      .locator(
        `[data-text-pane] [data-char-id="${a.char_id}"], [data-text-pane] [data-char-id="${first.chars[1]?.char_id}"], [data-text-pane] [data-char-id="${c.char_id}"]`,
      )
      .allTextContents();
    expect(marked).toHaveLength(3);
    expect(await view.feedbackDrawer().locator('textarea[name="origin_text"]').inputValue()).toBe(
      marked.join(""),
    );
  });

  it("sends the chars marked in the text with the page and the block they lie in", async () => {
    let target: PageBody | undefined;
    for (const uid of scanned) {
      const body = await pageData(uid);
      if (body.blocks.length >= 2) {
        target = body;
        break;
      }
    }
    if (!target) throw new Error("no scanned page of two blocks");
    const lower = target.blocks[1] as PageBlock;
    const start = target.chars.findIndex((c) => inside(lower, c));
    const chosen = target.chars.slice(start, start + 4);
    expect(chosen).toHaveLength(4);
    expect(new Set(chosen.map((c) => c.cid)).size).toBe(1);
    const [from, , , to] = chosen as [PageChar, PageChar, PageChar, PageChar];

    await view.open(target.uid);
    await view.textChar(from.char_id).click();
    await view.textChar(to.char_id).click({ modifiers: ["Shift"] });
    for (const c of chosen)
      await expect.poll(() => view.textChar(c.char_id).getAttribute("aria-pressed")).toBe("true");
    await view.box(chosen[1]?.char_id ?? "", "mark").waitFor();
    const text = (await Promise.all(chosen.map((c) => view.textChar(c.char_id).textContent()))).join("");

    await view.feedbackButton().click();
    const drawer = view.feedbackDrawer();
    await drawer.waitFor();
    expect(await drawer.locator('textarea[name="origin_text"]').inputValue()).toBe(text);
    expect(await view.sendFeedback("内容错误", "此四字與圖不合")).toMatchObject({ code: 0, msg: "success" });
    await page.locator("[data-feedback-thanks]").waitFor();

    expect(latestFeedback()).toMatchObject({
      source: "by_page",
      feedback_type: "reading",
      question_type: "content_error",
      page_id: target.uid,
      block_id: lower.block_id,
      reel_uid: null,
      cids: JSON.stringify(chosen.map((c) => c.char_id)),
      origin_text: text,
      suggestion: "此四字與圖不合",
      status: "pending",
    });
  });

  it("sends the text selected in a column of a sutra's page with the sutra and the line", async () => {
    const book = (await books("JS")).find((b) => /_\d+a$/.test(b.from));
    const text = await pageData(book?.from ?? "");
    expect(text.sutra_uids.length).toBeGreaterThan(0);
    await view.open(text.uid);
    const column = page.locator("[data-text-pane] [data-column]").filter({
      has: page.locator("[data-column-text]", { hasText: /^.{10,}$/ }),
    });
    const cid = (await column.first().getAttribute("data-column")) ?? "";
    const columnText = (await view.columnText(cid).textContent()) ?? "";
    await view.selectInColumn(cid, 2, 8);
    await expect.poll(() => page.evaluate(() => String(window.getSelection()))).toBe(columnText.slice(2, 8));

    await view.feedbackButton().click();
    const drawer = view.feedbackDrawer();
    await drawer.waitFor();
    expect(await drawer.locator('textarea[name="origin_text"]').inputValue()).toBe(columnText.slice(2, 8));
    expect(await view.sendFeedback("标点错误", "此處當斷句")).toMatchObject({ code: 0, msg: "success" });
    await page.locator("[data-feedback-thanks]").waitFor();

    expect(latestFeedback()).toMatchObject({
      source: "by_page",
      sutra_uid: text.sutra_uids[0],
      page_id: text.uid,
      block_id: null,
      reel_uid: null,
      cids: JSON.stringify([cid]),
      origin_text: columnText.slice(2, 8),
      suggestion: "此處當斷句",
    });
  });
});
