/**
 * Page objects of the administrators' article screens (`/admin/article`, its add, update and view
 * screens) and of the header's admin dropdown, and the administrator's articles by the API.
 */
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { AdminApi } from "../support/session.ts";
import { AdminList } from "./admin-review-pages.ts";
import { NamedFieldForm } from "./named-field-form.ts";

/** A real PNG image of one colour, as a file chooser hands it over. */
export async function pngFile(name: string, colour: string, width = 320, height = 180) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

export class AdminMenu {
  constructor(readonly page: Page) {}

  trigger(): Locator {
    return this.page.locator("header [data-admin-menu]");
  }

  /** Opens the dropdown and answers its entries' paths, in order. */
  async paths(): Promise<string[]> {
    await this.trigger().click();
    const links = this.page.locator("[data-admin-link]");
    await links.first().waitFor();
    return links.evaluateAll((items) => items.map((item) => item.getAttribute("data-admin-link") ?? ""));
  }

  async open(path: string): Promise<void> {
    await this.trigger().click();
    await this.page.locator(`[data-admin-link="${path}"]`).click();
    await this.page.waitForURL((url) => url.pathname === path);
  }
}

export class ArticleListPage extends AdminList {
  async open(query = ""): Promise<void> {
    await this.page.goto(`/admin/article${query}`);
    await this.settled();
  }

  row(uid: string): Locator {
    return this.page.locator(`[data-article-row="${uid}"]`);
  }

  /**
   * A value of the address's query as the router reads it: it writes a text that would read as
   * JSON (`true`, `2`) in quotes, and a number or boolean without.
   */
  searchValue(name: string): string | null {
    const raw = this.query().get(name);
    if (raw === null) return null;
    try {
      return String(JSON.parse(raw));
    } catch {
      return raw;
    }
  }

  async rowUids(): Promise<string[]> {
    await this.settled();
    return this.page
      .locator("[data-article-row]")
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-article-row") ?? ""));
  }

  activeSwitch(uid: string): Locator {
    return this.row(uid).locator("input[data-article-active]");
  }

  pinButton(uid: string): Locator {
    return this.row(uid).locator("[data-article-pin]");
  }

  header(column: string): Locator {
    return this.page.locator(`th[data-column="${column}"]`);
  }

  pageButton(page: number): Locator {
    return this.page.getByRole("navigation", { name: "分页" }).getByRole("button", { name: `第 ${page} 页` });
  }

  currentPage(): Locator {
    return this.page.getByRole("navigation", { name: "分页" }).locator('[aria-current="page"]');
  }
}

const ARTICLE_FIELDS = ["title", "uid", "summary", "content"] as const;

export type ArticleFieldName = (typeof ARTICLE_FIELDS)[number];

export class ArticleFormPage extends NamedFieldForm<ArticleFieldName> {
  constructor(page: Page) {
    super(page, "article", ARTICLE_FIELDS);
  }

  typeChoice(type: "news" | "intro"): Locator {
    return this.form().locator(`[data-article-field="type"] input[value="${type}"]`);
  }

  published(): Locator {
    return this.form().locator('input[data-article-field="is_actived"]');
  }

  toolbarButton(action: string): Locator {
    return this.form().locator(`[data-editor-action="${action}"]`);
  }

  /** Uploads a picture from the toolbar and waits for its markdown in the text. */
  async insertImage(file: Awaited<ReturnType<typeof pngFile>>): Promise<void> {
    const before = await this.field("content").inputValue();
    await this.form().locator("[data-editor-image-input]").setInputFiles(file);
    await this.page.waitForFunction((previous) => {
      const area = document.querySelector<HTMLTextAreaElement>('textarea[data-article-field="content"]');
      return area !== null && area.value !== previous && area.value.includes("![](");
    }, before);
  }

  preview(): Locator {
    return this.form().locator("[data-article-preview]");
  }

  async uploadCover(file: Awaited<ReturnType<typeof pngFile>>): Promise<void> {
    await this.form().locator("[data-article-cover-input]").setInputFiles(file);
    await this.coverPreview().waitFor();
  }

  coverPreview(): Locator {
    return this.form().locator("img[data-article-cover-preview]");
  }

  async save(): Promise<void> {
    await this.form().locator("[data-article-save]").click();
  }

  alert(kind: "refused" | "offline"): Locator {
    return this.page.locator(`[data-article-alert="${kind}"]`);
  }

  leaveConfirm(): Locator {
    return this.page.locator("[data-leave-confirm]");
  }
}

export class ArticleViewPage {
  constructor(readonly page: Page) {}

  view(uid: string): Locator {
    return this.page.locator(`[data-admin-article-view="${uid}"]`);
  }

  async waitFor(uid: string): Promise<void> {
    await this.page.waitForURL((url) => url.pathname === `/admin/article/view/${encodeURIComponent(uid)}`);
    await this.view(uid).locator(`article[data-article="${uid}"]`).waitFor();
  }

  state(name: "published" | "pinned"): Locator {
    return this.page.locator(`[data-article-state] [data-article-${name}]`);
  }

  body(): Locator {
    return this.page.locator("[data-admin-article-view] [data-article-body]");
  }
}

/** Whether an image has loaded (a broken or pending one has no natural width). */
export const loaded = (image: Locator): Promise<boolean> =>
  image.evaluate(
    (element) => element instanceof HTMLImageElement && element.complete && element.naturalWidth > 0,
  );

/** The success toast that names what was done. */
export const toast = (page: Page, text: string): Locator => page.locator(".fui-Toast").getByText(text);

export type ArticleRecord = {
  uid: string;
  title: string;
  type: "news" | "intro";
  summary: string;
  content: string;
  cover_url: string;
  is_actived: boolean;
};

/** The administrator's side of the articles, through the API. */
export class ArticleApi {
  private readonly api = new AdminApi();

  get(uid: string): Promise<ArticleRecord> {
    return this.api.call(`admin/article/${encodeURIComponent(uid)}`);
  }

  async add(article: ArticleRecord): Promise<void> {
    await this.api.call("admin/article/add", { method: "POST", body: JSON.stringify(article) });
  }

  async save(uid: string, article: ArticleRecord): Promise<void> {
    await this.api.call(`admin/article/update/${encodeURIComponent(uid)}`, {
      method: "PUT",
      body: JSON.stringify(article),
    });
  }
}
