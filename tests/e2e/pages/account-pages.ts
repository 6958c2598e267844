/** Page objects of the sign-in, sign-up and recovery screens. */
import type { Page } from "playwright-core";
import { solveCaptcha } from "../support/captcha.ts";
import { latestCode, outboxMark } from "../support/outbox.ts";

export class AccountPages {
  constructor(readonly page: Page) {}

  input(name: string) {
    return this.page.locator(`input[name="${name}"]`);
  }

  /** Answers the captcha image the form shows now. */
  async fillCaptcha(): Promise<void> {
    const image = this.page.locator("img[data-captcha-id]");
    await image.waitFor();
    const identifier = await image.getAttribute("data-captcha-id");
    if (!identifier) throw new Error("the captcha image has no identifier");
    await this.input("captcha").fill(solveCaptcha(identifier));
  }

  /** Sends a code to `receiver` through the form and reads it from the outbox. */
  async requestCode(receiver: string): Promise<string> {
    const mark = outboxMark();
    await this.fillCaptcha();
    await this.page
      .locator("form button:not([type=submit])", { hasText: /获取验证码|Send code|獲取驗證碼/ })
      .click();
    return latestCode(receiver, mark);
  }

  async agree(): Promise<void> {
    await this.page.locator('input[name="agreement"]').check();
  }

  async submit(): Promise<void> {
    await this.page.locator("form button[type=submit]").click();
  }

  async register(user: { username: string; nickname: string; contact: string; password: string }) {
    await this.page.goto("/register");
    await this.input("username").fill(user.username);
    await this.input("nickname").fill(user.nickname);
    await this.input("email_or_phone").fill(user.contact);
    const code = await this.requestCode(user.contact);
    await this.input("code").fill(code);
    await this.input("password").fill(user.password);
    await this.input("password_repeated").fill(user.password);
    await this.agree();
    await this.submit();
  }

  async passwordLogin(account: string, password: string, options: { captcha?: boolean } = {}) {
    if (!new URL(this.page.url()).pathname.startsWith("/login")) await this.page.goto("/login");
    await this.input("username").fill(account);
    await this.input("password").fill(password);
    if (options.captcha) await this.fillCaptcha();
    await this.agree();
    await this.submit();
  }

  async codeLogin(receiver: string) {
    await this.page.goto("/login");
    await this.page.getByRole("tab", { name: /验证码登录|Verification code|驗證碼登入|驗證碼登錄/ }).click();
    await this.input("receiver").fill(receiver);
    const code = await this.requestCode(receiver);
    await this.input("code").fill(code);
    await this.agree();
    await this.submit();
  }

  async resetPassword(contact: string, password: string) {
    await this.page.goto("/forget-password");
    await this.input("email_or_phone").fill(contact);
    const code = await this.requestCode(contact);
    await this.input("code").fill(code);
    await this.input("password").fill(password);
    await this.input("password_repeated").fill(password);
    await this.submit();
  }

  token(): Promise<string | null> {
    return this.page.evaluate(() => window.localStorage.getItem("canon-reader.token"));
  }
}
