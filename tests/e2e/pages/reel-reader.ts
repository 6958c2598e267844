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

  async openSettings(): Promise<void> {
    await this.page.locator("[data-reader-settings]").click();
  }
}
