/**
 * The administrators' review screens in the browser: a reader signed in on the sign-in screen
 * applies to be a researcher and sends a feedback from the reel reader; the administrator finds
 * the application by its status on /admin/apply, is refused a rejection without its reason, then
 * rejects it with one; finds the feedback on /admin/feedback, reads the original text and replies
 * marking it resolved; and the reader finds the decision among their messages and the reply, with
 * the completed status, in their feedback's conversation.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { AccountPages } from "./pages/account-pages.ts";
import { AdminApplicationsPage, AdminFeedbackPage } from "./pages/admin-review-pages.ts";
import { ApplyPages } from "./pages/apply-pages.ts";
import { callApi, PersonalMessages, sendFeedbackFromReel } from "./pages/personal-messages.ts";
import { markReadingGuideDone } from "./pages/reel-reader.ts";
import { launchBrowser, newContext } from "./support/browser.ts";
import { passwordToken, registerByApi, signInContext } from "./support/session.ts";

let browser: Browser;
let readerContext: BrowserContext;
let adminContext: BrowserContext;
let readerPage: Page;
let adminPage: Page;
const reader = { username: "e2e_reviewed", contact: "reviewed@e2e.test", password: "reviewed-pass1" };
const FORM = { realName: "法显", company: "长安道场", intro: "西行求法。", purpose: "校勘《佛国记》" };
const REASON = "请补充研究成果";
const SUGGESTION = "此处“闻”字疑为“问”";
const REPLY = "已据底本改正，感谢指正。";
let feedbackId = 0;
let originText = "";

beforeAll(async () => {
  browser = await launchBrowser();
  await registerByApi(reader);
  readerContext = await newContext(browser);
  await markReadingGuideDone(readerContext);
  readerPage = await readerContext.newPage();
  adminContext = await newContext(browser);
  const admin = inject("e2eAdmin");
  await signInContext(adminContext, admin.username, admin.password);
  adminPage = await adminContext.newPage();
});
afterAll(async () => {
  await readerContext.close();
  await adminContext.close();
  await browser.close();
});

describe("the administrators' review of applications and feedback", () => {
  const applications = () => new AdminApplicationsPage(adminPage);
  const feedback = () => new AdminFeedbackPage(adminPage);

  it("starts with a reader who applies and sends a feedback", async () => {
    await new AccountPages(readerPage).passwordLogin(reader.username, reader.password);
    await readerPage.waitForURL("**/JS");
    await readerPage.goto("/apply");
    const apply = new ApplyPages(readerPage);
    await apply.form().waitFor();
    await apply.fill(FORM);
    await apply.submit();
    await apply.waitForResult("pending");

    const token = await passwordToken(reader.username, reader.password);
    feedbackId = await sendFeedbackFromReel(readerPage, token, SUGGESTION);
    const mine = await callApi<{ list: { _id: number; origin_text: string }[] }>(token, "GET", "feedbacks");
    originText = mine.list.find((sent) => sent._id === feedbackId)?.origin_text ?? "";
    expect(originText).toHaveLength(4);
  });

  it("finds the application by its status, and keeps the filters in the address across a reload", async () => {
    const list = applications();
    await list.open();
    await list.choose("latest_status", "pending");
    await list.searchFromField("username", reader.username);
    expect(list.query().get("latest_status")).toBe("pending");
    await list.row(reader.username).waitFor();
    expect(await list.row(reader.username).locator("[data-status]").getAttribute("data-status")).toBe(
      "pending",
    );
    expect(await list.row(reader.username).locator('[data-column="realName"]').textContent()).toBe(
      FORM.realName,
    );

    await adminPage.reload();
    await list.settled();
    expect(await list.filter("username").inputValue()).toBe(reader.username);
    expect(await list.filter("latest_status").inputValue()).toBe("pending");
    await list.row(reader.username).waitFor();

    await list.choose("latest_status", "approved");
    await list.search();
    await adminPage.waitForURL((url) => url.searchParams.get("latest_status") === "approved");
    await list.empty.waitFor();
    await list.choose("latest_status", "pending");
    await list.search();
    await list.row(reader.username).waitFor();
  });

  it("refuses a rejection without its reason, then rejects with one and reloads the list", async () => {
    const list = applications();
    await list.openDrawer(reader.username);
    expect(await list.detail("company").textContent()).toBe(FORM.company);
    expect(await list.detail("purpose").textContent()).toBe(FORM.purpose);
    await list.drawer.locator('[data-apply-log="pending"]').waitFor();

    await list.decide("rejected");
    await list.confirm();
    await list.reasonField.getByText("拒绝时请填写原因").waitFor();
    expect(await list.drawer.isVisible()).toBe(true);

    await list.decide("rejected", REASON);
    await list.reasonField.getByText(`${REASON.length}/500`).waitFor();
    await list.confirm();
    await list.drawer.waitFor({ state: "detached" });
    await adminPage.locator(".fui-Toast", { hasText: "已拒绝" }).waitFor();
    // The list still asks for pending applications: the rejected one has left it.
    await list.row(reader.username).waitFor({ state: "detached" });

    await list.choose("latest_status", "rejected");
    await list.search();
    const row = list.row(reader.username);
    await row.waitFor();
    expect(await row.locator("[data-status]").getAttribute("data-status")).toBe("rejected");
    expect(await row.locator("[data-last-operator]").getAttribute("data-last-operator")).toBe(
      inject("e2eAdmin").username,
    );
  });

  it("shows a decided application read-only, and confirming only closes its drawer", async () => {
    const list = applications();
    await list.openDrawer(reader.username);
    expect(await list.drawer.locator("[data-decision-form]").getAttribute("data-decision-form")).toBe(
      "read-only",
    );
    await list.drawer.locator("[data-application-decided]").waitFor();
    expect(await list.drawer.locator('textarea[name="reason"]').inputValue()).toBe(REASON);
    expect(
      await list.drawer.locator('[data-apply-log="rejected"] [data-apply-log-reason]').textContent(),
    ).toBe(`原因：${REASON}`);
    await list.confirm();
    await list.drawer.waitFor({ state: "detached" });
    expect(await list.row(reader.username).locator("[data-status]").getAttribute("data-status")).toBe(
      "rejected",
    );
  });

  it("finds the feedback by username, shows its original text and replies marking it resolved", async () => {
    const list = feedback();
    await list.open();
    await list.searchFromField("username", reader.username);
    const row = list.row(feedbackId);
    await row.waitFor();
    expect(await row.locator("[data-status]").getAttribute("data-status")).toBe("pending");
    expect(await row.locator("[data-reader-place]").getAttribute("data-reader-place")).toMatch(/^\/scroll\//);

    await list.openDrawer(feedbackId);
    expect(await list.drawer.locator("[data-origin-text]").textContent()).toBe(originText);
    expect(await list.drawer.locator("[data-suggestion]").textContent()).toBe(SUGGESTION);

    await list.drawer.locator("[data-admin-reply-send]").click();
    await list.replyField.getByText("请输入回复内容").waitFor();

    await list.reply("completed_valid", REPLY);
    const entry = list.conversation.filter({ hasText: REPLY });
    await entry.waitFor();
    expect(await entry.getAttribute("data-log")).toBe("admin");
    expect(await entry.locator("[data-log-status]").getAttribute("data-log-status")).toBe("completed_valid");
    expect(await entry.getAttribute("data-log-by")).toBe(inject("e2eAdmin").username);
    await list.drawer.locator("[data-feedback-completed]").waitFor();
    await expect.poll(() => row.locator("[data-status]").getAttribute("data-status")).toBe("completed_valid");
    expect(await row.locator("[data-last-operator]").getAttribute("data-last-operator")).toBe(
      inject("e2eAdmin").username,
    );
  });

  it("tells the reader: the decision among their messages, the reply in their feedback", async () => {
    const centre = new PersonalMessages(readerPage);
    await readerPage.goto("/message?tab=myMsg");
    const decision = readerPage.locator('[data-decision="rejected"]');
    await decision.waitFor();
    expect(await decision.locator("[data-deal-reason]").textContent()).toContain(REASON);

    await readerPage.goto("/message?tab=myFeedback");
    const row = centre.feedbackRow(feedbackId);
    await row.waitFor();
    expect(await row.locator("[data-status]").getAttribute("data-status")).toBe("completed");
    await row.locator("[data-open-feedback]").click();
    const reply = centre.conversation.locator('[data-log="admin"]', { hasText: REPLY });
    await reply.waitFor();
    expect(await reply.locator("[data-log-status]").getAttribute("data-log-status")).toBe("completed");
    await centre.conversation.locator("[data-conversation-closed]").waitFor();
  });
});
