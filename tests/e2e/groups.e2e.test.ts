import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pagePerTest } from "./support/suite.ts";

let page: Page;
const reader = { username: "e2e_groups", contact: "groups@e2e.test", password: "groups-pass1" };

pagePerTest({ user: reader, readingGuideDone: true }, (opened) => {
  ({ page } = opened);
});

const drawer = () => page.locator("[data-catalogue-drawer]");
const rows = () => drawer().locator("[data-sutra]");

async function nameGroup(name: string) {
  const dialog = page.getByRole("alertdialog");
  await dialog.locator('input[name="group_name"]').fill(name);
  await dialog.getByRole("button", { name: "保存" }).click();
  await dialog.waitFor({ state: "detached" });
}

async function newGroup(name: string) {
  await drawer().getByRole("button", { name: "新建分组" }).click();
  await nameGroup(name);
  await drawer().locator(`[data-group="${name}"]`).waitFor();
}

const groupOrder = () =>
  drawer()
    .locator("[data-group]")
    .evaluateAll((items) => items.map((i) => i.getAttribute("data-group")));

async function openGroupTab() {
  await page.locator("[data-catalogue-button]").click();
  await drawer().locator('[data-drawer-tab="group"]').click();
}

describe("custom groups in the catalogue drawer", () => {
  it("creates a first group while adding sutras, then orders groups and filters the catalogue", async () => {
    await page.goto("/JS");
    await page.locator("[data-catalogue-button]").click();
    await rows().first().waitFor();
    expect(await drawer().locator('[data-drawer-tab="group"]').count()).toBe(0);
    await drawer().locator("[data-add-to-group]").waitFor();
    expect(await drawer().locator("[data-add-to-group]").isDisabled()).toBe(true);

    const chosen = await rows().nth(1).getAttribute("data-sutra");
    await rows().nth(1).getByRole("checkbox").check();
    await drawer().locator("[data-add-to-group]").click();
    const add = page.locator("[data-add-dialog]");
    expect(await add.evaluate((node) => (node as HTMLElement).offsetWidth)).toBe(476);
    await add.getByRole("button", { name: "新建分组" }).click();
    await nameGroup("早课");
    await add.getByRole("radio", { name: "早课" }).waitFor();
    expect(await add.getByRole("radio", { name: "早课" }).isChecked()).toBe(true);
    await add.getByRole("button", { name: "加入", exact: true }).click();
    await page.getByText("已加入分组").first().waitFor();
    await add.waitFor({ state: "detached" });

    await drawer().locator('[data-drawer-tab="group"]').click();
    await drawer().locator('[data-group="早课"]').waitFor();
    await newGroup("语录");
    await expect.poll(groupOrder).toEqual(["早课", "语录"]);
    await drawer().locator('[data-group="语录"]').getByRole("button").first().click();
    await drawer().locator('[data-group="语录"]').getByRole("button", { name: "上移" }).click();
    await expect.poll(groupOrder).toEqual(["语录", "早课"]);

    await drawer()
      .getByRole("searchbox")
      .fill(chosen ?? "");
    await expect.poll(groupOrder).toEqual(["早课"]);
    await drawer().locator(`[data-group="早课"] [data-group-sutra="${chosen}"]`).waitFor();
    await drawer().getByRole("searchbox").fill("");

    await drawer().locator('[data-drawer-tab="search"]').click();
    await drawer().locator("[data-advanced-toggle]").click();
    await drawer().locator('select[name="group_filter"]').selectOption("早课");
    await expect
      .poll(() => rows().evaluateAll((items) => items.map((i) => i.getAttribute("data-sutra"))))
      .toEqual([chosen]);
    await drawer().locator('select[name="group_filter"]').selectOption("");
    await expect.poll(() => rows().count()).toBeGreaterThan(1);
  });

  it("opens a grouped sutra at its first reel, and stays when it is already being read", async () => {
    await page.goto("/JS");
    await openGroupTab();
    const group = drawer().locator('[data-group="早课"]');
    await group.getByRole("button").first().click();
    const link = group.locator("[data-sutra-link]").first();
    const sutraUid = await link.getAttribute("data-sutra-link");
    await link.click();
    await page.waitForURL(`**/scroll/${sutraUid}_1`);
    await drawer().waitFor({ state: "detached" });

    const reading = page.url();
    await openGroupTab();
    await drawer().locator('[data-group="早课"]').getByRole("button").first().click();
    await drawer().locator(`[data-group="早课"] [data-sutra-link="${sutraUid}"]`).click();
    await drawer().waitFor({ state: "detached" });
    expect(page.url()).toBe(reading);
  });

  it("asks before deleting a group that still holds sutras", async () => {
    await page.goto("/JS");
    await openGroupTab();
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
