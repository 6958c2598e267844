/** Page objects of the reader's article screens, and the administrator's articles by the API. */
import type { Page } from "playwright-core";
import { AdminApi } from "../support/session.ts";

export type HeadingPlace = { id: string; text: string; top: number };

/** The introduction and help screen: table of contents, headings, back to top. */
export class GuidePage {
  constructor(readonly page: Page) {}

  guide() {
    return this.page.locator("[data-guide]");
  }

  async uid(): Promise<string | null> {
    return this.guide().getAttribute("data-guide");
  }

  title() {
    return this.guide().locator("article > h1");
  }

  tocEntries() {
    return this.page.locator("[data-toc] [data-toc-entry]");
  }

  tocEntry(id: string) {
    return this.page.locator(`[data-toc] [data-toc-entry="${id}"]`);
  }

  /** The id of the entry marked current, or null. */
  async currentEntry(): Promise<string | null> {
    const current = this.page.locator('[data-toc] [data-toc-entry][aria-current="location"]');
    return (await current.count()) === 1 ? current.getAttribute("data-toc-entry") : null;
  }

  async entries(): Promise<{ id: string; text: string; level: number }[]> {
    return this.tocEntries().evaluateAll((links) =>
      links.map((link) => ({
        id: link.getAttribute("data-toc-entry") ?? "",
        text: link.textContent ?? "",
        level: Number(link.getAttribute("data-level")),
      })),
    );
  }

  /** The h1–h3 of the article's text, with their ids and where they are in the window. */
  async headings(): Promise<(HeadingPlace & { level: number })[]> {
    return this.page.locator("[data-article-body]").evaluate((body) =>
      Array.from(body.querySelectorAll("h1, h2, h3")).map((heading) => ({
        id: heading.id,
        text: heading.textContent ?? "",
        level: Number(heading.tagName.slice(1)),
        top: heading.getBoundingClientRect().top,
      })),
    );
  }

  async headingTop(id: string): Promise<number> {
    return this.page
      .locator("[data-article-body]")
      .evaluate(
        (body, headingId) =>
          body.querySelector(`[id="${headingId}"]`)?.getBoundingClientRect().top ?? Number.NaN,
        id,
      );
  }

  /** The window's scroll, how far it can go, and its height. */
  async scroll(): Promise<{ y: number; max: number; height: number }> {
    return this.page.evaluate(() => ({
      y: window.scrollY,
      max: document.documentElement.scrollHeight - window.innerHeight,
      height: window.innerHeight,
    }));
  }

  async scrollTo(y: number): Promise<void> {
    await this.page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
  }

  /** The hash of the address, decoded. */
  hash(): string {
    return decodeURIComponent(new URL(this.page.url()).hash.slice(1));
  }

  backToTop() {
    return this.page.locator("[data-back-to-top]");
  }
}

/** The news list and an article opened from it. */
export class NewsPages {
  constructor(readonly page: Page) {}

  list() {
    return this.page.locator("[data-news-list]");
  }

  item(uid: string) {
    return this.page.locator(`[data-news-item="${uid}"]`);
  }

  link(uid: string) {
    return this.item(uid).getByRole("link");
  }

  article(uid: string) {
    return this.page.locator(`[data-article="${uid}"]`);
  }

  backToList() {
    return this.page.locator("[data-back-to-list]");
  }

  async scrollY(): Promise<number> {
    return this.page.evaluate(() => window.scrollY);
  }
}

export type NewsForm = { uid: string; title: string; summary: string; content: string };

/** The administrator's side of the articles, through the API. */
export class ArticleAdmin {
  private readonly api = new AdminApi();

  /** Adds an article (saved unpublished) and publishes it. */
  async publish(form: NewsForm, type: "news" | "intro" = "news"): Promise<void> {
    await this.api.call("admin/article/add", {
      method: "POST",
      body: JSON.stringify({ ...form, type, cover_url: "", is_actived: false }),
    });
    await this.api.call(`admin/article/update_active/${encodeURIComponent(form.uid)}`, {
      method: "PUT",
      body: JSON.stringify({ is_actived: true }),
    });
  }
}
