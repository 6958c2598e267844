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

  /** Asks for a code to `receiver` and types it in. */
  async enterCode(receiver: string): Promise<void> {
    await this.input("code").fill(await this.requestCode(receiver));
  }

  /** Types a new password and its confirmation. */
  async enterNewPassword(password: string): Promise<void> {
    await this.input("password").fill(password);
    await this.input("password_repeated").fill(password);
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
    await this.enterCode(user.contact);
    await this.enterNewPassword(user.password);
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
    await this.enterCode(receiver);
    await this.agree();
    await this.submit();
  }

  async resetPassword(contact: string, password: string) {
    await this.page.goto("/forget-password");
    await this.input("email_or_phone").fill(contact);
    await this.enterCode(contact);
    await this.enterNewPassword(password);
    await this.submit();
  }

  token(): Promise<string | null> {
    return this.page.evaluate(() => window.localStorage.getItem("canon-reader.token"));
  }
}
