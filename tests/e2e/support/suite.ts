/**
 * A file's browser and the page its tests drive: a fresh context per test (pagePerTest) or one for
 * the whole file (pagePerSuite), signed in as the file's user when it names one (registered, and
 * made a researcher when asked, before the first test). `onOpen` hands the file what was opened.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { type ContextOptions, launchBrowser, newContext } from "./browser.ts";
import { grantResearcher, registerByApi, signInContext } from "./session.ts";

export type SuiteUser = { username: string; contact: string; password: string };

export type SuiteOptions = { user?: SuiteUser; researcher?: boolean; context?: ContextOptions };

export type OpenedPage = { browser: Browser; context: BrowserContext; page: Page };

type OnOpen = (opened: OpenedPage) => void | Promise<void>;

function openers(options: SuiteOptions) {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  return {
    async launch(): Promise<void> {
      browser = await launchBrowser();
      if (options.user) await registerByApi(options.user);
      if (options.user && options.researcher) await grantResearcher(options.user.username);
    },
    async open(onOpen: OnOpen): Promise<void> {
      if (!browser) throw new Error("the browser is launched in beforeAll");
      context = await newContext(browser, options.context);
      if (options.user) await signInContext(context, options.user.username, options.user.password);
      const page = await context.newPage();
      await onOpen({ browser, context, page });
    },
    async closeContext(): Promise<void> {
      await context?.close();
      context = undefined;
    },
    async closeBrowser(): Promise<void> {
      await browser?.close();
    },
  };
}

export function pagePerTest(options: SuiteOptions, onOpen: OnOpen): void {
  const suite = openers(options);
  beforeAll(() => suite.launch());
  afterAll(() => suite.closeBrowser());
  beforeEach(() => suite.open(onOpen));
  afterEach(() => suite.closeContext());
}

export function pagePerSuite(options: SuiteOptions, onOpen: OnOpen): void {
  const suite = openers(options);
  beforeAll(async () => {
    await suite.launch();
    await suite.open(onOpen);
  });
  afterAll(async () => {
    await suite.closeContext();
    await suite.closeBrowser();
  });
}
