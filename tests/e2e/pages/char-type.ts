/**
 * Page object of `/{tripitaka}/char-type` (the shared list frame: filters in the address, the
 * search button, the table of character types with their links to the char image screen), and
 * the giving of the researcher role through the administrator's API.
 */
import type { BrowserContext, Locator, Page } from "playwright-core";

export class CharTypeScreen {
  /** The list calls the screen made, by their query. */
  readonly listCalls: URLSearchParams[] = [];

  constructor(readonly page: Page) {
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith("/char_type/list")) this.listCalls.push(url.searchParams);
    });
  }

  async open(tripitaka: string, query = ""): Promise<void> {
    await this.page.goto(`/${tripitaka}/char-type${query}`);
    await this.settled();
  }

  get form(): Locator {
    return this.page.locator("form[data-admin-search-form]");
  }

  filter(name: string): Locator {
    return this.form.locator(`[name="${name}"]`);
  }

  async choose(name: string, value: string): Promise<void> {
    await this.filter(name).selectOption(value);
  }

  /** Presses the search button; the query lands in the address and the list shows its answer. */
  async search(expected: Record<string, string>): Promise<void> {
    await this.form.locator("[data-admin-search]").click();
    await this.page.waitForURL((url) =>
      Object.entries(expected).every(([key, value]) => url.searchParams.get(key) === value),
    );
    await this.settled();
  }

  async settled(): Promise<void> {
    await this.page.locator('[data-admin-list="ready"]').waitFor();
  }

  /** Chooses how many rows a page holds, in the pager; the choice lands in the address. */
  async choosePageSize(size: number): Promise<void> {
    await this.page.locator('select[name="page_size"]').selectOption(String(size));
    await this.page.waitForURL((url) => url.searchParams.get("page_size") === String(size));
    await this.settled();
  }

  get rows(): Locator {
    return this.page.locator("[data-char-type-row]");
  }

  async chars(): Promise<string[]> {
    return this.rows.evaluateAll((rows) => rows.map((row) => row.getAttribute("data-char-type-row") ?? ""));
  }

  row(char: string): Locator {
    return this.page.locator(`[data-char-type-row="${char}"]`);
  }

  /** Clicks the row's char image link and answers the tab it opened. */
  async openCharImage(context: BrowserContext, char: string): Promise<Page> {
    const opened = context.waitForEvent("page");
    await this.row(char).locator("[data-char-image-link]").click();
    const tab = await opened;
    await tab.waitForLoadState();
    return tab;
  }
}
