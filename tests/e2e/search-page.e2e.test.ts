import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { SearchPage, searchByApi, sutrasByApi } from "./pages/search-page.ts";
import type { ContextOptions } from "./support/browser.ts";
import { holdAppStart } from "./support/held-start.ts";
import { passwordToken, registerByApi, signInContext } from "./support/session.ts";
import { pagePerTest } from "./support/suite.ts";

let context: BrowserContext;
let page: Page;
let search: SearchPage;
let openBareContext: (options?: ContextOptions) => Promise<BrowserContext>;

const TRIPITAKA = "TS";
/** Common enough to be in every sample Taishō text. */
const COMMON = "佛";

const reader = { username: "e2e_search", contact: "search@e2e.test", password: "search-pass1" };
/** The reader's group: two sutras of the Taishō sample. */
const GROUP = { name: "经部", sutras: ["TS0235", "TS0366"] };

async function callAs(token: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${inject("e2eBaseUrl")}/v1/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; msg: string };
  if (answer.code !== 0) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
}

pagePerTest({ readingGuideDone: true }, (opened) => {
  ({ context, page, openBareContext } = opened);
  search = new SearchPage(page);
});

beforeAll(async () => {
  await registerByApi(reader);
  const token = await passwordToken(reader.username, reader.password);
  await callAs(token, `tripitaka/${TRIPITAKA}/sutra_group`, { name: GROUP.name });
  await callAs(token, `tripitaka/${TRIPITAKA}/sutra_group/add_sutras`, {
    name: GROUP.name,
    sutra_uids: GROUP.sutras,
  });
});

/** Leaves the guest's page for a new one of the reader's, signed in. */
async function openAsReader(): Promise<void> {
  await context.close();
  context = await openBareContext();
  await signInContext(context, reader.username, reader.password);
  page = await context.newPage();
  search = new SearchPage(page);
}

const decoded = (url: string) => decodeURIComponent(url);

/** The searches `target` sends to the server from now on. */
function searchesOf(target: Page): string[] {
  const sent: string[] = [];
  target.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith(`/v1/tripitaka/${TRIPITAKA}/search`))
      sent.push(request.url());
  });
  return sent;
}

