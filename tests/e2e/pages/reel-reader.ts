/** The reel screen as a test drives it: its parts, and the reader data the tests compare with. */
import type { BrowserContext, Page } from "playwright-core";
import { inject } from "vitest";

const SETTINGS_KEY = "canon-reader.reading-settings";

/**
 * Every page of `context` starts with the reading guide already done, for tests about other
 * parts of the reel screen (the guide's card otherwise sits over part of the text at first).
 */
export async function markReadingGuideDone(context: BrowserContext): Promise<void> {
  await context.addInitScript((key) => {
    let stored: Record<string, unknown> = {};
    try {
      stored = JSON.parse(window.localStorage.getItem(key) ?? "{}") as Record<string, unknown>;
    } catch {
      // Unreadable settings are replaced.
    }
    if (stored.isGuide !== true)
      window.localStorage.setItem(key, JSON.stringify({ ...stored, isGuide: true }));
  }, SETTINGS_KEY);
}

export type CatalogNode = { reel_uid: string; line_uid: string; std_txt: string; children: CatalogNode[] };
export type SutraCatalog = { reels: { uid: string; name: string }[]; tree: CatalogNode[] };
export type SutraEntry = {
  uid: string;
  name: string;
  dynasty_author: string;
  years: string;
  categories: { name: string }[];
  actual_reel_cnt: number;
  char_cnt: number;
  reel_uids: [string, string][];
};

async function result<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${inject("e2eBaseUrl")}/v1/${path}`, init);
  return ((await response.json()) as { result: T }).result;
}

export function sutraList(tripitakaUid: string): Promise<{ list: SutraEntry[] }> {
  return result(`tripitaka/${tripitakaUid}/sutra/list`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ page_size: 100 }),
  });
}

export const sutraCatalog = (sutraUid: string) => result<SutraCatalog>(`sutra/${sutraUid}/catalog`);

export const reelData = (reelUid: string) =>
  result<{ sutra_name: string; name: string; dynasty_author: string; format: { chars: number } }>(
    `reel/${reelUid}?txt_type=std_txt`,
  );

export class ReelReader {
  constructor(readonly page: Page) {}

  async open(reelUid: string): Promise<void> {
    await this.page.goto(`/scroll/${reelUid}`);
    await this.text(reelUid).waitFor();
  }

  /** The text of `reelUid` once it has loaded. */
  text(reelUid: string) {
    return this.page.locator(`[data-reel-uid="${reelUid}"]`);
  }

  get sidePanel() {
    return this.page.locator("[data-side-panel]");
  }

  tab(name: "contents" | "volumes") {
    return this.page.locator(`[data-panel-tab="${name}"]`);
  }

  volume(reelUid: string) {
    return this.page.locator(`[data-volume="${reelUid}"]`);
  }

  treeNode(lineUid: string) {
    return this.page.locator(`[data-contents-tree] [data-line-uid="${lineUid}"]`).first();
  }

  get guideCard() {
    return this.page.locator("[data-reading-guide]");
  }

  get shortcuts() {
    return this.page.locator("[data-shortcuts-dialog]");
  }

  get selectionMenu() {
    return this.page.locator("[data-selection-menu]");
  }

  /** The notice that the reader's fonts lack some of the text's characters. */
  get fontNotice() {
    return this.page.locator("[data-font-offer]");
  }

  async openSettings(): Promise<void> {
    await this.page.locator("[data-reader-settings]").click();
  }
}

export type Box = { x: number; y: number; width: number; height: number };

/** The part of the element's box that the viewport shows, or null when it is hidden or off screen. */
export async function visibleBox(page: Page, selector: string): Promise<Box | null> {
  const locator = page.locator(selector).first();
  if ((await locator.count()) === 0) return null;
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return null;
  const x = Math.max(box.x, 0);
  const y = Math.max(box.y, 0);
  const right = Math.min(box.x + box.width, viewport.width);
  const bottom = Math.min(box.y + box.height, viewport.height);
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null;
}

/** Whether two boxes share any area (boxes that only touch do not). */
export const intersects = (a: Box | null, b: Box | null): boolean =>
  a !== null &&
  b !== null &&
  a.x < b.x + b.width &&
  b.x < a.x + a.width &&
  a.y < b.y + b.height &&
  b.y < a.y + a.height;

/**
 * How `card` sits against `part`: the space between them (negative when they overlap), and
 * whether they face each other across it (their extents overlap along the side they meet at).
 */
export function besides(card: Box, part: Box): { gap: number; facing: boolean } {
  const horizontal = Math.max(card.x - (part.x + part.width), part.x - (card.x + card.width));
  const vertical = Math.max(card.y - (part.y + part.height), part.y - (card.y + card.height));
  const gap = Math.max(horizontal, vertical);
  const overlapX = Math.min(card.x + card.width, part.x + part.width) - Math.max(card.x, part.x);
  const overlapY = Math.min(card.y + card.height, part.y + part.height) - Math.max(card.y, part.y);
  return { gap, facing: horizontal >= vertical ? overlapY > 0 : overlapX > 0 };
}

export const centre = (box: Box) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });

export const holds = (box: Box, point: { x: number; y: number }): boolean =>
  point.x >= box.x && point.x <= box.x + box.width && point.y >= box.y && point.y <= box.y + box.height;
