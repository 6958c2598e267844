/**
 * The administrators' statistics and access log in the browser. A reader signs in on the sign-in
 * screen and searches, a guest browses and searches the same keyword; then the administrator sees
 * non-zero counters, the keyword among the top keywords and a drawn trend that follows the range,
 * the indicators and the granularity, all kept in the address; and in the access log opens the
 * reader's tile, which lists the reader's entries only, filters that survive a reload. The
 * charting library is loaded by the statistics screen and never by the readers' screens.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { AccountPages } from "./pages/account-pages.ts";
import { AdminAccessLogPage, AdminStatisticsPage, chartChunks } from "./pages/admin-statistics-pages.ts";
import { callApi } from "./pages/personal-messages.ts";
import { markReadingGuideDone } from "./pages/reel-reader.ts";
import { launchBrowser, newContext } from "./support/browser.ts";
import { passwordToken, registerByApi, signInContext } from "./support/session.ts";

const run = Date.now().toString(36);
const reader = { username: `e2e_stats_${run}`, contact: `stats-${run}@e2e.test`, password: "stats-pass1" };
/** Searched three times here: among the ten most searched keywords of the browser tests. */
const KEYWORD = "观自在菩萨";

let browser: Browser;
let adminContext: BrowserContext;
let adminPage: Page;
let readerId = 0;
/** Every script the reader's and the guest's pages loaded. */
const readerScripts = new Set<string>();

async function browseAndSearch(page: Page): Promise<void> {
  page.on("request", (request) => {
    if (request.resourceType() === "script") readerScripts.add(new URL(request.url()).pathname);
  });
  await page.goto("/JS");
  await page.locator("main").waitFor();
  await page.goto(`/TS/search?keyword=${encodeURIComponent(KEYWORD)}`);
  await page.locator("[data-results]").waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  await registerByApi(reader);
  const token = await passwordToken(reader.username, reader.password);
  readerId = (await callApi<{ _id: number }>(token, "GET", "user/profile"))._id;

  const readerContext = await newContext(browser, { serviceWorkers: "block" });
  await markReadingGuideDone(readerContext);
  const readerPage = await readerContext.newPage();
  await new AccountPages(readerPage).passwordLogin(reader.username, reader.password);
  await readerPage.waitForURL("**/JS");
  await browseAndSearch(readerPage);
  await readerPage.reload();
  await readerPage.locator("[data-results]").waitFor();
  await readerContext.close();

  const guestContext = await newContext(browser, { serviceWorkers: "block" });
  await markReadingGuideDone(guestContext);
  await browseAndSearch(await guestContext.newPage());
  await guestContext.close();

  adminContext = await newContext(browser);
  const admin = inject("e2eAdmin");
  await signInContext(adminContext, admin.username, admin.password);
  adminPage = await adminContext.newPage();
});
afterAll(async () => {
  await adminContext.close();
  await browser.close();
});

describe("the statistics screen", () => {
  const statistics = () => new AdminStatisticsPage(adminPage);

  it("counts the last 7 days' visits, visitors, sign-ins and addresses, and ranks the keyword searched", async () => {
    const adminScripts = new Set<string>();
    adminPage.on("request", (request) => {
      if (request.resourceType() === "script") adminScripts.add(new URL(request.url()).pathname);
    });
    await statistics().open();
    expect(statistics().query().toString()).toBe("");
    expect(await adminPage.locator('[data-quick-range="last7"]').getAttribute("aria-pressed")).toBe("true");
    for (const indicator of ["count", "anonymous", "login", "ip"])
      expect(await statistics().counter(indicator), indicator).toBeGreaterThan(0);
    const count = await statistics().counter("count");
    expect(await statistics().counterText("count")).toBe(
      count > 10_000 ? `${(Math.round(count / 1000) / 10).toFixed(1)}万` : count.toLocaleString("en-US"),
    );

    const ranked = await statistics().keywords();
    expect(ranked.length).toBeLessThanOrEqual(10);
    expect(ranked.find((item) => item.keyword === KEYWORD)?.count).toBeGreaterThanOrEqual(3);
    expect(ranked.map((item) => item.count)).toEqual(
      [...ranked.map((item) => item.count)].sort((a, b) => b - a),
    );

    expect((await statistics().linePaths())[0]).toMatch(/^M/);
    expect(await statistics().chart.getAttribute("data-trend-points")).toBe("7");

    // The charting library is a chunk of its own: this screen loads it, the readers' pages never did.
    const chunks = chartChunks(inject("e2eWebDistDir"));
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.some((chunk) => adminScripts.has(chunk))).toBe(true);
    expect(readerScripts.size).toBeGreaterThan(0);
    expect(chunks.filter((chunk) => readerScripts.has(chunk))).toEqual([]);
  });

  it("draws the indicators chosen, keeps at least one, and reloads on each choice", async () => {
    const page = statistics();
    await page.open();
    const visits = await page.linePaths();
    expect(visits).toHaveLength(1);

    await page.toggleIndicator("ip");
    await adminPage.waitForURL((url) => url.searchParams.get("indicators") === "count,ip");
    await page.settled();
    await expect.poll(async () => (await page.linePaths()).length).toBe(2);

    await page.toggleIndicator("count");
    await adminPage.waitForURL((url) => url.searchParams.get("indicators") === "ip");
    await page.settled();
    await expect.poll(async () => (await page.linePaths()).length).toBe(1);
    expect(await page.chart.getAttribute("data-trend-lines")).toBe("ip");

    await page.toggleIndicator("ip");
    await page.keepOneWarning.waitFor();
    expect(page.query().get("indicators")).toBe("ip");
    expect(await page.indicator("ip").isChecked()).toBe(true);
    expect(await page.linePaths()).toHaveLength(1);
  });

  it("follows the range and the granularity, and keeps them across a reload", async () => {
    const page = statistics();
    await page.open();
    const week = await page.linePaths();

    await page.chooseTimeType("hour");
    expect(await page.chart.getAttribute("data-trend-points")).toBe(String(7 * 24));
    await page.chooseQuickRange("today");
    expect(await page.chart.getAttribute("data-trend-points")).toBe("24");
    const today = await page.linePaths();
    expect(today).not.toEqual(week);

    await adminPage.reload();
    await page.settled();
    expect(page.query().get("range")).toBe("today");
    expect(page.query().get("time_type")).toBe("hour");
    expect(await adminPage.locator('[data-quick-range="today"]').getAttribute("aria-pressed")).toBe("true");
    expect(await page.chart.getAttribute("data-trend-points")).toBe("24");

    // Days long before the log began: nothing counted, no line to draw.
    await page.chooseTimeType("day");
    await page.chooseDays("2020-01-01", "2020-01-03");
    expect(await page.counter("count")).toBe(0);
    expect(await page.chart.getAttribute("data-trend-points")).toBe("3");
    expect(await adminPage.locator("[data-top-keywords-empty]").count()).toBe(1);
  });
});

