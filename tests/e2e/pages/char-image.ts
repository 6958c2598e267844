/**
 * Page object of the character image screen (`/{tripitaka}/char-image`), the boxes of a scan as
 * the corpus gives them, and the calls a researcher's token makes to check what is shown.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { inject } from "vitest";
import { corpusDir } from "../../support/corpus.ts";

export type CutBox = {
  ch: string;
  line_no: number;
  char_no: number;
  x: number;
  y: number;
  w: number;
  h: number;
};

/** The char boxes of a page of the cut-demo set (`page-images/cut-demo/{page}.cut.json`). */
export function cutBoxes(pageUid: string): CutBox[] {
  const file = join(corpusDir(), "page-images", "cut-demo", `${pageUid}.cut.json`);
  return (JSON.parse(readFileSync(file, "utf8")) as { char_data: CutBox[] }).char_data;
}

/** A researcher's call to the API, answering its result. */
export async function researcherApi<T>(token: string, path: string): Promise<T> {
  const response = await fetch(`${inject("e2eBaseUrl")}/v1/${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { code: number; msg: string; result: T };
  if (body.code !== 0) throw new Error(`${path}: ${body.code} ${body.msg}`);
  return body.result;
}

export class CharImagePage {
  constructor(readonly page: Page) {}

  async open(tripitaka: string, query = ""): Promise<void> {
    await this.page.goto(`/${tripitaka}/char-image${query}`);
    await this.page.locator("[data-char-image]").waitFor();
  }

  get form(): Locator {
    return this.page.locator("form[data-admin-search-form]");
  }

  field(name: string): Locator {
    return this.form.locator(`input[name="${name}"]`);
  }

  /** Opens the fields behind More. */
  async openMore(): Promise<void> {
    const toggle = this.page.locator("[data-char-more]");
    if ((await toggle.getAttribute("data-char-more")) === "closed") await toggle.click();
    await this.field("page_uid").waitFor();
  }

  /** Waits until the list (table or cards) shows the answer to the last query. */
  async listSettled(): Promise<void> {
    await this.page.locator('[data-char-image="list"] [data-admin-list="ready"]').waitFor();
  }

  /** Waits until the group view shows the answer to the query now in the address. */
  async groupsSettled(): Promise<void> {
    await this.page.waitForFunction(() => {
      const screen = document.querySelector('[data-char-image="group"]');
      if (!screen?.querySelector('[data-char-groups="ready"]')) return false;
      const shown = new URLSearchParams(screen.getAttribute("data-search") ?? "");
      const address = new URLSearchParams(window.location.search);
      shown.sort();
      address.sort();
      return shown.toString() === address.toString();
    });
  }

  /** Pages through the group view until the tile of `txt` shows. */
  async findGroup(txt: string): Promise<Locator> {
    for (;;) {
      await this.groupsSettled();
      const tile = this.group(txt);
      if ((await tile.count()) > 0) return tile;
      const next = this.page.locator("[data-char-groups] nav").getByRole("button", { name: "下一页" });
      if (await next.isDisabled()) throw new Error(`no group of ${txt}`);
      const from = this.query().get("page_no_group") ?? "1";
      await next.click();
      await this.page.waitForURL((url) => (url.searchParams.get("page_no_group") ?? "1") !== from);
    }
  }

  query(): URLSearchParams {
    return new URL(this.page.url()).searchParams;
  }

  get rows(): Locator {
    return this.page.locator("[data-char-row]");
  }

  row(cid: string): Locator {
    return this.page.locator(`[data-char-row="${cid}"]`);
  }

  async rowIds(): Promise<string[]> {
    return this.rows.evaluateAll((rows) => rows.map((row) => row.getAttribute("data-char-row") ?? ""));
  }

  tab(name: "list" | "group"): Locator {
    return this.page.locator(`[data-char-tab="${name}"]`);
  }

  group(txt: string): Locator {
    return this.page.locator(`[data-char-group="${txt}"]`);
  }

  get detail(): Locator {
    return this.page.locator("[data-char-detail]");
  }

  columnImage(): Locator {
    return this.detail.locator("[data-column-image] img");
  }

  columnBox(cid: string): Locator {
    return this.detail.locator(`[data-column-box="${cid}"]`);
  }

  /** Where the highlighted box lies on the drawn column image, and the image's drawn scale. */
  async boxOnColumn(
    cid: string,
  ): Promise<{ x: number; y: number; width: number; height: number; scale: number }> {
    return this.columnBox(cid).evaluate((box) => {
      const frame = box.closest("[data-column-image]");
      const image = frame?.querySelector("img");
      if (!frame || !image?.complete || image.naturalWidth === 0) throw new Error("no column image drawn");
      const [from, rect] = [image.getBoundingClientRect(), box.getBoundingClientRect()];
      return {
        x: rect.x - from.x,
        y: rect.y - from.y,
        width: rect.width,
        height: rect.height,
        scale: Number(frame.getAttribute("data-scale")),
      };
    });
  }
}
