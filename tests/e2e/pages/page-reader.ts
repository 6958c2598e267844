/** Page object of page reading (/page/{page_uid}) and the page data it is checked against. */
import type { Page } from "playwright-core";
import { inject } from "vitest";

export type PageChar = { char_id: string; cid: string; x: number; y: number; w: number; h: number };
export type PageBlock = { block_id: string; x: number; y: number; w: number; h: number };
export type PageBody = {
  uid: string;
  image: { width: number; height: number } | null;
  chars: PageChar[];
  blocks: PageBlock[];
  sutra_uids: string[];
  reel_uids: string[];
};

type Rect = { x: number; y: number; width: number; height: number };

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${inject("e2eBaseUrl")}/v1/${path}`);
  const body = (await response.json()) as { code: number; result: T };
  if (body.code !== 0) throw new Error(`${path}: code ${body.code}`);
  return body.result;
}

export const pageData = (uid: string) => api<PageBody>(`page/${uid}`);
export const scannedPages = async (bookUid: string) =>
  (await api<Record<string, string[]>>(`get_img_names?uids=${bookUid}`))[bookUid] ?? [];
export const books = (tripitakaUid: string) =>
  api<{ uid: string; from: string; to: string; page_count: number }[]>(`tripitaka/${tripitakaUid}/catalog`);

export class PageReader {
  constructor(readonly page: Page) {}

  readonly input = () => this.page.locator('input[name="page_input"]');
  readonly stage = () => this.page.locator("[data-stage]");
  readonly warning = () => this.page.locator("[data-page-warning]");
  readonly thumb = (uid: string) => this.page.locator(`[data-thumb="${uid}"] button`);
  readonly box = (charId: string, kind: "cid" | "mark" | "focus" = "cid") =>
    this.page.locator(`[data-char-box="${charId}"][data-box-kind="${kind}"]`);
  readonly textChar = (charId: string) => this.page.locator(`[data-text-pane] [data-char-id="${charId}"]`);
  readonly columnText = (cid: string) => this.page.locator(`[data-column="${cid}"] [data-column-text]`);
  readonly feedbackButton = () => this.page.locator("[data-page-feedback]");
  readonly feedbackDrawer = () => this.page.locator("[data-feedback-drawer]");

  /** Opens a page and waits until its header and body show it. */
  async open(uid: string, query = ""): Promise<void> {
    await this.page.goto(`/page/${uid}${query}`);
    await this.shows(uid);
  }

  async shows(uid: string): Promise<void> {
    await this.page.waitForURL(`**/page/${uid}**`);
    await this.page.locator("[data-page-uid]", { hasText: uid }).waitFor();
    await this.page.locator("[data-image-pane]").waitFor();
  }

  async scale(): Promise<number> {
    return Number(await this.stage().getAttribute("data-scale"));
  }

  async rect(selector: ReturnType<Page["locator"]>): Promise<Rect> {
    const box = await selector.boundingBox();
    if (!box) throw new Error("element not shown");
    return box;
  }

  /** Where an element lies relative to the top left of the drawn image. */
  async onStage(selector: ReturnType<Page["locator"]>): Promise<Rect> {
    // Both measured in one go, so that nothing laid out in between can move one and not the other.
    return selector.evaluate((element) => {
      const stage = document.querySelector("[data-stage]");
      if (!stage) throw new Error("no scan shown");
      const [from, rect] = [stage.getBoundingClientRect(), element.getBoundingClientRect()];
      return { x: rect.x - from.x, y: rect.y - from.y, width: rect.width, height: rect.height };
    });
  }

  /** Drags the mouse over characters [from, to) of a column shown as plain text. */
  async selectInColumn(cid: string, from: number, to: number): Promise<void> {
    const charBox = (index: number) =>
      this.columnText(cid).evaluate((element, at) => {
        const text = element.firstChild;
        if (!text) throw new Error("the column has no text");
        const range = document.createRange();
        range.setStart(text, at);
        range.setEnd(text, at + 1);
        const box = range.getBoundingClientRect();
        return { x: box.left, y: box.top, width: box.width, height: box.height };
      }, index);
    const first = await charBox(from);
    const last = await charBox(to - 1);
    await this.page.mouse.move(first.x + 1, first.y + first.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move(last.x + last.width / 2, last.y + last.height / 2, { steps: 4 });
    await this.page.mouse.move(last.x + last.width - 1, last.y + last.height / 2, { steps: 4 });
    await this.page.mouse.up();
  }

  /** Fills and sends the open feedback drawer; answers what the server said to it. */
  async sendFeedback(questionType: string, suggestion: string): Promise<{ code: number; msg: string }> {
    const drawer = this.feedbackDrawer();
    await drawer.getByText(questionType).click();
    await drawer.locator('textarea[name="suggestion"]').fill(suggestion);
    const answer = this.page.waitForResponse((response) => response.url().includes("/v1/feedback/add"));
    await drawer.locator("[data-feedback-submit]").click();
    return (await (await answer).json()) as { code: number; msg: string };
  }

  async goToInput(text: string): Promise<void> {
    await this.input().fill(text);
    await this.input().press("Enter");
  }
}