describe("the access log", () => {
  const accessLog = () => new AdminAccessLogPage(adminPage);

  it("groups by user at first, and a user's tile lists that user's entries, filters kept across a reload", async () => {
    const log = accessLog();
    await log.open();
    expect(await log.tab()).toBe("group");
    const tile = log.tile(`[data-userid="${readerId}"]`);
    await tile.waitFor();
    // Each tile fills its cell: one that opens the list (a button) and one that does not alike.
    const overhang = await adminPage.locator("[data-group-tile]").evaluateAll((tiles) =>
      tiles.flatMap((tile) => {
        const box = tile.getBoundingClientRect();
        const cell = (tile.parentElement as HTMLElement).getBoundingClientRect();
        return [Math.abs(box.width - cell.width), Math.abs(box.height - cell.height)];
      }),
    );
    expect(Math.max(...overhang)).toBeLessThan(1);
    const readerEvents = await log.tileCount(`[data-userid="${readerId}"]`);
    expect(readerEvents).toBeGreaterThanOrEqual(4);
    const readerName = (await tile.locator("span").first().textContent()) ?? "";
    expect(readerName).not.toBe("");

    await tile.click();
    await adminPage.waitForURL((url) => url.searchParams.get("tab") === "list");
    await log.settled();
    expect(log.query().get("user")).toContain(String(readerId));
    expect(await log.total()).toBe(readerEvents);
    expect(new Set(await log.entryAttributes("data-userid"))).toEqual(new Set([String(readerId)]));
    expect(await log.entries.count()).toBe(Math.min(readerEvents, 10));
    await expect.poll(() => log.userBox.inputValue()).toBe(readerName);

    await adminPage.reload();
    await log.settled();
    expect(await log.tab()).toBe("list");
    expect(await log.total()).toBe(readerEvents);
    await expect.poll(() => log.userBox.inputValue()).toBe(readerName);
  });

  it("filters by action type and groups by it; an action's tile lists its entries", async () => {
    const log = accessLog();
    await log.open();
    await log.chooseUser(reader.username.slice(0, 12), readerId);
    await log.chooseTypes(["全文检索", "登录"]);
    await log.search();
    await adminPage.waitForURL((url) => url.searchParams.get("types") === "FULLTEXT_SEARCH,LOGIN");
    await log.settled();

    await log.chooseGrouping("event_id");
    const searches = await log.tileCount('[data-group-tile="FULLTEXT_SEARCH"]');
    expect(searches).toBeGreaterThanOrEqual(2);
    expect(await log.tileCount('[data-group-tile="LOGIN"]')).toBeGreaterThanOrEqual(1);
    expect(await log.tile('[data-group-tile="BROWSE_PAGE"]').count()).toBe(0);

    await log.tile('[data-group-tile="FULLTEXT_SEARCH"]').click();
    await adminPage.waitForURL((url) => url.searchParams.get("types") === "FULLTEXT_SEARCH");
    await log.settled();
    expect(await log.total()).toBe(searches);
    expect(new Set(await log.entryAttributes("data-event"))).toEqual(new Set(["FULLTEXT_SEARCH"]));
    expect(await adminPage.locator('[data-log-entry] [data-column="ouid"]').first().textContent()).toContain(
      KEYWORD,
    );

    await adminPage.reload();
    await log.settled();
    expect(log.query().get("group_type")).toBe("event_id");
    expect(await log.total()).toBe(searches);
  });
});
