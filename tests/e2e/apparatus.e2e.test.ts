/**
 * The collation apparatus at the reader's fingertips, in real Chromium on the Diamond Sūtra: the
 * mark after 應云何, its note (the Ming edition's 云何應, the Taishō note and CBETA's correction),
 * the reel read as the Ming edition and back, the marks hidden by the reading settings, quote
 * copy with the notes, every text form and the vertical layout, the English names of the
 * editions, no accessibility violation; then all of it again offline after downloading the sutra.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apparatusOf, Collation, DIAMOND } from "./pages/apparatus.ts";
import { downloadFromButton, OfflineReading } from "./pages/offline-reading.ts";
import { markReadingGuideDone } from "./pages/reel-reader.ts";
import { SelectionMenu } from "./pages/selection-menu.ts";
import { pagePerTest } from "./support/suite.ts";

let page: Page;
let reader: Collation;

/** What every reader sees of place 0748028, online or offline. */
async function readsTheNote(): Promise<void> {
  const mark = reader.mark();
  await mark.waitFor();
  expect(await reader.textBefore(mark)).toMatch(/應云何$/);
  await mark.hover();
  const note = reader.popover();
  await note.waitFor();
  expect(await note.locator('[data-reading-of="明"]').textContent()).toMatch(/^云何應【明】明本（嘉興藏）/);
  expect(await note.locator('[data-note-kind="orig"]').textContent()).toBe("應云何＝云何應【明】");
  expect(await note.locator('[data-note-kind="mod"]').textContent()).toBe("應云何【大】，云何應【明】");
  // Leaving mark and note closes a note that was only hovered.
  await page.mouse.move(1, 1);
  await note.waitFor({ state: "detached" });
}

async function readsAsMing(): Promise<void> {
  await reader.readAs("明");
  await expect.poll(() => reader.line().textContent()).toContain("云何應住");
  const reading = reader.readings.first();
  expect(await reading.textContent()).toBe("云何應");
  expect(await reading.getAttribute("title")).toContain("明本");
  expect(await reader.readingAsBar.textContent()).toContain("【明】");
  await reader.readingAsBar.locator("[data-back-to-base]").click();
  await expect.poll(() => reader.line().textContent()).toContain("應云何住");
  expect(await reader.readings.count()).toBe(0);
  expect(await reader.readingAsBar.count()).toBe(0);
}

async function hidesTheMarks(): Promise<void> {
  await reader.showMarks(false);
  await expect.poll(() => reader.marks.count()).toBe(0);
  expect(await reader.line().textContent()).toContain("應云何住");
  await page.reload();
  await reader.line().waitFor();
  // The marks' part loads again and keeps them hidden: the setting was kept.
  await page.locator("[data-reader-settings]").click();
  await page.locator('input[name="notes_show"]').waitFor();
  expect(await page.locator('input[name="notes_show"]').isChecked()).toBe(false);
  await page.locator('input[name="notes_show"]').check();
  await page.keyboard.press("Escape");
  await reader.mark().waitFor();
}

