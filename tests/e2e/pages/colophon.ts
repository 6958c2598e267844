/**
 * Page object of `/{tripitaka}/colophon` (the shared list frame: search fields in the address,
 * the search button, the sortable table; the page drawer), and the giving of the researcher role
 * through the administrator's API.
 */
import type { Locator, Page } from "playwright-core";

export class ColophonScreen {
  constructor(readonly page: Page) {}

  async open(tripitaka: string, query = ""): Promise<void> {
    await this.page.goto(`/${tripitaka}/colophon${query}`);
    await this.settled();
  }

  get form(): Locator {
    return this.page.locator("form[data-admin-search-form]");
  }

  field(name: string): Locator {
    return this.form.locator(`input[name="${name}"]`);
  }

  /** Opens the fields behind "more" when they are closed. */
  async showMoreFields(): Promise<void> {
    const toggle = this.form.locator("[data-more-fields]");
    if ((await toggle.getAttribute("data-more-fields")) === "closed") await toggle.click();
  }

  /** Fills the fields, presses search; the query lands in the address and the list shows its answer. */
  async search(fields: Record<string, string>): Promise<void> {
    for (const [name, value] of Object.entries(fields)) await this.field(name).fill(value);
    await this.form.locator("[data-admin-search]").click();
    await this.page.waitForURL((url) =>
      Object.entries(fields).every(([key, value]) => url.searchParams.get(key) === value),
    );
    await this.settled();
  }

  async clear(): Promise<void> {
    await this.form.locator("[data-admin-clear]").click();
    await this.page.waitForURL((url) => url.search === "");
    await this.settled();
  }

  async settled(): Promise<void> {
    await this.page.locator('[data-admin-list="ready"]').waitFor();
  }

  get rows(): Locator {
    return this.page.locator("[data-colophon-row]");
  }

  /** The reel uid of each row, in the table's order. */
  async reels(): Promise<string[]> {
    return this.rows.evaluateAll((rows) => rows.map((row) => row.getAttribute("data-reel") ?? ""));
  }

  cell(row: Locator, column: string): Locator {
    return row.locator(`td[data-column="${column}"]`);
  }

  /** Clicks a column's header and waits for the order in the address and the list. */
  async sortBy(column: string, expected: string): Promise<void> {
    await this.page.locator(`th[data-column="${column}"]`).click();
    await this.page.waitForURL((url) => url.searchParams.get("sort_by") === expected);
    await this.settled();
  }

  /** Opens the page drawer of a row. */
  async openPages(row: Locator): Promise<Locator> {
    await row.locator("[data-open-pages]").click();
    const drawer = this.page.locator("[data-colophon-drawer]");
    await drawer.waitFor();
    return drawer;
  }
}
