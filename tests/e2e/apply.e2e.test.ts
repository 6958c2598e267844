/**
 * The researcher application in the browser: a reader sent from a special topic applies, is
 * rejected with a reason, reapplies from the prefilled form, is approved, and opens a research
 * tool in the same sign-in (the refused token is refreshed with the new role).
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccountPages } from "./pages/account-pages.ts";
import { ApplicationAdmin, ApplyPages } from "./pages/apply-pages.ts";
import { launchBrowser, newContext } from "./support/browser.ts";
import { registerByApi } from "./support/session.ts";

let browser: Browser;
let context: BrowserContext;
let page: Page;
const user = { username: "e2e_applicant", contact: "applicant@e2e.test", password: "apply-pass1" };
const FORM = {
  realName: "玄奘",
  company: "大慈恩寺",
  intro: "译经僧。\n通梵汉。",
  purpose: "校勘《大般若经》",
};
const REASON = "请补充研究经历";

const storedToken = () => page.evaluate(() => window.localStorage.getItem("canon-reader.token"));

/** The reader's own `POST /v1/applications`, sent with the page's token as another tab would. */
async function applyFromAnotherTab(form: typeof FORM): Promise<void> {
  const code = await page.evaluate(
    async (body) => {
      const token = window.localStorage.getItem("canon-reader.token") ?? "";
      const response = await fetch("/v1/applications", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return ((await response.json()) as { code: number }).code;
    },
    {
      real_name: form.realName,
      company: form.company,
      intro: form.intro,
      purpose: form.purpose,
    },
  );
  expect(code).toBe(0);
}

beforeAll(async () => {
  browser = await launchBrowser();
  await registerByApi(user);
  context = await newContext(browser);
  page = await context.newPage();
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

describe("the researcher application", () => {
  const apply = () => new ApplyPages(page);
  const admin = new ApplicationAdmin();

  it("is reached from a special topic and checks the form while it is filled in", async () => {
    // Signed in through the screen, so the browser holds the refresh cookie as a reader's would.
    await new AccountPages(page).passwordLogin(user.username, user.password);
    await page.waitForURL("**/JS");
    await page.locator('[data-topic="char-image"]').click();
    await page.waitForURL("**/apply?**");
    await apply().form().waitFor();
    expect(await apply().form().getAttribute("data-apply-form")).toBe("empty");

    await apply().submit();
    await apply().fieldBox("realName").getByText("请输入真实姓名").waitFor();
    await apply().fieldBox("purpose").getByText("请输入申请用途").waitFor();

    await apply().field("realName").fill("名".repeat(51));
    await apply().fieldBox("realName").getByText("真实姓名不能超过 50 个字符").waitFor();
    await apply().fieldBox("realName").getByText("51/50").waitFor();
    await apply().field("realName").fill("");
    await apply().field("company").focus();
    await apply().fieldBox("realName").getByText("请输入真实姓名").waitFor();
  });

  it("is sent, and shows as pending on /apply-result after 1 s", async () => {
    await apply().fill(FORM);
    await apply().fieldBox("purpose").getByText("8/500").waitFor();
    const sentAt = Date.now();
    await apply().submit();
    await apply().alert("sent").waitFor();
    // The special topic's redirect is a research tool, which waits for the approval.
    await apply().waitForResult("pending");
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(1000);
  });

  it("shows the rejection's reason and reapplies from the prefilled form", async () => {
    await admin.deal(user.username, "rejected", REASON);
    await page.reload();
    await apply().waitForResult("failure");
    expect(await page.locator("[data-apply-reason]").textContent()).toBe(`原因：${REASON}`);
    expect(await page.locator("[data-apply-contact]").textContent()).toMatch(/@/);

    await page.locator("[data-apply-reapply]").click();
    await page.waitForURL("**/apply?needReApply=1");
    await apply().form().waitFor();
    expect(await apply().form().getAttribute("data-apply-form")).toBe("prefilled");
    expect(await apply().values()).toEqual(FORM);

    await apply().submit();
    await apply().alert("noEdit").getByText("您尚未修改申请内容，请修改后再提交").waitFor();
    expect(new URL(page.url()).pathname).toBe("/apply");

    // Applied meanwhile from another tab: the server refuses this one and its msg shows.
    await applyFromAnotherTab({ ...FORM, intro: "另一个标签页" });
    await apply().fill({ intro: "译经僧，著《大唐西域记》。" });
    await apply().submit();
    await apply()
      .alert("refused")
      .getByText(/pending/)
      .waitFor();
    expect(new URL(page.url()).pathname).toBe("/apply");

    await page.reload();
    await apply().waitForResult("pending");
  });

  it("after approval lets the reader into a research tool without signing in again", async () => {
    const before = await storedToken();
    await admin.deal(user.username, "approved");
    // Straight to a research tool: its guard asks for a token with the new role.
    await page.goto("/JS/colophon");
    await page.locator("[data-colophon]").waitFor();
    expect(new URL(page.url()).pathname).toBe("/JS/colophon");
    expect(await storedToken()).not.toBe(before);

    await page.goto("/apply-result");
    await apply().waitForResult("success");
    expect(await storedToken()).not.toBe(before);

    await page.locator("[data-apply-home]").click();
    await page.waitForURL("**/JS");
    await page.locator('[data-topic="char-image"]').click();
    await page.waitForURL("**/JS/char-image");
    await page.locator("[data-char-image]").waitFor();
    expect(new URL(page.url()).pathname).toBe("/JS/char-image");

    await page.goto("/apply");
    await apply().waitForResult("success");

    // The decision's message carries the team-joining QR code the server drew.
    await page.goto("/message?tab=myMsg");
    const qr = page.locator('[data-decision="approved"] [data-team-qr] img');
    await qr.waitFor();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });
});
