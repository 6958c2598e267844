import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { AccountPages } from "./pages/account-pages.ts";
import { latestCode, outboxMark } from "./support/outbox.ts";
import { pagePerTest } from "./support/suite.ts";

let page: Page;
const user = { username: "e2e_centre", contact: "centre@e2e.test", password: "centre-pass1" };

pagePerTest({ user }, (opened) => {
  ({ page } = opened);
});

const field = (name: string) => page.locator(`[data-field="${name}"]`);
const dialog = () => page.getByRole("alertdialog");
const query = () => new URL(page.url()).search;

describe("the personal centre", () => {
  it("opens on the first visible tab and writes a chosen tab to the address", async () => {
    await page.goto("/message");
    await expect.poll(() => field("username").textContent()).toBe(user.username);
    expect(await page.getByRole("tab", { name: "基本信息" }).getAttribute("aria-selected")).toBe("true");
    await page.getByRole("tab", { name: "基本信息" }).click();
    await expect.poll(query).toBe("?tab=profile");
    await page.goto("/message?tab=nothing");
    await expect.poll(() => field("username").textContent()).toBe(user.username);
  });

  it("edits in a 400-450 px modal that a click on the mask does not close", async () => {
    await page.goto("/message?tab=profile");
    await page.locator('[data-edit="nickname"]').click();
    // The laid-out width: the bounding box is scaled while the dialog animates in.
    const width = await dialog().evaluate((surface) => Number.parseFloat(getComputedStyle(surface).width));
    expect(width).toBeGreaterThanOrEqual(400);
    expect(width).toBeLessThanOrEqual(450);
    await page.mouse.click(10, 10);
    await dialog().waitFor();
    await dialog().getByRole("button", { name: "取消" }).click();
    await dialog().waitFor({ state: "detached" });
  });

  it("refuses an avatar over 2 MB before uploading it", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "avatar-")), "big.png");
    writeFileSync(file, Buffer.alloc(2 * 1024 * 1024 + 1));
    await page.goto("/message?tab=profile");
    await field("avatar").click();
    await dialog().locator('input[name="avatar"]').setInputFiles(file);
    await dialog().getByText("头像图片不能超过 2 MB").waitFor();
  });

  it("binds a new e-mail address: not the current one, and a wrong code shows on its field", async () => {
    const account = new AccountPages(page);
    await page.goto("/message?tab=profile");
    await page.locator('[data-edit="email"]').click();
    await dialog().locator('input[name="email"]').fill(user.contact.toUpperCase());
    await dialog().getByRole("button", { name: "获取验证码" }).click();
    await dialog().getByText("新邮箱不能与当前邮箱相同").waitFor();

    const next = "centre-new@e2e.test";
    await dialog().locator('input[name="email"]').fill(next);
    const mark = outboxMark();
    await account.fillCaptcha();
    await dialog().getByRole("button", { name: "获取验证码" }).click();
    const code = await latestCode(next, mark);
    await dialog()
      .getByRole("button", { name: /秒后重新获取/ })
      .waitFor();
    await dialog()
      .locator('input[name="code"]')
      .fill(code === "000000" ? "111111" : "000000");
    await dialog().getByRole("button", { name: "提交" }).click();
    await dialog().getByText("验证码错误").waitFor();

    await dialog().locator('input[name="code"]').fill(code);
    await dialog().getByRole("button", { name: "提交" }).click();
    await dialog().waitFor({ state: "detached" });
    await expect.poll(() => field("email").textContent()).toBe(next);
    await page.getByText("修改成功").first().waitFor();
    user.contact = next;
  });

  it("binds WeChat through its authorization page and then offers no Bind button", async () => {
    await page.goto("/message?tab=profile");
    expect(await field("wechat").textContent()).toBe("未绑定");
    await page.locator('[data-edit="wechat"]').click();
    expect(await dialog().getByRole("button", { name: "提交" }).count()).toBe(0);
    await dialog().getByRole("button", { name: "前往微信授权" }).click();
    await page.getByRole("button", { name: "Authorize" }).click();
    await page.waitForURL("**/message?tab=profile");
    await expect.poll(() => field("wechat").textContent()).toBe("已绑定");
    expect(await page.locator('[data-edit="wechat"]').count()).toBe(0);
  });
});
