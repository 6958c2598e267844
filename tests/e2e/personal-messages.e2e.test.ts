import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { callApi, PersonalMessages, sendFeedbackFromReel } from "./pages/personal-messages.ts";
import { markReadingGuideDone } from "./pages/reel-reader.ts";
import { launchBrowser, newContext } from "./support/browser.ts";
import { passwordToken, registerByApi, signInContext } from "./support/session.ts";

let browser: Browser;
let context: BrowserContext;
let page: Page;
let centre: PersonalMessages;
const user = { username: "e2e_messages", contact: "messages@e2e.test", password: "messages-pass1" };
const suggestion = "第二字当作“闻”";
const adminReply = "已核对底本，正在处理。";
let feedbackId = 0;
let readerToken = "";

beforeAll(async () => {
  browser = await launchBrowser();
  await registerByApi(user);
  readerToken = await passwordToken(user.username, user.password);
  context = await newContext(browser);
  await markReadingGuideDone(context);
  await signInContext(context, user.username, user.password);
  page = await context.newPage();
  centre = new PersonalMessages(page);
  feedbackId = await sendFeedbackFromReel(page, readerToken, suggestion);
  const admin = inject("e2eAdmin");
  const adminToken = await passwordToken(admin.username, admin.password);
  await callApi(adminToken, "POST", `admin/feedback/${feedbackId}/continue_feedback`, {
    status: "processing",
    content: adminReply,
  });
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

describe("a reader's messages and feedback replies", () => {
  it("shows the unread counts in the user menu and a prompt on home", async () => {
    await page.goto("/");
    await centre.prompt.waitFor();
    await centre.prompt.locator('[data-prompt-tab="myMsg"]').waitFor();
    await centre.prompt.locator('[data-prompt-tab="myFeedback"]').waitFor();
    await centre.openUserMenu();
    await expect.poll(() => centre.menuItem("myFeedback").getAttribute("data-unread-count")).toBe("1");
    expect(await centre.menuItem("myMsg").getAttribute("data-unread-count")).toBe("1");
    await page.keyboard.press("Escape");
  });

  it("reads the reply in my feedback, which clears its mark, and continues the conversation", async () => {
    await centre.prompt.locator('[data-prompt-tab="myFeedback"]').click();
    await page.waitForURL("**/message?tab=myFeedback");
    const row = centre.feedbackRow(feedbackId);
    await row.locator("[data-new-reply]").waitFor();
    expect(await row.locator("[data-status]").getAttribute("data-status")).toBe("processing");
    await row.locator("[data-open-feedback]").click();
    await centre.conversation.locator("[data-suggestion]").getByText(suggestion).waitFor();
    await centre.conversation.locator('[data-log="admin"]').getByText(adminReply).waitFor();
    await row.locator("[data-new-reply]").waitFor({ state: "detached" });

    await centre.reply("另见卷二第三行");
    await centre.conversation.locator('[data-log="reader"]').getByText("另见卷二第三行").waitFor();
    await centre.conversation.getByRole("button", { name: "关闭" }).click();
    await centre.openUserMenu();
    await expect.poll(() => centre.menuItem("myFeedback").getAttribute("data-unread-count")).toBe("0");
    await page.keyboard.press("Escape");
  });

  it("shows feedback opened online again offline and keeps a reply written offline until online", async () => {
    await context.setOffline(true);
    await page.locator('[data-tab="myMsg"]').click();
    await page.locator("[data-not-kept-offline]").waitFor();
    await page.locator('[data-tab="myFeedback"]').click();
    await centre.feedbackRow(feedbackId).locator("[data-open-feedback]").click();
    await centre.conversation.locator('[data-log="admin"]').getByText(adminReply).waitFor();
    await centre.reply("离线时写的补充");
    await centre.conversation.locator("[data-reply-queued]").waitFor();

    await context.setOffline(false);
    await expect
      .poll(
        async () =>
          (
            await callApi<{ list: { content: string }[] }>(readerToken, "GET", `feedback/${feedbackId}/logs`)
          ).list.map((log) => log.content),
        { timeout: 15_000 },
      )
      .toContain("离线时写的补充");
    await centre.conversation.getByRole("button", { name: "关闭" }).click();
  });

  it("lists the reply's message in the messages tab, clears the count and deletes it", async () => {
    await page.goto("/message?tab=myMsg");
    const message = centre.messages.first();
    await message.getByText(adminReply, { exact: false }).waitFor();
    expect(await message.getAttribute("data-unread")).toBe("");
    await centre.openUserMenu();
    await expect.poll(() => centre.menuItem("myMsg").getAttribute("data-unread-count")).toBe("0");
    await page.keyboard.press("Escape");

    await message.locator("[data-delete-message]").click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByRole("button", { name: "取消" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await centre.messages.count()).toBe(1);
    await message.locator("[data-delete-message]").click();
    await dialog.locator("[data-confirm]").click();
    await page.locator("[data-messages-empty]").waitFor();
    expect(await centre.messages.count()).toBe(0);
  });
});
