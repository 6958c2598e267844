/** Page object of page reading (/page/{page_uid}) and the page data it is checked against. */
import type { Page } from "playwright-core";
import { inject } from "vitest";

export type PageChar = { char_id: string; cid: string; x: number; y: number; w: number; h: number };
export type PageBody = {
  uid: string;
  image: { width: number; height: number } | null;
  chars: PageChar[];
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
  readonly box = (charId: string, kind: "cid" | "focus" = "cid") =>
    this.page.locator(`[data-char-box="${charId}"][data-box-kind="${kind}"]`);

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
    const [stage, rect] = [await this.rect(this.stage()), await this.rect(selector)];
    return { x: rect.x - stage.x, y: rect.y - stage.y, width: rect.width, height: rect.height };
  }

  async goToInput(text: string): Promise<void> {
    await this.input().fill(text);
    await this.input().press("Enter");
  }
}