describe("the search page", () => {
  it("searches from home's search box and remembers the keyword", async () => {
    await page.goto(`/${TRIPITAKA}`);
    const homeSearch = page.locator('main form:has(input[type="search"][name="keyword"])');
    await homeSearch.locator('input[name="keyword"]').fill("般若");
    await homeSearch.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === `/${TRIPITAKA}/search`);
    expect(search.query().get("keyword")).toBe("般若");
    await search.results.first().waitFor();

    const expected = await searchByApi(TRIPITAKA, {
      keyword: "般若",
      txt_type: "sim_txt",
      trans_mode: "uni2sim",
    });
    await expect.poll(() => search.resultReels()).toEqual(expected.list.map((item) => item.reel_uid));
    expect(await search.keywordBox.inputValue()).toBe("般若");
    expect(await search.results.first().locator("mark").count()).toBeGreaterThan(0);
    const marked = await search.results.first().locator("mark").first().textContent();
    expect(["般若", "般", "若"]).toContain(marked);

    await search.keywordBox.fill("");
    await search.keywordBox.focus();
    await page.locator('[data-recent-inputs] [data-recent="般若"]').waitFor();
    await page.locator('[data-recent-inputs] [data-recent="般若"]').click();
    await expect.poll(() => search.results.count()).toBe(expected.list.length);
  });

  it("tells an empty search apart and shows sorting only for exact results", async () => {
    await page.goto(`/${TRIPITAKA}/search?keyword=${encodeURIComponent("鑫鑫鑫鑫")}`);
    await page.locator("[data-no-result]").getByText("未检索到相关内容").waitFor();
    expect(await search.results.count()).toBe(0);

    await page.goto(`/${TRIPITAKA}/search?keyword=${encodeURIComponent(COMMON)}`);
    await search.results.first().waitFor();
    expect(await page.locator("[data-sort-bar]").count()).toBe(0);
    await page.locator('[data-search-form] input[value="exact"]').check();
    await page.waitForURL((url) => url.searchParams.get("mode") === "exact");
    await page.locator("[data-sort-bar]").waitFor();
    const sorted = (sort_by: string) =>
      searchByApi(TRIPITAKA, {
        keyword: COMMON,
        search_mode: "exact",
        sort_by,
        txt_type: "sim_txt",
        trans_mode: "uni2sim",
      });
    await page.locator('[data-sort-bar] [data-sort="sutra_uid"]').click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "sutra_uid");
    const ascending = (await sorted("sutra_uid")).list.map((item) => item.reel_uid);
    await expect.poll(() => search.resultReels()).toEqual(ascending);
    await page.locator('[data-sort-bar] [data-sort="sutra_uid"]').click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "-sutra_uid");
    const descending = (await sorted("-sutra_uid")).list.map((item) => item.reel_uid);
    expect(descending).not.toEqual(ascending);
    await expect.poll(() => search.resultReels()).toEqual(descending);
  });

  it("fits the pager to the window: its total on a wide one, hidden on a phone, following a resize", async () => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto(`/${TRIPITAKA}/search?keyword=${encodeURIComponent(COMMON)}`);
    const total = page.locator("[data-results] nav [data-total]");
    await total.waitFor();
    await page.setViewportSize({ width: 600, height: 800 });
    await total.waitFor({ state: "detached" });
    await page.setViewportSize({ width: 700, height: 800 });
    await total.waitFor();
  });

  it("filters by category and dynasty from the filter panel", async () => {
    const sutras = await sutrasByApi(TRIPITAKA);
    const heart = sutras.find((sutra) => sutra.uid === "TS0251");
    const categoryId = String(heart?.categories[0]?.id);
    const dynastyId = String(heart?.dynasties[0]?.id);
    const inCategory = sutras
      .filter((s) => s.categories.some((c) => String(c.id) === categoryId))
      .map((s) => s.uid);
    const inBoth = sutras
      .filter((s) => inCategory.includes(s.uid) && s.dynasties.some((d) => String(d.id) === dynastyId))
      .map((s) => s.uid);
    expect(inCategory.length).toBeGreaterThan(inBoth.length);
    const shownSutras = async () => [...new Set(await search.resultSutras())].sort();

    await page.goto(`/${TRIPITAKA}/search?keyword=${encodeURIComponent(COMMON)}`);
    await search.results.first().waitFor();
    // New statistics open one group by themselves; nothing is selected, so no Apply and no Clear all.
    await expect
      .poll(() => search.panel.locator("input[data-filter-option]:visible").count())
      .toBeGreaterThan(0);
    expect(await search.apply.count()).toBe(0);
    expect(await search.clearAll.count()).toBe(0);
    expect((await shownSutras()).length).toBeGreaterThan(inCategory.length);

    if (!(await search.option("categories", categoryId).isVisible())) {
      await search.group("categories").getByRole("button").first().click();
    }
    await search.option("categories", categoryId).check();
    await search.apply.waitFor();
    await search.clearAll.waitFor();
    await search.apply.click();
    await page.waitForURL((url) => decoded(url.search).includes(`category_ids=[${categoryId}]`));
    await search.apply.waitFor({ state: "detached" });
    await expect.poll(shownSutras).toEqual([...inCategory].sort());

    await search.group("dynasties").getByRole("button").first().click();
    await search.option("dynasties", dynastyId).check();
    await search.apply.click();
    await page.waitForURL((url) => decoded(url.search).includes(`dynasty_ids=[${dynastyId}]`));
    await expect.poll(shownSutras).toEqual([...inBoth].sort());

    await search.clearAll.click();
    await search.apply.click();
    await page.waitForURL(
      (url) => !url.search.includes("category_ids") && !url.search.includes("dynasty_ids"),
    );
    await search.clearAll.waitFor({ state: "detached" });
    await expect.poll(async () => (await shownSutras()).length).toBeGreaterThan(inCategory.length);
  });

  it("opens the preview at the hit, resizes it within the limits and closes it", async () => {
    await page.goto(`/${TRIPITAKA}/search?keyword=${encodeURIComponent("般若")}`);
    const first = search.results.first();
    await first.waitFor();
    const cid = await first.locator("[data-snippet]").first().getAttribute("data-snippet");
    await first.locator("[data-preview-open]").first().click();
    await search.preview.waitFor();
    const hitLine = search.preview.locator(`[data-hit-line][data-cid="${cid}"]`);
    await hitLine.waitFor();
    expect(await search.preview.locator("mark").count()).toBeGreaterThan(0);
    await expect.poll(() => hitLine.isVisible()).toBe(true);

    const widths = async () => ({
      results: (await page.locator("[data-results]").boundingBox())?.width ?? 0,
      preview: (await search.preview.boundingBox())?.width ?? 0,
    });
    const dragDivider = async (by: number) => {
      const box = await page.locator("[data-split-handle]").boundingBox();
      if (!box) throw new Error("no divider");
      await page.mouse.move(box.x + box.width / 2, box.y + 40);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + by, box.y + 40, { steps: 5 });
      await page.mouse.up();
    };
    // Dragged far left the results keep 572 px; far right the preview keeps 300 px.
    await dragDivider(-900);
    await expect.poll(async () => (await widths()).results).toBeLessThan(600);
    expect((await widths()).results).toBeGreaterThanOrEqual(572);
    await dragDivider(900);
    await expect.poll(async () => (await widths()).preview).toBeLessThan(320);
    expect((await widths()).preview).toBeGreaterThanOrEqual(300);

    // The split is kept: after a reload the preview opens as narrow as it was left (wider by default).
    await page.reload();
    await search.results.first().locator("[data-preview-open]").first().click();
    await search.preview.waitFor();
    await expect.poll(async () => (await widths()).preview).toBeLessThan(320);
    await page.evaluate(() => window.localStorage.removeItem("canon-reader.search-split"));
    await page.reload();
    await search.results.first().locator("[data-preview-open]").first().click();
    await search.preview.waitFor();
    await expect.poll(async () => (await widths()).preview).toBeGreaterThan(320);

    await page.locator("[data-preview-close]").click();
    await search.preview.waitFor({ state: "detached" });
  });

  it("opens the reel at the hit's line, highlighted", async () => {
    await page.goto(`/${TRIPITAKA}/search?keyword=${encodeURIComponent("般若")}`);
    const link = search.results.first().locator("[data-snippet] [data-open-reel]").first();
    await link.waitFor();
    const reelUid = await link.getAttribute("data-open-reel");
    const cid = await link.getAttribute("data-open-cid");
    await link.click();
    await page.waitForURL(
      (url) => url.pathname === `/scroll/${reelUid}` && url.searchParams.get("cid") === cid,
    );
    const line = page.locator(`[data-reel-uid="${reelUid}"] [data-cid="${cid}"]`);
    await line.waitFor();
    await expect
      .poll(() => line.evaluate((element) => getComputedStyle(element).backgroundColor))
      .not.toBe("rgba(0, 0, 0, 0)");
    await expect.poll(() => line.isVisible()).toBe(true);
  });

  it("defaults the text type by interface language in the settings panel", async () => {
    await page.goto(`/${TRIPITAKA}/search?keyword=${encodeURIComponent(COMMON)}`);
    await page.locator("[data-search-settings]").click();
    const select = page.locator('[data-search-settings-panel] select[name="search_txt_type"]');
    await select.waitFor();
    expect(await select.inputValue()).toBe("sim_txt");
    expect(await page.locator('[data-search-settings-panel] select[name="trans_mode"]').inputValue()).toBe(
      "uni2sim",
    );
    await select.selectOption("std_txt");
    expect(await page.locator('[data-search-settings-panel] select[name="trans_mode"]').inputValue()).toBe(
      "uni2std",
    );
    const stored = await page.evaluate(() => window.localStorage.getItem("canon-reader.search-settings"));
    expect(JSON.parse(stored ?? "{}")).toMatchObject({ textType: "std_txt" });

    const english = await openBareContext({ locale: "en" });
    const other = await english.newPage();
    await other.goto(`/${TRIPITAKA}/search?keyword=${encodeURIComponent(COMMON)}`);
    await other.locator("[data-search-settings]").click();
    expect(await other.locator('select[name="search_txt_type"]').inputValue()).toBe("std_txt");
    await english.close();
  });

  it("shows the first results the server drew, then the app's in their place, asking the server nothing", async () => {
    const release = await holdAppStart(page);
    const sent = searchesOf(page);
    // Common, and in no sutra's name (a keyword naming sutras shows them above the results).
    const opened = `/${TRIPITAKA}/search?keyword=${encodeURIComponent("如是")}`;
    await page.goto(opened, { waitUntil: "domcontentloaded" });
    const drawn = page.locator(".boot-results .boot-result").first();
    await drawn.waitFor();
    const drawnBox = await drawn.boundingBox();
    const drawnTitle = await drawn.locator("a").first().textContent();
    release();
    await search.results.first().waitFor();
    expect(await search.results.first().boundingBox()).toEqual(drawnBox);
    expect(await search.results.first().locator("a").first().textContent()).toBe(drawnTitle);
    await page.waitForLoadState("networkidle");
    expect(sent).toHaveLength(0);

    // A reader who chose their own text type is answered by the app alone.
    await page.evaluate(() =>
      localStorage.setItem("canon-reader.search-settings", JSON.stringify({ textType: "std_txt" })),
    );
    await page.goto(`/${TRIPITAKA}`);
    await page.locator("[data-home-search]").waitFor();
    await page.goto(opened);
    await search.results.first().waitFor();
    await page.waitForLoadState("networkidle");
    expect(sent).toHaveLength(1);
    const sentPage = await (await page.context().request.get(opened)).text();
    expect(sentPage).not.toContain('<div class="boot-results">');
  });

  it("asks the server once for the search it opens on, as a guest and signed in", async () => {
    const opened = `/${TRIPITAKA}/search?keyword=${encodeURIComponent(COMMON)}&mode=exact&sort=sutra_uid&page=2`;
    const guestSearches = searchesOf(page);
    await page.goto(opened);
    await search.results.first().waitFor();
    await page.waitForLoadState("networkidle");
    expect(guestSearches).toHaveLength(1);

    await openAsReader();
    const readerSearches = searchesOf(page);
    await page.goto(opened);
    await search.results.first().waitFor();
    await page.waitForLoadState("networkidle");
    expect(readerSearches).toHaveLength(1);
  });

  it("searches a signed-in reader's custom group as the scope", async () => {
    await openAsReader();
    const unique = (list: string[]) => [...new Set(list)].sort();

    await page.goto(`/${TRIPITAKA}/search?keyword=${encodeURIComponent(COMMON)}`);
    await search.results.first().waitFor();
    expect(unique(await search.resultSutras()).length).toBeGreaterThan(GROUP.sutras.length);
    await search.group("sutra_group_names").waitFor();
    await page.locator('[data-search-form] select[name="scope"]').selectOption(GROUP.name);
    await page.waitForURL((url) => decoded(url.search).includes(`sutra_groups=["${GROUP.name}"]`));
    await expect.poll(async () => unique(await search.resultSutras())).toEqual(GROUP.sutras);
  });

  it("narrows the search to chosen sutras with advanced search", async () => {
    await page.goto(`/${TRIPITAKA}/search?keyword=${encodeURIComponent(COMMON)}`);
    await search.results.first().waitFor();
    await page.locator("[data-advanced-search]").click();
    const range = page.locator("[data-search-range]");
    await range.locator('input[name="sutra_uids"]').fill("心經");
    await page.getByRole("menuitemcheckbox", { name: /TS0251/u }).click();
    await page.keyboard.press("Escape");
    await range.locator("[data-range-apply]").click();
    await page.waitForURL((url) => decoded(url.search).includes('sutra_uids=["TS0251"]'));
    await expect.poll(async () => [...new Set(await search.resultSutras())]).toEqual(["TS0251"]);
    await range.locator("[data-range-clear]").click();
    await page.waitForURL((url) => !url.search.includes("sutra_uids"));
  });

  it("finds a phrase only the Ming edition reads, and opens the reel at its line", async () => {
    // The Diamond Sūtra reads 應云何住; the Ming edition's reading makes it 云何應住.
    await page.goto(`/${TRIPITAKA}/search?keyword=${encodeURIComponent("云何應住")}`);
    await page.locator("[data-advanced-search]").click();
    await page.getByRole("checkbox", { name: "同时检索其他版本的异文" }).check();
    await page.waitForURL((url) => url.search.includes("in_readings=1"));
    const hit = page.locator('[data-reading="TS0235_1"][data-reading-cid="TS_8_748c.28"]');
    await hit.waitFor();
    expect(await hit.locator("[data-witnesses]").getAttribute("data-witnesses")).toBe("明");
    // The Chinese interface searches the simplified text.
    expect(await hit.textContent()).toContain("云何应住");
    await hit.getByRole("link").first().click();
    await page.waitForURL((url) => url.pathname === "/scroll/TS0235_1");
    expect(new URL(page.url()).searchParams.get("cid")).toBe("TS_8_748c.28");
  });

  it("shows 4 sutras whose names match, and the rest in the catalogue", async () => {
    await page.goto(`/${TRIPITAKA}/search?keyword=${encodeURIComponent("經")}`);
    const strip = page.locator("[data-matched-sutras]");
    await strip.waitFor();
    await expect.poll(() => strip.locator("[data-sutra-link]").count()).toBe(4);
    await strip.locator("[data-watch-more]").click();
    const drawer = page.locator("[data-catalogue-drawer]");
    await drawer.waitFor();
    expect(await drawer.locator('input[name="sutra_name"]').inputValue()).toBe("經");
    await expect.poll(() => drawer.locator("[data-sutra]").count()).toBe(5);
  });
});
