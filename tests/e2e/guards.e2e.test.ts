import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { registerByApi, signInContext } from "./support/session.ts";
import { pagePerTest } from "./support/suite.ts";

let context: BrowserContext;
let page: Page;

pagePerTest({}, (opened) => {
  ({ context, page } = opened);
});

const pathOf = (p: Page) => new URL(p.url()).pathname;
const searchOf = (p: Page) => new URL(p.url()).searchParams;

describe("route guards", () => {
  it("sends / to the default tripitaka and shows its name in the title", async () => {
    await page.goto("/");
    await page.waitForURL("**/JS");
    expect(pathOf(page)).toBe("/JS");
    await expect.poll(() => page.title()).toContain("径山藏");
  });

  it("sends an unknown single segment to /404", async () => {
    await page.goto("/NOSUCH");
    await page.waitForURL("**/404");
    expect(pathOf(page)).toBe("/404");
  });

  it("sends a signed-out reader from a sign-in route to /401 and remembers the target", async () => {
    await page.goto("/page/JS_1_2a?cid=X");
    await page.waitForURL("**/401?**");
    expect(searchOf(page).get("needRedirect")).toBe("1");
    const stored = await page.evaluate(() => window.sessionStorage.getItem("canon-reader.redirect"));
    expect(stored).toBe("/page/JS_1_2a?cid=X");
  });

  it("sends a signed-out reader from an admin route to /401", async () => {
    await page.goto("/admin/user/list");
    await page.waitForURL("**/401?**");
    expect(pathOf(page)).toBe("/401");
  });

  it("sends a signed-in reader from the sign-in screens to /404", async () => {
    const admin = inject("e2eAdmin");
    await signInContext(context, admin.username, admin.password);
    for (const path of ["/login", "/register", "/forget-password"]) {
      await page.goto(path);
      await page.waitForURL("**/404");
      expect(pathOf(page)).toBe("/404");
    }
  });

  it("sends a signed-in reader without the admin role from an admin route to /401", async () => {
    const reader = { username: "e2e_plain_reader", contact: "plain@e2e.test", password: "plain-pass1" };
    await registerByApi(reader);
    await signInContext(context, reader.username, reader.password);
    await page.goto("/admin/user/list");
    await page.waitForURL("**/401?role=admin");
    expect(searchOf(page).get("needRedirect")).toBeNull();
    await page.locator('[data-status-page="401"]').waitFor();
    expect(await page.locator('[data-status-action="login"]').count()).toBe(0);
  });

  it("tells an administrator without the researcher role how to give it to themself", async () => {
    const admin = inject("e2eAdmin");
    await signInContext(context, admin.username, admin.password);
    await page.goto("/JS/char-type");
    await page.waitForURL("**/401?role=researcher");
    await page.locator('[data-status-action="user-management"]').click();
    await page.waitForURL("**/admin/user/list");
  });

  it("lets an admin open an admin route", async () => {
    const admin = inject("e2eAdmin");
    await signInContext(context, admin.username, admin.password);
    await page.goto("/admin/user/list");
    await page.waitForLoadState("networkidle");
    expect(pathOf(page)).toBe("/admin/user/list");
  });
});
