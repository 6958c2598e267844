/**
 * Where the links of the research tools land, as the items the page shows there: the rows of a
 * character image list, the lines of a reel (the line a `cid` names, when it names one), the text
 * columns of a page, a person's name. A landing showing none of them is an empty one. The tools
 * are opened as a reader opens them, from home's special topics, and their links are clicked.
 */
import type { BrowserContext, Locator, Page } from "playwright-core";
import { CharImagePage } from "./char-image.ts";
import { CharTypeScreen } from "./char-type.ts";
import type { ColophonScreen } from "./colophon.ts";
import { PageReader } from "./page-reader.ts";

export type Landing = {
  /** The address landed on: path and query. */
  at: string;
  /** How many items it shows. */
  items: number;
  /** How many the link said there would be, when it said. */
  promised?: number;
};

export type ResearchTopic = "char-image" | "char-type" | "colophon" | "people";

export function landingItems(page: Page): Locator {
  const url = new URL(page.url());
  const [first = "", second = ""] = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  const cid = url.searchParams.get("cid");
  const shown = { hasText: /\S/ };
  if (first === "scroll")
    return page.locator(`[data-reel-uid="${second}"] [data-cid${cid ? `="${cid}"` : ""}]`).filter(shown);
  if (first === "page") return page.locator("[data-text-pane] [data-column]").filter(shown);
  if (first === "person") return page.locator(`[data-person="${second}"] [data-person-name]`).filter(shown);
  if (second === "char-image") return page.locator('[data-char-image="list"] [data-char-row]');
  throw new Error(`no list or detail is known at ${url.pathname}`);
}

/** Where the page is and how many items it shows there, once it shows any (0 after `timeoutMs`). */
export async function landing(page: Page, timeoutMs = 10_000): Promise<Landing> {
  const url = new URL(page.url());
  const items = landingItems(page);
  await items
    .first()
    .waitFor({ timeout: timeoutMs })
    .catch(() => undefined);
  return { at: `${url.pathname}${url.search}`, items: await items.count() };
}

export class ResearchLinks {
  /** Every landing of a link followed, in order. */
  readonly landings: Landing[] = [];

  constructor(readonly page: Page) {}

  /** The landings that showed nothing, or not as many items as their link said. */
  faulty(): Landing[] {
    return this.landings.filter(
      (landed) => landed.items === 0 || (landed.promised !== undefined && landed.promised !== landed.items),
    );
  }

  async openFromHome(topic: ResearchTopic): Promise<void> {
    await this.page.goto("/JS");
    await this.page.locator(`[data-topic="${topic}"]`).click();
    await this.page.waitForURL((url) => url.pathname === `/JS/${topic}`);
  }

  /** Clicks a same-tab link, waits for its address and keeps what it lands on. */
  async follow(link: Locator): Promise<Landing> {
    const href = await link.getAttribute("href");
    if (!href) throw new Error("the link has no address");
    const target = new URL(href, this.page.url());
    await link.click();
    await this.page.waitForURL(
      (url) =>
        url.pathname === target.pathname &&
        [...target.searchParams].every(([key, value]) => url.searchParams.get(key) === value),
    );
    if (target.pathname.startsWith("/page/")) await new PageReader(this.page).shows(target.pathname.slice(6));
    const landed = await landing(this.page);
    this.landings.push(landed);
    return landed;
  }

  /** Each reel a colophon links to (once each) and each colophon's page, back to the list each time. */
  async followColophons(screen: ColophonScreen): Promise<void> {
    for (const reel of new Set(await screen.reels())) {
      const row = this.page.locator(`[data-colophon-row][data-reel="${reel}"]`).first();
      await this.follow(row.locator("[data-open-reel]"));
      await this.page.goBack();
      await screen.settled();
    }
    const rows = await screen.rows.count();
    for (let index = 0; index < rows; index++) {
      const drawer = await screen.openPages(screen.rows.nth(index));
      await this.follow(drawer.locator("[data-read-page]"));
      await this.page.goBack();
      await screen.settled();
    }
  }

  /** The first `count` persons of the person list, back to the list each time; answers their ids. */
  async followPeople(count: number): Promise<string[]> {
    const ready = this.page.locator('[data-admin-list="ready"]');
    await ready.waitFor();
    const ids = await this.page
      .locator("[data-person-link]")
      .evaluateAll(
        (links, n) => links.slice(0, n).map((link) => link.getAttribute("data-person-link") ?? ""),
        count,
      );
    for (const id of ids) {
      await this.follow(this.page.locator(`[data-person-link="${id}"]`));
      await this.page.goBack();
      await ready.waitFor();
    }
    return ids;
  }

  /**
   * On a person's page, the first shown link of each kind (a work, a source line, a person named in
   * the biography, an associate, a person of the graph), back to the page each time; answers the
   * kinds followed.
   */
  async followPersonPage(personId: string): Promise<string[]> {
    const person = this.page.locator(`[data-person="${personId}"]`);
    await person.waitFor();
    const followed: string[] = [];
    for (const kind of ["data-work", "data-line", "data-text-person", "data-associate", "data-graph-node"]) {
      const link = person.locator(`a[${kind}]`).filter({ visible: true }).first();
      if ((await link.count()) === 0) continue;
      await this.follow(link);
      followed.push(kind);
      await this.page.goBack();
      await person.waitFor();
    }
    return followed;
  }

  /**
   * Every character type's link to its character images, on one page of all types, each opening
   * in a tab of its own; answers how many links there were.
   */
  async followCharTypes(context: BrowserContext): Promise<number> {
    const types = new CharTypeScreen(this.page);
    await types.settled();
    await types.choosePageSize(100);
    const total = Number(
      await this.page.locator("[data-admin-list] [data-total]").getAttribute("data-total"),
    );
    if ((await types.rows.count()) !== total) throw new Error(`not all ${total} character types on one page`);
    const linked = this.page.locator("[data-char-type-row]", {
      has: this.page.locator("[data-char-image-link]"),
    });
    const chars = await linked.evaluateAll((rows) =>
      rows.map((row) => row.getAttribute("data-char-type-row") ?? ""),
    );
    for (const char of chars) {
      const promised = Number(
        await types.row(char).locator("[data-char-image-link]").getAttribute("data-count"),
      );
      const tab = await types.openCharImage(context, char);
      await tab.waitForURL((url) => url.pathname === "/JS/char-image" && url.searchParams.get("ot") === char);
      await new CharImagePage(tab).listSettled();
      this.landings.push({ ...(await landing(tab)), promised: Math.min(promised, 10) });
      await tab.close();
    }
    return chars.length;
  }
}
