import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { AdminApplicationsPage } from "./pages/admin-review-pages.ts";
import { AdminUserListPage } from "./pages/admin-user-pages.ts";
import {
  callApi,
  clockTime,
  PersonalMessages,
  sendFeedbackByApi,
  sendFeedbackFromReel,
} from "./pages/personal-messages.ts";
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

  it("opens the personal centre from the user menu in a window of its own, keeping the reader's page", async () => {
    const reel = await context.newPage();
    await reel.goto("/JS");
    await new PersonalMessages(reel).openUserMenu();
    const [opened] = await Promise.all([
      context.waitForEvent("page"),
      reel.getByRole("menuitem", { name: "基本信息" }).click(),
    ]);
    await opened.waitForURL("**/message?tab=profile");
    await opened.locator('[data-tab="profile"][aria-selected="true"]').waitFor();
    expect(new URL(reel.url()).pathname).toBe("/JS");
    await opened.close();
    await reel.close();
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

describe("notices in the reader's language, times on the reader's clock", () => {
  const english = { username: "e2e_notice_en", contact: "notice-en@e2e.test", password: "notice-pass1" };
  const chinese = { username: "e2e_notice_zh", contact: "notice-zh@e2e.test", password: "notice-pass2" };
  const form = { real_name: "义净", company: "大荐福寺", intro: "南海求法。", purpose: "校勘律部" };
  const reason = "请补充研究成果";
  const reply = "Corrected against the base text.";
  const readerZone = "Europe/London";
  const adminZone = "America/Los_Angeles";
  const contexts: BrowserContext[] = [];
  let adminToken = "";
  let replyFeedbackId = 0;
  /** When the English reader's application was approved, as the server answers it. */
  let approvedAt = 0;

  const applicationOf = async (username: string) =>
    (
      await callApi<{ list: { _id: number; latest_deal_at: number | null }[] }>(
        adminToken,
        "GET",
        `admin/applications?username=${username}`,
      )
    ).list[0];

  const signedInPage = async (
    who: { username: string; password: string },
    options: Parameters<typeof newContext>[1],
  ): Promise<Page> => {
    const opened = await newContext(browser, options);
    contexts.push(opened);
    await signInContext(opened, who.username, who.password);
    return opened.newPage();
  };

  beforeAll(async () => {
    const admin = inject("e2eAdmin");
    adminToken = await passwordToken(admin.username, admin.password);
    for (const reader of [english, chinese]) {
      await registerByApi(reader);
      await callApi(await passwordToken(reader.username, reader.password), "POST", "applications", form);
    }
    const englishToken = await passwordToken(english.username, english.password);
    replyFeedbackId = await sendFeedbackByApi(englishToken, "A character seems wrong here.");
    await callApi(adminToken, "POST", `admin/feedback/${replyFeedbackId}/continue_feedback`, {
      status: "processing",
      content: reply,
    });
    const approved = await applicationOf(english.username);
    await callApi(adminToken, "POST", `admin/applications/${approved?._id}/deal`, {
      status: "approved",
      reason: "",
    });
    const refused = await applicationOf(chinese.username);
    await callApi(adminToken, "POST", `admin/applications/${refused?._id}/deal`, {
      status: "rejected",
      reason,
    });
    approvedAt = (await applicationOf(english.username))?.latest_deal_at ?? 0;
    expect(approvedAt).toBeGreaterThan(0);
  });
  afterAll(async () => {
    for (const opened of contexts) await opened.close();
  });

  it("reads the notices in English to an English reader, at the time on the reader's clock", async () => {
    const reading = await signedInPage(english, { locale: "en", timeZone: readerZone });
    await reading.goto("/message?tab=myMsg");
    const decision = reading.locator('[data-decision="approved"]');
    await decision.waitFor();
    expect(await decision.textContent()).toContain(
      "Your researcher application has been approved. You can use the research tools now, with no need to sign in again.",
    );
    const replied = reading.locator("[data-message-content]");
    expect(await replied.textContent()).toBe(
      `Your feedback (no. ${replyFeedbackId}) has a new reply: ${reply}`,
    );
    const approval = reading.locator("[data-message]", { has: decision });
    expect(await approval.textContent()).toContain(clockTime(approvedAt, readerZone));
  });

  it("reads the decision in Chinese to a Chinese reader", async () => {
    const reading = await signedInPage(chinese, { locale: "zh-CN" });
    await reading.goto("/message?tab=myMsg");
    const decision = reading.locator('[data-decision="rejected"]');
    await decision.waitFor();
    expect(await decision.textContent()).toContain("您的研究者申请未通过。");
    expect(await decision.locator("[data-deal-reason]").textContent()).toBe(`原因：${reason}`);
  });

  it("shows the approval at one time on the application list and the user list, on the administrator's clock", async () => {
    const admin = inject("e2eAdmin");
    const adminPage = await signedInPage(admin, { timeZone: adminZone });
    const shown = clockTime(approvedAt, adminZone);
    expect(shown).not.toBe(clockTime(approvedAt, "Asia/Shanghai"));

    const applications = new AdminApplicationsPage(adminPage);
    await applications.open();
    await applications.searchFromField("username", english.username);
    const application = applications.row(english.username);
    expect(await application.locator('[data-column="updatedAt"]').textContent()).toBe(shown);
    expect(await application.locator("[data-last-operator]").textContent()).toContain(shown);

    const users = new AdminUserListPage(adminPage);
    await users.open(`?username=${english.username}`);
    expect(await users.row(english.username).locator('[data-column="updatedAt"]').textContent()).toBe(shown);
  });
});
