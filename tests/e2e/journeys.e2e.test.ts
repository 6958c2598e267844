/**
 * The product per role, once in English and once in Chinese: the reader chooses the language in
 * the app (their browser asks for the other one). A new reader signs up with the code from the
 * outbox and applies to become a researcher from the user menu; the administrator approves, and
 * the approval shows at one time, on the administrator's clock, on the applications list, in the
 * application's history and on the user list (whose cells hold their content). The reader, a
 * researcher now without signing in again, reads the approval in their language, opens each
 * research tool from home and follows its links, each landing on something to read (the colophon
 * headers apart from one another); sends feedback from the page a character image leads to; the
 * administrator replies, at one time on both sides; the reader reads the reply in both languages.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { AccountPages } from "./pages/account-pages.ts";
import { AdminApplicationsPage, AdminFeedbackPage } from "./pages/admin-review-pages.ts";
import { AdminUserListPage, UserMenu } from "./pages/admin-user-pages.ts";
import { ApplyPages } from "./pages/apply-pages.ts";
import { CharImagePage } from "./pages/char-image.ts";
import { ColophonScreen } from "./pages/colophon.ts";
import { landing, ResearchLinks } from "./pages/landings.ts";
import { chooseLanguage, untranslatedIds } from "./pages/languages.ts";
import { PageReader } from "./pages/page-reader.ts";
import { callApi, clockTime, PersonalMessages } from "./pages/personal-messages.ts";
import { markReadingGuideDone } from "./pages/reel-reader.ts";
import { launchBrowser, newContext } from "./support/browser.ts";
import { passwordToken, signInContext } from "./support/session.ts";

type Words = {
  apply: string;
  pending: string;
  approved: string;
  reply(feedbackId: number, reply: string): string;
};

const WORDS: Record<"en" | "zh-CN", Words> = {
  en: {
    apply: "Apply to become a researcher",
    pending: "Researcher application: under review",
    approved:
      "Your researcher application has been approved. You can use the research tools now, with no need to sign in again.",
    reply: (id, reply) => `Your feedback (no. ${id}) has a new reply: ${reply}`,
  },
  "zh-CN": {
    apply: "申请成为研究者",
    pending: "研究者申请：审核中",
    approved: "您的研究者申请已通过，现在即可使用研究工具，无需重新登录。",
    reply: (id, reply) => `您的反馈（编号 ${id}）有了新的回复：${reply}`,
  },
};

const JOURNEYS = [
  {
    name: "English",
    locale: "en",
    other: "zh-CN",
    reader: {
      username: "journey_en",
      nickname: "Reader",
      contact: "journey-en@e2e.test",
      password: "journey-en-1",
    },
    form: {
      realName: "Faxian",
      company: "Chang'an",
      intro: "Pilgrim and translator.",
      purpose: "Collating the Foguo ji",
    },
    suggestion: "This character differs from the scan.",
    reply: "Checked against the scan; it is being corrected.",
    readerZone: "Europe/London",
    adminZone: "America/Los_Angeles",
  },
  {
    name: "Chinese",
    locale: "zh-CN",
    other: "en",
    reader: {
      username: "journey_zh",
      nickname: "读经人",
      contact: "journey-zh@e2e.test",
      password: "journey-zh-1",
    },
    form: { realName: "法显", company: "长安道场", intro: "西行求法。", purpose: "校勘《佛国记》" },
    suggestion: "此字与图版不合",
    reply: "已核对图版，正在改正。",
    readerZone: "Asia/Tokyo",
    adminZone: "Europe/Berlin",
  },
] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const storedToken = (page: Page) => page.evaluate(() => window.localStorage.getItem("canon-reader.token"));

describe.each(JOURNEYS)("the journey in $name", (journey) => {
  const words = WORDS[journey.locale];
  const { reader } = journey;
  let readerContext: BrowserContext;
  let adminContext: BrowserContext;
  let readerPage: Page;
  let adminPage: Page;
  let adminToken = "";
  /** The main frame's paths the reader's tab went through, in order. */
  const readerPaths: string[] = [];
  let tokenBeforeApproval: string | null = null;
  let approvedAt = 0;
  let feedbackId = 0;

  beforeAll(async () => {
    readerContext = await newContext(browser, { locale: journey.other, timeZone: journey.readerZone });
    await markReadingGuideDone(readerContext);
    readerPage = await readerContext.newPage();
    readerPage.on("framenavigated", (frame) => {
      if (frame === readerPage.mainFrame()) readerPaths.push(new URL(frame.url()).pathname);
    });
    const admin = inject("e2eAdmin");
    adminToken = await passwordToken(admin.username, admin.password);
    adminContext = await newContext(browser, { locale: journey.other, timeZone: journey.adminZone });
    // The administrator's language as the language menu keeps it; the reader's is chosen in the menu.
    await adminContext.addCookies([{ name: "lang", value: journey.locale, url: inject("e2eBaseUrl") }]);
    await signInContext(adminContext, admin.username, admin.password);
    adminPage = await adminContext.newPage();
  });
  afterAll(async () => {
    await readerContext.close();
    await adminContext.close();
  });

  it("a new reader chooses the language, signs up with the code from the outbox and signs in", async () => {
    await readerPage.goto("/register");
    await chooseLanguage(readerPage, journey.locale);
    const account = new AccountPages(readerPage);
    await account.register(reader);
    expect(await readerPage.evaluate(() => document.documentElement.lang)).toBe(journey.locale);
    await readerPage.getByRole("status").getByRole("button").click();
    await readerPage.waitForURL("**/login");
    await account.passwordLogin(reader.username, reader.password);
    await readerPage.waitForURL("**/JS");
    expect(await account.token()).toMatch(/^ey/);
  });

  it("applies from the user menu and sees the application under review there", async () => {
    const menu = new UserMenu(readerPage);
    const item = readerPage.locator("[data-application-menu]");
    await menu.open();
    expect(await item.textContent()).toBe(words.apply);
    await item.click();
    await readerPage.waitForURL((url) => url.pathname === "/apply");
    const apply = new ApplyPages(readerPage);
    await apply.form().waitFor();
    await apply.fill(journey.form);
    await apply.submit();
    await apply.waitForResult("pending");
    expect(await untranslatedIds(readerPage)).toEqual([]);

    await menu.open();
    await expect.poll(() => item.getAttribute("data-application-menu")).toBe("pending");
    expect(await item.textContent()).toBe(words.pending);
    await menu.close();
    tokenBeforeApproval = await storedToken(readerPage);
  });

  it("the administrator approves it, at one time on the applications list, its history and the user list", async () => {
    const applications = new AdminApplicationsPage(adminPage);
    await applications.open();
    await applications.searchFromField("username", reader.username);
    await applications.openDrawer(reader.username);
    await applications.decide("approved");
    await applications.confirm();
    await applications.drawer.waitFor({ state: "detached" });
    const row = applications.row(reader.username);
    await expect.poll(() => row.locator("[data-status]").getAttribute("data-status")).toBe("approved");

    const listed = await callApi<{ list: { latest_deal_at: number | null }[] }>(
      adminToken,
      "GET",
      `admin/applications?username=${reader.username}`,
    );
    approvedAt = listed.list[0]?.latest_deal_at ?? 0;
    expect(approvedAt).toBeGreaterThan(0);
    const shown = clockTime(approvedAt, journey.adminZone);
    expect(shown).not.toBe(clockTime(approvedAt, "Asia/Shanghai"));
    expect(await row.locator('[data-column="updatedAt"]').textContent()).toBe(shown);
    expect(await row.locator("[data-last-operator]").textContent()).toContain(shown);

    await applications.openDrawer(reader.username);
    expect(await applications.drawer.locator('[data-apply-log="approved"]').textContent()).toContain(shown);
    await applications.confirm();
    await applications.drawer.waitFor({ state: "detached" });

    const users = new AdminUserListPage(adminPage);
    await users.open(`?username=${reader.username}`);
    expect(await users.row(reader.username).locator('[data-column="updatedAt"]').textContent()).toBe(shown);
    expect((await users.settledRoles(reader.username)).split(",")).toContain("researcher");
    expect(await untranslatedIds(adminPage)).toEqual([]);
  });

  it("lays the user list out with every cell holding its content", async () => {
    const users = new AdminUserListPage(adminPage);
    await users.open("?username=journey_");
    expect(await users.rows.count()).toBeGreaterThan(0);
    expect(await users.overflowingCells()).toEqual([]);
  });

  it("the reader, a researcher now without signing in again, reads the approval in their language and opens the research menu", async () => {
    const signedIn = readerPaths.length;
    await readerPage.locator("[data-apply-home]").click();
    await readerPage.waitForURL("**/JS");
    const menu = new UserMenu(readerPage);
    await menu.open();
    await menu.researchEntry.waitFor();
    expect(await readerPage.locator("[data-application-menu]").count()).toBe(0);
    expect(await storedToken(readerPage)).not.toBe(tokenBeforeApproval);

    const [centre] = await Promise.all([
      readerContext.waitForEvent("page"),
      readerPage.locator('[data-menu-tab="myMsg"]').click(),
    ]);
    await centre.waitForURL("**/message?tab=myMsg");
    const decision = centre.locator('[data-decision="approved"]');
    await decision.waitFor();
    expect(await decision.textContent()).toContain(words.approved);
    const message = centre.locator("[data-message]", { has: decision });
    expect(await message.textContent()).toContain(clockTime(approvedAt, journey.readerZone));
    expect(await untranslatedIds(centre)).toEqual([]);
    await centre.close();

    await menu.open();
    await menu.researchEntry.click();
    await readerPage.waitForURL((url) => url.pathname === "/JS/char-image");
    expect((await landing(readerPage)).items).toBeGreaterThan(0);
    expect(readerPaths.slice(signedIn).filter((path) => path === "/login" || path === "/401")).toEqual([]);
  });

  it("opens the character images from home, their group and the page a character is on", async () => {
    await new ResearchLinks(readerPage).openFromHome("char-image");
    const images = new CharImagePage(readerPage);
    await images.listSettled();
    expect((await landing(readerPage)).items).toBeGreaterThan(0);

    await images.tab("group").click();
    await readerPage.waitForURL((url) => url.searchParams.get("tab") === "group");
    await images.groupsSettled();
    const tile = readerPage.locator("[data-char-group]").first();
    const txt = (await tile.getAttribute("data-char-group")) ?? "";
    const count = Number(await tile.getAttribute("data-count"));
    expect(count).toBeGreaterThan(0);
    await tile.click();
    await readerPage.waitForURL((url) => url.searchParams.get("ot") === txt && !url.searchParams.has("tab"));
    await images.listSettled();
    expect(await images.rows.count()).toBe(Math.min(count, 10));

    const [cid = ""] = await images.rowIds();
    await readerPage.locator(`[data-open-char="${cid}"]`).click();
    await readerPage.locator(`[data-open-page="${cid}"]`).click();
    const pageUid = cid.split(".")[0] ?? "";
    await new PageReader(readerPage).shows(pageUid);
    expect((await landing(readerPage)).items).toBeGreaterThan(0);
    expect(await new PageReader(readerPage).textChar(cid).textContent()).toBe(txt);
  });

  it("sends feedback on that character from the page", async () => {
    const view = new PageReader(readerPage);
    await view.feedbackButton().click();
    const drawer = view.feedbackDrawer();
    await drawer.waitFor();
    expect(await drawer.locator('textarea[name="origin_text"]').inputValue()).toMatch(/^\p{Script=Han}$/u);
    await drawer.locator('input[type="radio"][value="content_error"]').check();
    await drawer.locator('textarea[name="suggestion"]').fill(journey.suggestion);
    await drawer.locator("[data-feedback-submit]").click();
    const thanks = readerPage.locator("[data-feedback-thanks]");
    await thanks.waitFor();
    expect(await thanks.locator("[data-my-feedback]").getAttribute("href")).toBe("/message?tab=myFeedback");
    expect(await untranslatedIds(readerPage)).toEqual([]);
    await thanks.getByRole("button").last().click();
    await thanks.waitFor({ state: "detached" });
  });

  it("opens the character types from home, and each link to character images lands on as many", async () => {
    const links = new ResearchLinks(readerPage);
    await links.openFromHome("char-type");
    expect(await links.followCharTypes(readerContext)).toBeGreaterThan(0);
    expect(links.faulty()).toEqual([]);
  });

  it("opens the colophons from home, headers apart, and each reel and page they link to", async () => {
    const links = new ResearchLinks(readerPage);
    await links.openFromHome("colophon");
    const screen = new ColophonScreen(readerPage);
    await screen.settled();
    expect(await screen.headerFaults()).toEqual([]);
    expect(await untranslatedIds(readerPage)).toEqual([]);
    const reels = new Set(await screen.reels());
    const rows = await screen.rows.count();
    await links.followColophons(screen);
    expect(links.landings).toHaveLength(reels.size + rows);
    expect(links.faulty()).toEqual([]);
  });

  it("opens the people from home, the first persons listed, and each kind of link on a person's page", async () => {
    const links = new ResearchLinks(readerPage);
    await links.openFromHome("people");
    const [first = ""] = await links.followPeople(5);
    expect(links.landings).toHaveLength(5);
    await links.follow(readerPage.locator(`[data-person-link="${first}"]`));
    expect((await links.followPersonPage(first)).length).toBeGreaterThanOrEqual(3);
    expect(links.faulty()).toEqual([]);
  });

  it("the administrator replies to the feedback, at one time on the list, in the drawer and to the reader", async () => {
    const list = new AdminFeedbackPage(adminPage);
    await list.open();
    await list.searchFromField("username", reader.username);
    const row = adminPage.locator("[data-feedback-row]");
    expect(await row.count()).toBe(1);
    feedbackId = Number(await row.getAttribute("data-feedback-row"));
    await list.openDrawer(feedbackId);
    await list.reply("processing", journey.reply);
    const entry = list.conversation.filter({ hasText: journey.reply });
    await entry.waitFor();

    const listed = await callApi<{ list: { _id: number; last_deal_at: number | null }[] }>(
      adminToken,
      "GET",
      `admin/feedbacks?username=${reader.username}`,
    );
    const repliedAt = listed.list.find((feedback) => feedback._id === feedbackId)?.last_deal_at ?? 0;
    expect(repliedAt).toBeGreaterThan(0);
    const shown = clockTime(repliedAt, journey.adminZone);
    expect(await entry.textContent()).toContain(shown);
    await expect
      .poll(() => list.row(feedbackId).locator("[data-last-operator]").textContent())
      .toContain(shown);
    expect(await untranslatedIds(adminPage)).toEqual([]);

    const menu = new UserMenu(readerPage);
    await menu.open();
    const [centrePage] = await Promise.all([
      readerContext.waitForEvent("page"),
      readerPage.locator('[data-menu-tab="myFeedback"]').click(),
    ]);
    await centrePage.waitForURL("**/message?tab=myFeedback");
    const centre = new PersonalMessages(centrePage);
    await centre.feedbackRow(feedbackId).locator("[data-new-reply]").waitFor();
    await centre.feedbackRow(feedbackId).locator("[data-open-feedback]").click();
    const reply = centre.conversation.locator('[data-log="admin"]', { hasText: journey.reply });
    await reply.waitFor();
    expect(await reply.textContent()).toContain(clockTime(repliedAt, journey.readerZone));
    await centrePage.close();
  });

  it("the reader reads the reply's notice in their language, and in the other one once chosen", async () => {
    const menu = new UserMenu(readerPage);
    await menu.open();
    const [centre] = await Promise.all([
      readerContext.waitForEvent("page"),
      readerPage.locator('[data-menu-tab="myMsg"]').click(),
    ]);
    await centre.waitForURL("**/message?tab=myMsg");
    const notice = centre.locator("[data-message-content]");
    const decision = centre.locator('[data-decision="approved"]');
    await expect.poll(() => notice.textContent()).toBe(words.reply(feedbackId, journey.reply));
    expect(await decision.textContent()).toContain(words.approved);

    const other = WORDS[journey.other];
    await chooseLanguage(centre, journey.other);
    await expect.poll(() => notice.textContent()).toBe(other.reply(feedbackId, journey.reply));
    expect(await decision.textContent()).toContain(other.approved);
    expect(await untranslatedIds(centre)).toEqual([]);

    await chooseLanguage(centre, journey.locale);
    await expect.poll(() => notice.textContent()).toBe(words.reply(feedbackId, journey.reply));
    await centre.close();
  });
});
