/**
 * Every screen as each role reaches it, checked by axe (WCAG 2 A and AA, and axe's best
 * practices): no violation. One exception, a known false positive of the rule that aria-hidden
 * elements hold nothing focusable: Fluent's focus management (Tabster) places hidden focusable
 * `<i data-tabster-dummy>` bumpers that only pass focus on, and must stay hidden from screen readers.
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

async function violationsOf(page: Page, path: string): Promise<Violation[]> {
  await page.goto(path);
  await page.locator("main").waitFor();
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
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "best-practice"] },
    });
    return result.violations
      .map((violation) => ({
        rule: violation.id,
        nodes: violation.nodes.filter(
          (node) => !(violation.id === "aria-hidden-focus" && node.html.includes("data-tabster-dummy")),
        ),
      }))
      .filter((violation) => violation.nodes.length > 0)
      .map((violation) => ({
        rule: violation.rule,
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
