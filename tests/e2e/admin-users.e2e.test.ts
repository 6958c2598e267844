/**
 * The administrator's user list in the browser: searching by username and by role (Enter in a
 * field searches, the query stays in the address across a reload), sorting by the created time,
 * giving a reader the researcher role, which the reader's own browser, signed in on the sign-in
 * screen, picks up at its next request (the research entry of the user menu, the research tools
 * open), and the refusal to take the admin role from the last administrator.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { AccountPages } from "./pages/account-pages.ts";
import { AdminUserListPage, UserMenu } from "./pages/admin-user-pages.ts";
import { launchBrowser, newContext } from "./support/browser.ts";
import { passwordToken, registerByApi, signInContext } from "./support/session.ts";

let browser: Browser;
let adminContext: BrowserContext;
let readerContext: BrowserContext;
let adminPage: Page;
let readerPage: Page;
const admin = inject("e2eAdmin");
const reader = { username: "e2e_user_listed", contact: "listed@e2e.test", password: "listed-pass1" };
// A long e-mail, the kind that ran over the next column.
const neighbour = {
  username: "e2e_user_listed2",
  contact: "a.rather.long.mailbox.name.of.the.listed.neighbour@e2e.test",
  password: "listed-pass2",
};

beforeAll(async () => {
  browser = await launchBrowser();
  await registerByApi(reader);
  await registerByApi(neighbour);
  adminContext = await newContext(browser);
  await signInContext(adminContext, admin.username, admin.password);
  adminPage = await adminContext.newPage();
  readerContext = await newContext(browser);
  readerPage = await readerContext.newPage();
});
afterAll(async () => {
  await adminContext.close();
  await readerContext.close();
  await browser.close();
});

/** The administrators as the server lists them. */
async function adminUsernames(): Promise<string[]> {
  const token = await passwordToken(admin.username, admin.password);
  const response = await fetch(`${inject("e2eBaseUrl")}/v1/admin/users?role=admin&page_size=100`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { result: { list: { username: string }[] } };
  return body.result.list.map((user) => user.username);
}

describe("the administrator's user list", () => {
  const list = () => new AdminUserListPage(adminPage);

  it("starts with a reader signed in on the sign-in screen, without the research entry", async () => {
    await new AccountPages(readerPage).passwordLogin(reader.username, reader.password);
    await readerPage.waitForURL("**/JS");
    const menu = new UserMenu(readerPage);
    await menu.open();
    await readerPage.locator("[data-user-name]").waitFor();
    expect(await menu.researchEntry.count()).toBe(0);
    await menu.close();

    await readerPage.goto("/JS/char-image");
    await readerPage.waitForURL("**/401?role=researcher");
    // Not a sign-in prompt: the way to the role.
    await readerPage.locator('[data-status-action="apply"]').waitFor();
    expect(await readerPage.locator('[data-status-action="login"]').count()).toBe(0);
  });

  it("keeps every cell's text inside its cell", async () => {
    await list().open();
    await list().searchFromField("username", neighbour.username);
    const spills = await adminPage.evaluate(() =>
      [...document.querySelectorAll("tbody td")].flatMap((cell) => {
        const content = document.createRange();
        content.selectNodeContents(cell);
        const box = cell.getBoundingClientRect();
        const text = content.getBoundingClientRect();
        return text.right > box.right + 1 || text.left < box.left - 1 ? [cell.textContent] : [];
      }),
    );
    expect(spills).toEqual([]);
  });

  it("searches by username with Enter, and keeps the query in the address across a reload", async () => {
    await list().open();
    await list().searchFromField("username", reader.username);
    expect(await list().usernames()).toEqual([neighbour.username, reader.username]);
    expect(await list().row(reader.username).locator('[data-column="email"]').textContent()).toBe(
      reader.contact,
    );
    expect(await list().settledRoles(reader.username)).toBe("reader");

    await adminPage.reload();
    await list().settled();
    expect(await list().filter("username").inputValue()).toBe(reader.username);
    expect(await list().usernames()).toEqual([neighbour.username, reader.username]);
  });

  it("searches by role", async () => {
    await list().choose("role", "admin");
    await list().filter("username").fill("");
    await list().filter("username").press("Enter");
    await adminPage.waitForURL((url) => url.searchParams.get("role") === "admin");
    await list().settled();
    expect(list().query().has("username")).toBe(false);
    expect(await list().usernames()).toEqual(await adminUsernames());
    expect(await list().usernames()).toContain(admin.username);

    await adminPage.reload();
    await list().settled();
    expect(await list().filter("role").inputValue()).toBe("admin");
    expect(await list().usernames()).not.toContain(reader.username);
  });

  it("sorts by the created time, oldest first and back", async () => {
    await list().open();
    const newestFirst = await list().columnTexts("createdAt");
    expect(newestFirst.length).toBeGreaterThan(2);
    expect(newestFirst).toEqual([...newestFirst].sort().reverse());
    expect(await list().usernames()).toContain(reader.username);

    await list().sortBy("createdAt", "created_at");
    const oldestFirst = await list().columnTexts("createdAt");
    expect(oldestFirst).toEqual([...oldestFirst].sort());
    expect(oldestFirst[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    await list().sortBy("createdAt", null);
    expect(await list().columnTexts("createdAt")).toEqual(newestFirst);
  });

  it("gives the reader the researcher role at once, naming the user and the roles", async () => {
    await list().open(`?username=${reader.username}`);
    await list().roleBox(neighbour.username, "reader").waitFor();
    await list().roleBox(reader.username, "researcher").check();
    await list()
      .toast(new RegExp(`修改成功.*${reader.username}.*研究者`))
      .waitFor();
    expect(await list().settledRoles(reader.username)).toBe("researcher,reader");
    expect(await list().roleBox(reader.username, "researcher").isChecked()).toBe(true);
    expect(await list().settledRoles(neighbour.username)).toBe("reader");
  });

  it("shows the reader the research entry after the next request, and opens the research tools", async () => {
    await readerPage.goto("/JS");
    const menu = new UserMenu(readerPage);
    await menu.open();
    await menu.researchEntry.waitFor();
    await menu.researchEntry.click();
    await readerPage.waitForURL("**/JS/char-image");
    await readerPage.locator("[data-char-image]").waitFor();
    expect(new URL(readerPage.url()).pathname).toBe("/JS/char-image");

    await readerPage.reload();
    await readerPage.locator("[data-char-image]").waitFor();
    expect(new URL(readerPage.url()).pathname).toBe("/JS/char-image");
  });

  it("refuses to take the admin role from the last administrator, and the box stays checked", async () => {
    expect(await adminUsernames()).toEqual([admin.username]);
    await list().open(`?username=${admin.username}`);
    const box = list().roleBox(admin.username, "admin");
    expect(await box.isChecked()).toBe(true);
    await box.click();
    await list()
      .toast(/最后一位管理员/)
      .waitFor();
    expect(await list().settledRoles(admin.username)).toContain("admin");
    expect(await box.isChecked()).toBe(true);
    expect(await adminUsernames()).toEqual([admin.username]);

    await adminPage.reload();
    await list().settled();
    expect(await list().roleBox(admin.username, "admin").isChecked()).toBe(true);
  });
});
