import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { AccountPages } from "./pages/account-pages.ts";
import { latestCode, outboxMark } from "./support/outbox.ts";
import { pagePerTest } from "./support/suite.ts";

let page: Page;
const user = { username: "e2e_profile", contact: "profile@e2e.test", password: "profile-pass1" };

pagePerTest({ user }, (opened) => {
  ({ page } = opened);
});

const field = (name: string) => page.locator(`[data-field="${name}"]`);
const dialog = () => page.getByRole("alertdialog");

describe("the personal centre's profile tab", () => {
  it("shows the profile and the user menu with the masked contact", async () => {
    await page.goto("/message?tab=profile");
    await expect.poll(() => field("username").textContent()).toBe(user.username);
    await expect.poll(() => field("email").textContent()).toBe(user.contact);
    await page.locator("[data-user-menu]").click();
    await expect.poll(() => page.locator("[data-user-contact]").textContent()).toBe("pr***@e2e.test");
  });

  it("changes the nickname", async () => {
    await page.goto("/message?tab=profile");
    await page.locator('[data-edit="nickname"]').click();
    await dialog().locator('input[name="nickname"]').fill("新的法名");
    await dialog().getByRole("button", { name: "提交" }).click();
    await expect.poll(() => field("nickname").textContent()).toBe("新的法名");
    await page.getByText("修改成功").first().waitFor();
  });

  it("uploads an avatar and shows it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "avatar-"));
    const file = join(dir, "face.png");
    writeFileSync(
      file,
      await sharp({ create: { width: 64, height: 64, channels: 3, background: "#987444" } })
        .png()
        .toBuffer(),
    );
    await page.goto("/message?tab=profile");
    await page.locator('[data-edit="avatar"]').click();
    await dialog().locator('input[name="avatar"]').setInputFiles(file);
    await dialog().getByRole("button", { name: "提交" }).click();
    await dialog().waitFor({ state: "detached" });
    const src = await field("avatar").locator("img").getAttribute("src");
    expect(src).toMatch(/^\/storage\/avatar\/\d+\/[0-9a-f-]+\.png$/);
    const image = await page.request.get(src ?? "");
    expect(image.status()).toBe(200);
  });

  it("refuses a file that is not a png or jpeg before uploading", async () => {
    const dir = mkdtempSync(join(tmpdir(), "avatar-"));
    const file = join(dir, "notes.txt");
    writeFileSync(file, "not an image");
    await page.goto("/message?tab=profile");
    await page.locator('[data-edit="avatar"]').click();
    await dialog().locator('input[name="avatar"]').setInputFiles(file);
    await dialog().getByText("头像只能是 png、jpeg 或 jpg 格式").waitFor();
  });

  it("binds a phone number with a code", async () => {
    const account = new AccountPages(page);
    await page.goto("/message?tab=profile");
    await page.locator('[data-edit="phone"]').click();
    await dialog().locator('input[name="phone"]').fill("13912345678");
    const mark = outboxMark();
    await account.fillCaptcha();
    await dialog().getByRole("button", { name: "获取验证码" }).click();
    await dialog()
      .locator('input[name="code"]')
      .fill(await latestCode("13912345678", mark));
    await dialog().getByRole("button", { name: "提交" }).click();
    await expect.poll(() => field("phone").textContent()).toBe("13912345678");
  });

  it("changes the password, refusing a wrong current one", async () => {
    await page.goto("/message?tab=profile");
    await page.locator('[data-edit="password"]').click();
    await dialog().locator('input[name="oldpassword"]').fill("not-my-pass1");
    await dialog().locator('input[name="password"]').fill("changed-pass2");
    await dialog().locator('input[name="password_repeated"]').fill("changed-pass2");
    await dialog().getByRole("button", { name: "提交" }).click();
    await dialog().getByText("原密码错误").waitFor();
    await dialog().locator('input[name="oldpassword"]').fill(user.password);
    await dialog().getByRole("button", { name: "提交" }).click();
    await dialog().waitFor({ state: "detached" });
    user.password = "changed-pass2";
  });

  it("signs out from the user menu and goes home", async () => {
    await page.goto("/message?tab=profile");
    // A mark on this document: it survives only if home opens in the app, without a new page load.
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    await page.locator("[data-user-menu]").click();
    await page.getByRole("menuitem", { name: "退出登录" }).click();
    await page.waitForURL("**/JS");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("canon-reader.token"))).toBeNull();
    expect(await page.evaluate(() => "stillTheSamePage" in window)).toBe(true);
    await page.getByRole("button", { name: "登录" }).waitFor();
  });
});
