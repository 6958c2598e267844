import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { registerByApi, signInContext } from "./support/session.ts";
import { contextPerTest } from "./support/suite.ts";

let page: Page;
const reader = { username: "e2e_drawer", contact: "drawer@e2e.test", password: "drawer-pass1" };
const openContext = contextPerTest({});

beforeAll(async () => {
  await registerByApi(reader);
});

async function open(as: "guest" | "reader") {
  const context = await openContext();
  if (as === "reader") await signInContext(context, reader.username, reader.password);
  page = await context.newPage();
}

const drawer = () => page.locator("[data-catalogue-drawer]");
const rows = () => drawer().locator("[data-sutra]");
const rowUids = () => rows().evaluateAll((items) => items.map((i) => i.getAttribute("data-sutra")));
const headers = () =>
  drawer()
    .locator("thead [data-column]")
    .evaluateAll((cells) => cells.map((c) => c.getAttribute("data-column")));

async function openDrawer(path: string) {
  await page.goto(path);
  await page.locator("[data-catalogue-button]").click();
  await drawer().waitFor();
}

async function openSearch(path: string) {
  await openDrawer(path);
  await rows().first().waitFor();
}

async function searchKeyword(keyword: string) {
  await drawer().locator('input[name="keyword"]').fill(keyword);
  await drawer().getByRole("button", { name: "搜索", exact: true }).click();
}

const loginPrompt = () => page.getByRole("dialog").filter({ hasText: "立即登录" });

describe("the catalogue drawer's search tab", () => {
  it("opens a sutra found by keyword at its first reel and closes", async () => {
    await open("guest");
    await openSearch("/JS");
    expect(await drawer().getAttribute("data-catalogue-drawer")).toBe("search");
    await searchKeyword("寒山");
    await expect.poll(rowUids).toEqual(["JSB103"]);
    await rows().first().locator("[data-sutra-link]").click();
    await page.waitForURL("**/scroll/JSB103_1");
    await drawer().waitFor({ state: "detached" });
  });

  it("narrows the list with the advanced dynasty, category and sutra name filters", async () => {
    await open("guest");
    await openSearch("/TS");
    await expect.poll(() => rows().count()).toBe(6);
    await drawer().locator("[data-advanced-toggle]").click();
    const dynasty = drawer().locator('select[name="dynasty"]');
    await dynasty.locator("option", { hasText: "姚秦" }).waitFor({ state: "attached" });
    await dynasty.selectOption({ label: "姚秦" });
    await expect.poll(rowUids).toEqual(["TS0262", "TS0366"]);
    await drawer().locator('select[name="category"]').selectOption({ label: "法華部類" });
    await expect.poll(rowUids).toEqual(["TS0262"]);

    await drawer().getByRole("button", { name: "清除" }).click();
    await expect.poll(() => rows().count()).toBe(6);
    await drawer().locator('input[name="sutra_name"]').fill("心經");
    await drawer().getByRole("button", { name: "搜索", exact: true }).click();
    await expect.poll(rowUids).toEqual(["TS0251"]);
    await rows().first().locator("[data-sutra-link]").click();
    await page.waitForURL("**/scroll/TS0251_1");
  });

  it("hides a column chosen in the column chooser, remembers it after reload, and keeps one", async () => {
    await open("guest");
    await openSearch("/JS");
    expect(await headers()).toContain("years");
    await drawer().locator("[data-column-chooser]").click();
    await page.getByRole("menuitemcheckbox", { name: "年代" }).click();
    await expect.poll(headers).not.toContain("years");
    await page.keyboard.press("Escape");

    await page.reload();
    await page.locator("[data-catalogue-button]").click();
    await rows().first().waitFor();
    expect(await headers()).not.toContain("years");
    expect(await headers()).toContain("chars");

    await drawer().locator("[data-column-chooser]").click();
    for (const name of ["经号", "经名", "译著者", "部类", "卷数"]) {
      await page.getByRole("menuitemcheckbox", { name, exact: true }).click();
    }
    await expect.poll(headers).toEqual(["chars", "pin"]);
    await page.getByRole("menuitemcheckbox", { name: "字数" }).click();
    await page.getByText("至少保留一列").waitFor();
    expect(await headers()).toEqual(["chars", "pin"]);
  });

  it("changes the page size and sorts by a column, kept while the drawer is closed", async () => {
    await open("guest");
    await openSearch("/TS");
    const sizeAnswer = page.waitForResponse(
      async (response) =>
        response.url().endsWith("/v1/tripitaka/TS/sutra/list") &&
        ((await response.json()) as { result: { page_size: number } }).result.page_size === 20,
    );
    await drawer().locator('select[name="page_size"]').selectOption("20");
    await sizeAnswer;
    await drawer().locator('[data-total="6"]').waitFor();

    const charsHeader = drawer().locator('thead [data-column="chars"]');
    await charsHeader.click();
    await expect.poll(rowUids).toEqual(["TS0251", "TS0366", "TS0235", "TS2008", "TS0262", "TS2059"]);
    await charsHeader.click();
    await expect.poll(async () => (await rowUids())[0]).toBe("TS2059");

    await drawer().getByRole("button", { name: "关闭" }).click();
    await drawer().waitFor({ state: "detached" });
    await page.locator("[data-catalogue-button]").click();
    await expect.poll(async () => (await rowUids())[0]).toBe("TS2059");
    expect(await drawer().locator('select[name="page_size"]').inputValue()).toBe("20");
  });

  it("asks a guest to sign in before pinning or adding to a group", async () => {
    await open("guest");
    await openSearch("/JS");
    await drawer().locator('[data-pin="JSB470"]').click();
    await loginPrompt().waitFor();
    await loginPrompt().getByRole("button", { name: "稍后再说" }).click();
    await loginPrompt().waitFor({ state: "detached" });
    await drawer().locator("[data-add-to-group]").click();
    await loginPrompt().waitFor();
  });

  it("lists a pinned sutra first, also after reload, until it is unpinned", async () => {
    await open("reader");
    await openSearch("/JS");
    await expect.poll(rowUids).toEqual(["JSA042", "JSB103", "JSB213", "JSB470"]);
    await drawer().locator('[data-pin="JSB470"]').click();
    await expect.poll(rowUids).toEqual(["JSB470", "JSA042", "JSB103", "JSB213"]);

    await page.reload();
    await page.locator("[data-catalogue-button]").click();
    await expect.poll(rowUids).toEqual(["JSB470", "JSA042", "JSB103", "JSB213"]);
    const pin = drawer().locator('[data-pin="JSB470"]');
    expect(await pin.getAttribute("aria-pressed")).toBe("true");
    await pin.click();
    await expect.poll(rowUids).toEqual(["JSA042", "JSB103", "JSB213", "JSB470"]);
  });
});