describe("the collation apparatus in the reel reader", () => {
  pagePerTest({}, async (opened) => {
    await markReadingGuideDone(opened.context);
    page = opened.page;
    reader = new Collation(page);
  });

  it("marks 應云何 and opens its note with the Ming reading and the Taishō note", async () => {
    await reader.open();
    await readsTheNote();
    // A click keeps the note open until Escape, which gives the focus back to the mark.
    await reader.mark().click();
    await reader.popover().waitFor();
    await page.mouse.move(1, 1);
    await page.waitForTimeout(600);
    expect(await reader.popover().count()).toBe(1);
    expect(await reader.violations()).toEqual([]);
    await page.keyboard.press("Escape");
    await reader.popover().waitFor({ state: "detached" });
    expect(await reader.mark().evaluate((mark) => mark === document.activeElement)).toBe(true);
  });

  it("puts the marks in the tab order as one stop, walked with the arrow keys", async () => {
    await reader.open();
    await reader.mark().waitFor();
    const tabStops = () => reader.marks.evaluateAll((marks) => marks.filter((m) => m.tabIndex === 0).length);
    expect(await tabStops()).toBe(1);
    const focusedNote = () =>
      page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.note);
    await reader.marks.first().focus();
    expect(await focusedNote()).toBe("0");
    await page.keyboard.press("ArrowRight");
    expect(await focusedNote()).toBe("1");
    await page.keyboard.press("End");
    expect(await focusedNote()).toBe(await reader.marks.last().getAttribute("data-note"));
    expect(await tabStops()).toBe(1);
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowLeft");
    expect(await focusedNote()).toBe("0");
    // Enter opens the focused mark's note, and Escape gives the focus back.
    await page.keyboard.press("Enter");
    await page.locator("[data-note-popover]").waitFor();
    await page.keyboard.press("Escape");
    await page.locator("[data-note-popover]").waitFor({ state: "detached" });
    expect(await focusedNote()).toBe("0");
  });

  it("reads the whole reel as the Ming edition, from the settings or the note, and back", async () => {
    await reader.open();
    await reader.mark().waitFor();
    await readsAsMing();
    await reader.mark().click();
    await reader.popover().locator('[data-witness="明"]').click();
    await expect.poll(() => reader.line().textContent()).toContain("云何應住");
    await reader.readingAsBar.locator("[data-back-to-base]").click();
    await expect.poll(() => reader.line().textContent()).toContain("應云何住");
  });

  it("hides the marks with the reading setting, and keeps it after a reload", async () => {
    await reader.open();
    await reader.mark().waitFor();
    await hidesTheMarks();
  });

  it("keeps a selection the reader made before the marks arrived", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/v1/reel/*/apparatus*", async (route) => {
      await held;
      await route.continue();
    });
    await reader.open();
    await reader.select(DIAMOND.line, 9, 14);
    const selected = () => page.evaluate(() => document.getSelection()?.toString() ?? "");
    expect(await selected()).toBe("應云何住？");
    release();
    await reader.mark().waitFor();
    expect(await selected()).toBe("應云何住？");
    await new SelectionMenu(page).menu.waitFor();
  });

  it("quotes the selection with the notes of the places it touches", async () => {
    await reader.open();
    await reader.mark().waitFor();
    const menu = new SelectionMenu(page);
    // 「應云何住？」: the lemma and what follows it.
    await reader.select(DIAMOND.line, 9, 14);
    await menu.menu.waitFor();
    await menu.action("quote").click();
    await menu.quoteDrawer.waitFor();
    const preview = menu.quoteDrawer.locator("[data-quote-preview]");
    await expect.poll(() => preview.textContent()).toMatch(/^「應云何住？」/);
    await menu.quoteDrawer.locator('input[name="show_notes"]').check();
    await expect
      .poll(() => preview.textContent())
      .toMatch(/^「應云何\[1\]住？」.*\[1\] 應云何【大】，云何應【明】$/s);
  });

  it("marks every place in each of the four text forms and in the vertical layout", async () => {
    await reader.open();
    for (const type of ["ori_txt", "uni_txt", "sim_txt", "std_txt"]) {
      await reader.inSettings(() => page.locator('select[name="text_type"]').selectOption(type));
      await page.locator(`[data-text-type="${type}"]`).waitFor();
      const entries = await apparatusOf(DIAMOND.reel, type);
      await expect.poll(() => reader.marks.count(), { message: type }).toBe(entries.length);
      await reader.mark().waitFor();
    }
    await page.getByRole("button", { name: "竖排" }).click();
    await reader.mark().click();
    await reader.popover().waitFor();
    expect(await reader.popover().locator('[data-note-kind="orig"]').textContent()).toBe(
      "應云何＝云何應【明】",
    );
  });
});

describe("the collation apparatus in English", () => {
  pagePerTest({ context: { locale: "en" } }, async (opened) => {
    await markReadingGuideDone(opened.context);
    page = opened.page;
    reader = new Collation(page);
  });

  it("names each witness's edition in English", async () => {
    await reader.open();
    await reader.mark().click();
    const note = reader.popover();
    expect(await note.locator('[data-reading-of="明"]').textContent()).toContain(
      "【明】 Ming edition (Jiaxing)",
    );
    expect(await note.locator('[data-lemma] [data-witness="大"]').textContent()).toBe(
      "【大】 Taishō edition",
    );
  });
});

describe("the collation apparatus offline", () => {
  pagePerTest({ context: { serviceWorkers: "allow" } }, async (opened) => {
    await markReadingGuideDone(opened.context);
    page = opened.page;
    reader = new Collation(page);
  });

  it("reads the marks, notes and the Ming edition of a downloaded sutra with no network", async () => {
    const offline = new OfflineReading(page);
    await page.goto("/TS");
    await offline.serviceWorkerInCharge();
    const drawer = await offline.openDrawer();
    const sutra = drawer.locator(`[data-sutra="${DIAMOND.sutra}"]`);
    await downloadFromButton(page, sutra.locator('[data-download-scope="sutra"]'), { forms: ["std_txt"] });
    await sutra.locator('[data-download-status="complete"]').waitFor({ timeout: 60_000 });

    await page.context().setOffline(true);
    await reader.open();
    await page.reload();
    await reader.line().waitFor();
    expect(await offline.notAvailable("reel").count()).toBe(0);
    await readsTheNote();
    await readsAsMing();
    await hidesTheMarks();
  }, 120_000);
});
