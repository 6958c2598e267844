/**
 * Every screen as each role reaches it, checked by axe (WCAG 2.0 and 2.1 A and AA, axe's best
 * practices and its experimental rules): no violation, none excepted, the reel also with its
 * reading guide open. Fluent's focus manager (Tabster) puts hidden focusable bumpers
 * into the page once a dialog, drawer or popover trigger is mounted, which axe rightly reports:
 * such parts are mounted only while open (or once opened), and the reading guide's card is
 * placed without a Popover.
 */
import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newContext } from "./support/browser.ts";
import { grantResearcher, registerByApi, signInContext } from "./support/session.ts";

const AXE = readFileSync("node_modules/axe-core/axe.min.js", "utf8");

type Violation = { rule: string; targets: string[] };

/** Toasts on the screen: a screen opened plainly shows none, so their text says what went wrong. */
async function toastsOn(page: Page): Promise<Violation[]> {
  const texts = await page.locator(".fui-Toast").allInnerTexts();
  return texts.length > 0 ? [{ rule: "toast shown", targets: texts }] : [];
}

/** `shown`: what the screen shows once it is ready to be checked. */
async function violationsOf(page: Page, path: string, shown = "main"): Promise<Violation[]> {
  await page.goto(path);
  await page.locator(shown).waitFor();
  await page.waitForLoadState("networkidle");
  const toasts = await toastsOn(page);
  if (toasts.length > 0) return toasts;
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    type AxeNode = { target: string[]; html: string };
    type AxeResult = { violations: { id: string; nodes: AxeNode[] }[] };
    const axe = (
      window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResult> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: {
        type: "tag",
        values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice", "experimental"],
      },
    });
    return result.violations.map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
  });
}

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser.close();
});

async function pageAs(user: { username: string; password: string } | null): Promise<Page> {
  const context = await newContext(browser);
  contexts.push(context);
  if (user) await signInContext(context, user.username, user.password);
  return context.newPage();
}

const researcher = { username: "e2e_a11y_researcher", contact: "a11y@e2e.test", password: "a11y-pass1" };

describe("accessibility of every screen", () => {
  it("a visitor's screens", async () => {
    const page = await pageAs(null);
    for (const path of [
      "/JS",
      "/scroll/JSB213_1",
      `/JS/search?keyword=${encodeURIComponent("如是")}`,
      "/JS/Introduction",
      "/help",
      "/terms",
      "/login",
      "/register",
      "/forget-password",
      "/401",
      "/404",
    ])
      expect(await violationsOf(page, path), path).toEqual([]);
  });

  it("a first visit's reel, with the reading guide open", async () => {
    const page = await pageAs(null);
    expect(await violationsOf(page, "/scroll/JSB213_1", "[data-reading-guide]")).toEqual([]);
  });

  it("a researcher's screens", async () => {
    await registerByApi(researcher);
    await grantResearcher(researcher.username);
    const page = await pageAs(researcher);
    for (const path of [
      "/page/JS_100_527",
      "/message?tab=profile",
      "/message?tab=myFeedback",
      "/message?tab=myMsg",
      "/JS/char-image",
      "/JS/char-type",
      "/JS/colophon",
      "/JS/people",
      "/person/A001583",
      "/offline",
    ])
      expect(await violationsOf(page, path), path).toEqual([]);
  });

  it("an administrator's screens", async () => {
    const page = await pageAs(inject("e2eAdmin"));
    for (const path of [
      "/admin/user/list",
      "/admin/apply",
      "/admin/feedback",
      "/admin/article",
      "/admin/article/add",
      "/admin/statistical",
      "/admin/access-log",
    ])
      expect(await violationsOf(page, path), path).toEqual([]);
  });
});