describe("the catalogue drawer's book and catalog tabs", () => {
  const bookLink = (uid: string): Locator => drawer().locator(`[data-book-link="${uid}"]`);

  it("opens a book at its first page for a signed-in reader, and starts on the book tab there", async () => {
    await open("reader");
    await openDrawer("/JS");
    await drawer().locator('[data-drawer-tab="book"]').click();
    expect(await drawer().getAttribute("data-catalogue-drawer")).toBe("book");
    await bookLink("JS_1").click();
    await page.waitForURL("**/page/JS_1_793a");

    await page.locator("[data-catalogue-button]").click();
    expect(await drawer().getAttribute("data-catalogue-drawer")).toBe("book");
    await drawer().locator('[data-book="JS_1"]').getByText("当前册").waitFor();
  });

  it("asks a guest to sign in before opening a book", async () => {
    await open("guest");
    await openDrawer("/JS");
    await drawer().locator('[data-drawer-tab="book"]').click();
    await bookLink("JS_20").click();
    await loginPrompt().waitFor();
    expect(new URL(page.url()).pathname).toBe("/JS");
  });

  it("shows the categories with their sutras and opens one", async () => {
    await open("guest");
    await openDrawer("/TS");
    await drawer().locator('[data-drawer-tab="catalog"]').click();
    const tree = drawer().locator("[data-catalog-tree]");
    await tree.locator("[data-category]").first().waitFor();
    expect(await tree.locator("[data-category]").count()).toBe(5);
    await tree.getByRole("searchbox").fill("壇經");
    await expect.poll(() => tree.locator("[data-sutra-link]").count()).toBe(1);
    await tree.locator('[data-sutra-link="TS2008"]').click();
    await page.waitForURL("**/scroll/TS2008_1");
  });
});

describe("the commonly-used classics modal", () => {
  it("shows the classics three to a row and opens the drawer on the search tab", async () => {
    await open("guest");
    await page.goto("/JS");
    await page.locator("[data-common-more]").click();
    const modal = page.locator("[data-classics]");
    const cards = modal.locator("[data-common-sutra]");
    await cards.first().waitFor();
    expect(await cards.count()).toBe(3);
    const tops = await cards.evaluateAll((items) =>
      items.map((i) => Math.round(i.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size).toBe(1);

    await modal.locator("[data-view-all]").click();
    await modal.waitFor({ state: "detached" });
    await rows().first().waitFor();
    expect(await drawer().getAttribute("data-catalogue-drawer")).toBe("search");
    expect(await drawer().evaluate((node) => (node as HTMLElement).offsetWidth)).toBeGreaterThan(1000);
  });
});
