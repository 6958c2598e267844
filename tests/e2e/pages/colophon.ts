/**
 * Page object of `/{tripitaka}/colophon` (the shared list frame: search fields in the address,
 * the search button, the column chooser, the sortable table in its sideways-scrolling box; the
 * drawer with a colophon in full and the page drawer).
 */
import type { Locator, Page } from "playwright-core";

export type Box = { left: number; right: number; top: number; bottom: number };

/** Whether `inner` stays within `outer`'s sides and bottom, to half a pixel. */
export const inside = (inner: Box, outer: Box): boolean =>
  inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5 && inner.bottom <= outer.bottom + 0.5;

/** Whether two boxes do not overlap by more than half a pixel. */
export const apart = (a: Box, b: Box): boolean =>
  a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;

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

  /** The box the table scrolls sideways in. */
  get scroller(): Locator {
    return this.page.locator("[data-colophon] table").locator("xpath=..");
  }

  async scrollSideways(left: number): Promise<void> {
    await this.scroller.evaluate((element, to) => {
      element.scrollLeft = to;
    }, left);
  }

  /** The column ids of the header, in order. */
  async columns(): Promise<string[]> {
    return this.page
      .locator("thead th")
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute("data-column") ?? ""));
  }

  /** Each header cell's box and the box of the label it shows (its text, which may overflow the cell). */
  async headerBoxes(): Promise<{ column: string; cell: Box; label: Box }[]> {
    return this.page.locator("thead th").evaluateAll((cells) =>
      cells.map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        const box = (rect: DOMRect) => ({
          left: rect.left,
          right: rect.right,
          top: rect.top,
          bottom: rect.bottom,
        });
        return {
          column: cell.getAttribute("data-column") ?? "",
          cell: box(cell.getBoundingClientRect()),
          label: box(range.getBoundingClientRect()),
        };
      }),
    );
  }

  /**
   * Where the header runs into itself: a label past its cell, or two cells or two labels over
   * one another. Answers "column: what", one per fault.
   */
  async headerFaults(): Promise<string[]> {
    const headers = await this.headerBoxes();
    const faults = headers
      .filter(({ cell, label }) => !inside(label, cell))
      .map(({ column }) => `${column}: label outside its cell`);
    for (const [i, a] of headers.entries())
      for (const b of headers.slice(i + 1)) {
        if (!apart(a.cell, b.cell)) faults.push(`${a.column} and ${b.column}: cells overlap`);
        if (!apart(a.label, b.label)) faults.push(`${a.column} and ${b.column}: labels overlap`);
      }
    return faults;
  }

  /** Shows or hides a column with the column chooser (by its label). */
  async toggleColumn(label: string): Promise<void> {
    await this.form.locator("[data-column-chooser]").click();
    await this.page.getByRole("menuitemcheckbox", { name: label, exact: true }).click();
    await this.page.keyboard.press("Escape");
  }

  /** Opens the drawer with a row's colophon in full. */
  async openNote(row: Locator): Promise<Locator> {
    await row.locator("[data-open-colophon]").click();
    const drawer = this.page.locator("[data-colophon-note]");
    await drawer.waitFor();
    return drawer;
  }

  /** Opens the page drawer of a row. */
  async openPages(row: Locator): Promise<Locator> {
    await row.locator("[data-open-pages]").click();
    const drawer = this.page.locator("[data-colophon-drawer]");
    await drawer.waitFor();
    return drawer;
  }
}
