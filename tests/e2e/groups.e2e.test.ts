import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { launchBrowser, newContext } from "./support/browser.ts";
import { registerByApi, signInContext } from "./support/session.ts";

let browser: Browser;
let context: BrowserContext;
let page: Page;
const reader = { username: "e2e_groups", contact: "groups@e2e.test", password: "groups-pass1" };

beforeAll(async () => {
  browser = await launchBrowser();
  await registerByApi(reader);
});
afterAll(async () => {
  await browser.close();
});
beforeEach(async () => {
  context = await newContext(browser);
  await signInContext(context, reader.username, reader.password);
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

const drawer = () => page.getByRole("dialog");

async function newGroup(name: string) {
  await drawer().getByRole("button", { name: "新建分组" }).click();
  const dialog = page.getByRole("alertdialog");
  await dialog.locator('input[name="group_name"]').fill(name);
  await dialog.getByRole("button", { name: "保存" }).click();
  await dialog.waitFor({ state: "detached" });
  await drawer().locator(`[data-group="${name}"]`).waitFor();
}

const groupOrder = () =>
  drawer()
    .locator("[data-group]")
    .evaluateAll((items) => items.map((i) => i.getAttribute("data-group")));

describe("custom groups in the catalogue drawer", () => {
  it("creates and reorders groups, adds sutras in a batch, and filters the catalogue by group", async () => {
    await page.goto("/JS");
    await page.locator("[data-catalogue-button]").click();
    await drawer().getByRole("tab", { name: "我的分组" }).click();
    await newGroup("早课");
    await newGroup("语录");
    await expect.poll(groupOrder).toEqual(["早课", "语录"]);

    await drawer().locator('[data-group="语录"]').getByRole("button").first().click();
    await drawer().locator('[data-group="语录"]').getByRole("button", { name: "上移" }).click();
    await expect.poll(groupOrder).toEqual(["语录", "早课"]);

    await drawer().getByRole("tab", { name: "经目" }).click();
    const rows = drawer().locator("[data-sutra]");
    await rows.first().waitFor();
    const chosen = await rows.nth(1).getAttribute("data-sutra");
    await rows.nth(1).getByRole("checkbox").check();
    await drawer().locator("[data-add-to-group]").click();
    await page.getByRole("menuitem", { name: "早课" }).click();
    await page.getByText("已加入分组").first().waitFor();

    await drawer().locator('select[name="group_filter"]').selectOption("早课");
    await expect
      .poll(() => rows.evaluateAll((items) => items.map((i) => i.getAttribute("data-sutra"))))
      .toEqual([chosen]);
    await drawer().locator('select[name="group_filter"]').selectOption("");
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
  });

  it("asks before deleting a group that still holds sutras", async () => {
    await page.goto("/JS");
    await page.locator("[data-catalogue-button]").click();
    await drawer().getByRole("tab", { name: "我的分组" }).click();
    const group = drawer().locator('[data-group="早课"]');
    await group.getByRole("button").first().click();
    let asked = "";
    page.once("dialog", (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await group.getByRole("button", { name: "删除" }).click();
    expect(asked).toContain("早课");
    await expect.poll(groupOrder).toEqual(["语录", "早课"]);
    page.once("dialog", (dialog) => void dialog.accept());
    await group.getByRole("button", { name: "删除" }).click();
    await expect.poll(groupOrder).toEqual(["语录"]);
  });
});
