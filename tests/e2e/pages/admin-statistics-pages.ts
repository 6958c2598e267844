/**
 * Page objects of `/admin/statistical` (range, counters, top keywords, the trend chart and its
 * choices) and `/admin/access-log` (filters, tabs, the Statistics choice, tiles and entries), and
 * where the built app keeps the charting library.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";

/** The scripts of the build that hold the charting library (its line class names). */
export function chartChunks(distDir: string): string[] {
  const assets = join(distDir, "assets");
  return readdirSync(assets)
    .filter((file) => file.endsWith(".js"))
    .filter((file) => readFileSync(join(assets, file), "utf8").includes("recharts-line-curve"))
    .map((file) => `/assets/${file}`);
}

/**
 * Waits until the screen (`section`) shows the query of the address: the router writes the address
 * a moment before the screen renders it.
 */
async function showsAddress(page: Page, section: string): Promise<void> {
  await page.waitForFunction((selector) => {
    // The router writes texts that look like numbers as JSON strings ("42" with its quotes).
    const plain = (value: string): string => {
      try {
        return String(JSON.parse(value));
      } catch {
        return value;
      }
    };
    const sorted = (query: URLSearchParams) =>
      JSON.stringify([...query].map(([key, value]) => [key, plain(value)]).sort());
    const shown = document.querySelector(selector)?.getAttribute("data-search");
    return (
      shown != null && sorted(new URLSearchParams(shown)) === sorted(new URLSearchParams(location.search))
    );
  }, section);
}

export class AdminStatisticsPage {
  constructor(readonly page: Page) {}

  async open(query = ""): Promise<void> {
    await this.page.goto(`/admin/statistical${query}`);
    await this.settled();
  }

  /** Waits until the counters and the trend answer the current choices. */
  async settled(): Promise<void> {
    await showsAddress(this.page, "[data-admin-statistics]");
    await this.page.locator("[data-counted]:not([data-counted='loading'])").waitFor();
    await this.page.locator("[data-trend='ready']").waitFor();
  }

  query(): URLSearchParams {
    return new URL(this.page.url()).searchParams;
  }

  async counter(indicator: string): Promise<number> {
    return Number(await this.page.locator(`[data-counter="${indicator}"]`).getAttribute("data-value"));
  }

  async counterText(indicator: string): Promise<string> {
    return (await this.page.locator(`[data-counter="${indicator}"] dd`).textContent()) ?? "";
  }

  async keywords(): Promise<{ keyword: string; count: number }[]> {
    return this.page.locator("[data-top-keywords] [data-keyword]").evaluateAll((items) =>
      items.map((item) => ({
        keyword: item.getAttribute("data-keyword") ?? "",
        count: Number(item.getAttribute("data-count")),
      })),
    );
  }

  get chart(): Locator {
    return this.page.locator("[data-trend-chart]");
  }

  /** The drawn lines' SVG paths, one per indicator. */
  async linePaths(): Promise<string[]> {
    await this.chart.locator("path.recharts-line-curve").first().waitFor();
    return this.chart
      .locator("path.recharts-line-curve")
      .evaluateAll((paths) => paths.map((path) => path.getAttribute("d") ?? ""));
  }

  async chooseQuickRange(name: string): Promise<void> {
    await this.page.locator(`[data-quick-range="${name}"]`).click();
    await this.page.waitForURL((url) => (url.searchParams.get("range") ?? "last7") === name);
    await this.settled();
  }

  async chooseDays(start: string, end: string): Promise<void> {
    await this.page.locator('input[name="start"]').fill(start);
    await this.page.locator('input[name="end"]').fill(end);
    await this.page.waitForURL(
      (url) => url.searchParams.get("start") === start && url.searchParams.get("end") === end,
    );
    await this.settled();
  }

  indicator(name: string): Locator {
    return this.page.locator(`input[data-indicator="${name}"]`);
  }

  /** Ticks or clears an indicator box; the choice reaches the address. */
  async toggleIndicator(name: string): Promise<void> {
    await this.indicator(name).click();
  }

  async chooseTimeType(type: string): Promise<void> {
    await this.page.locator(`input[data-time-type="${type}"]`).check();
    await this.page.waitForURL((url) => (url.searchParams.get("time_type") ?? "day") === type);
    await this.settled();
  }

  get keepOneWarning(): Locator {
    return this.page.locator("[data-keep-one-indicator]");
  }
}

export class AdminAccessLogPage {
  constructor(readonly page: Page) {}

  async open(query = ""): Promise<void> {
    await this.page.goto(`/admin/access-log${query}`);
    await this.settled();
  }

  query(): URLSearchParams {
    return new URL(this.page.url()).searchParams;
  }

  tab(): Promise<string | null> {
    return this.page.locator("[data-admin-access-log]").getAttribute("data-admin-access-log");
  }

  /** Waits until the shown tab answers the current query. */
  async settled(): Promise<void> {
    await showsAddress(this.page, "[data-admin-access-log]");
    const tab = await this.tab();
    await this.page
      .locator(tab === "list" ? '[data-admin-list="ready"]' : '[data-access-groups="ready"]')
      .waitFor();
  }

  get form(): Locator {
    return this.page.locator("form[data-admin-search-form]");
  }

  get userBox(): Locator {
    return this.form.locator('input[name="user"]');
  }

  /** Finds a user by typing part of the name and picks them from the suggestions. */
  async chooseUser(typed: string, userId: number): Promise<void> {
    await this.userBox.fill(typed);
    await this.page.locator(`[data-user-option="${userId}"]`).click();
    await this.form.locator(`[data-user-filter="${userId}"]`).waitFor();
  }

  /** Picks action types in the multi-choice box and closes it. */
  async chooseTypes(labels: string[]): Promise<void> {
    await this.form.locator('[data-several-filter="types"]').click();
    // A multi-choice list's entries are menu checkboxes.
    for (const label of labels) await this.page.getByRole("menuitemcheckbox", { name: label }).click();
    await this.page.keyboard.press("Escape");
  }

  async search(): Promise<void> {
    await this.form.locator("[data-admin-search]").click();
  }

  async chooseGrouping(groupType: string): Promise<void> {
    await this.form.locator('select[name="group_type"]').selectOption(groupType);
    await this.page.waitForURL((url) => (url.searchParams.get("group_type") ?? "userid") === groupType);
    await this.settled();
  }

  tile(selector: string): Locator {
    return this.page.locator(`[data-access-groups] [data-group-tile]${selector}`);
  }

  async tileCount(selector: string): Promise<number> {
    return Number(await this.tile(selector).getAttribute("data-count"));
  }

  get entries(): Locator {
    return this.page.locator("[data-log-entry]");
  }

  async entryAttributes(name: string): Promise<string[]> {
    return this.entries.evaluateAll(
      (rows, attribute) => rows.map((row) => row.getAttribute(attribute) ?? ""),
      name,
    );
  }

  async total(): Promise<number> {
    return Number(await this.page.locator("[data-admin-list] [data-total]").getAttribute("data-total"));
  }
}
