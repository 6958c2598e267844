import Database from "better-sqlite3";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { AccountPages } from "./pages/account-pages.ts";
import { pagePerTest } from "./support/suite.ts";

let page: Page;
let account: AccountPages;

pagePerTest({}, (opened) => {
  ({ page } = opened);
  account = new AccountPages(page);
});

const pathOf = (p: Page) => new URL(p.url()).pathname;
const reader = {
  username: "e2e_reader",
  nickname: "读经人",
  contact: "reader@e2e.test",
  password: "first-pass1",
};

describe("accounts in the browser", () => {
  it("registers with a code from the outbox, then counts down to sign-in", async () => {
    await account.register(reader);
    await page.getByRole("status").getByText("注册成功").waitFor();
    await page.waitForURL("**/login", { timeout: 10_000 });
    const db = new Database(inject("e2eSqliteFile"), { readonly: true });
    try {
      const events = db.prepare("SELECT url FROM oplog WHERE event_id = 'REGESTER'").all() as {
        url: string;
      }[];
      expect(events.map((e) => e.url)).toContain("/register");
    } finally {
      db.close();
    }
  });

  it("refuses a wrong password with the translated message, then signs in", async () => {
    await account.passwordLogin(reader.username, "wrong-pass1");
    await page.getByText("用户名或密码错误").first().waitFor();
    expect(await account.token()).toBeNull();
    await account.input("password").fill(reader.password);
    await account.submit();
    await page.waitForURL("**/JS");
    expect(await account.token()).toMatch(/^ey/);
  });

  it("asks for the image captcha after repeated failures and accepts it when right", async () => {
    for (let i = 0; i < 3; i++) {
      await account.passwordLogin(reader.contact, `wrong-pass${i}`);
      await page.getByText("用户名或密码错误").first().waitFor();
      await page.reload();
    }
    await account.input("username").fill(reader.contact);
    await account.input("password").fill(reader.password);
    await account.agree();
    await account.submit();
    await account.input("captcha").waitFor();
    expect(await account.token()).toBeNull();
    await account.fillCaptcha();
    await account.submit();
    await page.waitForURL("**/JS");
    expect(await account.token()).toMatch(/^ey/);
  });

  it("resets the password with a code and signs in with the new one", async () => {
    await account.resetPassword(reader.contact, "second-pass2");
    await page.getByRole("status").getByText("密码已重置").waitFor();
    await page.getByRole("button", { name: "立即登录" }).click();
    await page.waitForURL("**/login");
    await account.passwordLogin(reader.username, "second-pass2");
    await page.waitForURL("**/JS");
  });

  it("signs in with a code sent to the e-mail address", async () => {
    await account.codeLogin(reader.contact);
    await page.waitForURL("**/JS");
    expect(await account.token()).toMatch(/^ey/);
  });

  it("returns to the guarded page after signing in from /401", async () => {
    await page.goto("/message?tab=profile");
    await page.waitForURL("**/401?**");
    await page.getByRole("button", { name: "立即登录" }).click();
    await page.waitForURL("**/login**");
    await account.passwordLogin(reader.username, "second-pass2");
    await page.waitForURL("**/message?tab=profile");
    expect(pathOf(page)).toBe("/message");
  });

  it("goes home after a sign-in that was not asked for by a guarded page", async () => {
    await page.goto("/message?tab=profile");
    await page.waitForURL("**/401?**");
    await page.goto("/login");
    await account.passwordLogin(reader.username, "second-pass2");
    await page.waitForURL("**/JS");
  });

  it("keeps the form and shows a fresh image after a wrong captcha", async () => {
    await page.goto("/login");
    await page.getByRole("tab", { name: "验证码登录" }).click();
    await account.input("receiver").fill(reader.contact);
    const image = page.locator("img[data-captcha-id]");
    await image.waitFor();
    const first = await image.getAttribute("data-captcha-id");
    await account.input("captcha").fill("0000");
    await page.locator("form button:not([type=submit])", { hasText: "获取验证码" }).click();
    await page.locator("form").getByText("图形验证码错误").waitFor();
    expect(await account.input("receiver").inputValue()).toBe(reader.contact);
    await expect.poll(() => image.getAttribute("data-captcha-id")).not.toBe(first);
  });

  it("checks the form before sending it", async () => {
    await page.goto("/register");
    await account.input("username").fill("13800138000");
    await account.input("password").fill("abcdef");
    await account.input("password_repeated").fill("abcdeg");
    await account.submit();
    await page.getByText("用户名不能是邮箱地址或 11 位数字").waitFor();
    await page.getByText("密码至少 6 位，且包含字母、数字、符号中的至少两种").waitFor();
    await page.getByText("两次输入的密码不一致").waitFor();
    await page.getByText("请先阅读并同意用户协议和隐私政策").waitFor();
  });
});

describe("signing in with another service", () => {
  it("signs in with Google through the provider's consent page and lands home", async () => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Google 登录" }).click();
    await page.getByText("请先阅读并同意用户协议和隐私政策").waitFor();
    expect(pathOf(page)).toBe("/login");
    await account.agree();
    await page.getByRole("button", { name: "Google 登录" }).click();
    await page.getByRole("button", { name: "Authorize" }).click();
    await page.waitForURL("**/JS");
    expect(await account.token()).toMatch(/^ey/);
  });

  it("signs in with WeChat by the QR code in the sign-in card, keeping the agreement ticked", async () => {
    const agreement = page.locator('input[name="agreement"]');
    const wechatQr = page.locator("[data-wechat-qr]");
    await page.goto("/login");
    await page.getByRole("button", { name: "微信登录" }).click();
    await page.getByText("请先阅读并同意用户协议和隐私政策").waitFor();
    expect(await wechatQr.count()).toBe(0);
    await account.agree();
    await page.getByRole("button", { name: "微信登录" }).click();
    await wechatQr.waitFor();
    await agreement.uncheck();
    expect(await wechatQr.count()).toBe(0);

    // A trip that comes back unusable leads back to a card still agreed to.
    await agreement.check();
    await page.goto("/login/wechat?code=abc&state=forged");
    await page.getByRole("button", { name: "返回登录" }).click();
    await page.waitForURL("**/login");
    expect(await agreement.isChecked()).toBe(true);

    await page.getByRole("button", { name: "微信登录" }).click();
    // The frame's page (WeChat's, here a stand-in) sends the whole window back, not itself.
    const qr = page.frameLocator('[data-wechat-qr] iframe[title="微信登录二维码"]');
    // An account of its own: the personal centre's test binds the stand-in's default one.
    await qr.getByLabel("Account").fill("wx-openid-qr-login");
    await qr.getByRole("button", { name: "Authorize" }).click();
    await page.waitForURL("**/JS");
    expect(await account.token()).toMatch(/^ey/);
  });

  it("refuses a return whose state it did not start", async () => {
    await page.goto("/login/wechat?code=abc&state=forged");
    await page.getByRole("alert").getByText("登录请求已失效，请重新发起登录。").waitFor();
    expect(await account.token()).toBeNull();
  });
});
