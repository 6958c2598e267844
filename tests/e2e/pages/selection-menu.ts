/** The reel text's selection menu and its drawers, as a test drives them with the mouse. */
import type { Page } from "playwright-core";

export type Box = { x: number; y: number; width: number; height: number };

export class SelectionMenu {
  constructor(readonly page: Page) {}

  line(cid: string) {
    return this.page.locator(`[data-cid="${cid}"]`);
  }

  get menu() {
    return this.page.locator("[data-selection-menu]");
  }

  action(name: "search" | "copy" | "quote" | "feedback") {
    return this.menu.locator(`[data-action="${name}"]`);
  }

  dictionary(id: "zdic" | "variants" | "ddb") {
    return this.menu.locator(`[data-dictionary="${id}"]`);
  }

  get quoteDrawer() {
    return this.page.locator("[data-quote-drawer]");
  }

  get feedbackDrawer() {
    return this.page.locator("[data-feedback-drawer]");
  }

  /** Scrolls the page so that the line's top is `top` px below the top of the viewport. */
  async placeLine(cid: string, top: number): Promise<void> {
    await this.line(cid).evaluate((element, wanted) => {
      window.scrollBy(0, element.getBoundingClientRect().top - wanted);
    }, top);
  }

  /** The viewport box of characters [from, to) of the line's text. */
  async charsBox(cid: string, from: number, to: number): Promise<Box> {
    return this.line(cid).evaluate(
      (element, [start, end]) => {
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        const text = walker.nextNode();
        if (!text) throw new Error("the line has no text");
        const range = document.createRange();
        range.setStart(text, start);
        range.setEnd(text, end);
        const box = range.getBoundingClientRect();
        return { x: box.left, y: box.top, width: box.width, height: box.height };
      },
      [from, to] as const,
    );
  }

  /** Drags the mouse over characters [from, to) of one line, as a reader selects them. */
  async select(cid: string, from: number, to: number): Promise<Box> {
    const first = await this.charsBox(cid, from, from + 1);
    const last = await this.charsBox(cid, to - 1, to);
    const middle = first.y + first.height / 2;
    await this.page.mouse.move(first.x + 1, middle);
    await this.page.mouse.down();
    await this.page.mouse.move((first.x + last.x + last.width) / 2, middle, { steps: 4 });
    await this.page.mouse.move(last.x + last.width - 1, middle, { steps: 4 });
    await this.page.mouse.up();
    return this.charsBox(cid, from, to);
  }

  /** Selects and waits for the menu, which opens after the selection has rested. */
  async selectAndOpen(cid: string, from: number, to: number): Promise<Box> {
    const box = await this.select(cid, from, to);
    await this.menu.waitFor();
    return box;
  }

  async clipboard(): Promise<string> {
    return this.page.evaluate(() => navigator.clipboard.readText());
  }
}
