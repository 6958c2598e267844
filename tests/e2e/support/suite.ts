/**
 * A file's browser and the page its tests drive: a fresh context per test (pagePerTest) or one for
 * the whole file (pagePerSuite), signed in as the file's user when it names one (registered, and
 * made a researcher when asked, before the first test), with the reading guide done when asked.
 * `onOpen` hands the file what was opened. Files whose tests open their own contexts take them
 * from contextPerTest. Every context opened through a suite closes with the suite's own.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { markReadingGuideDone } from "../pages/reel-reader.ts";
import { type ContextOptions, launchBrowser, newContext } from "./browser.ts";
import { grantResearcher, registerByApi, signInContext } from "./session.ts";

export type SuiteUser = { username: string; contact: string; password: string };

export type SuiteOptions = {
  user?: SuiteUser;
  researcher?: boolean;
  context?: ContextOptions;
  readingGuideDone?: boolean;
};

export type OpenedPage = {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Another context of the file's browser, with none of the suite's options, closed with the suite's own. */
  openBareContext(options?: ContextOptions): Promise<BrowserContext>;
};

type OnOpen = (opened: OpenedPage) => void | Promise<void>;

function openers(options: SuiteOptions) {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const launched = (): Browser => {
    if (!browser) throw new Error("the browser is launched in beforeAll");
    return browser;
  };
  const openBareContext = async (contextOptions?: ContextOptions): Promise<BrowserContext> => {
    const context = await newContext(launched(), contextOptions);
    contexts.push(context);
    return context;
  };
  const openContext = async (contextOptions?: ContextOptions): Promise<BrowserContext> => {
    const context = await openBareContext(contextOptions);
    if (options.readingGuideDone) await markReadingGuideDone(context);
    if (options.user) await signInContext(context, options.user.username, options.user.password);
    return context;
  };
  return {
    openContext,
    async launch(): Promise<void> {
      browser = await launchBrowser();
      if (options.user) await registerByApi(options.user);
      if (options.user && options.researcher) await grantResearcher(options.user.username);
    },
    async open(onOpen: OnOpen): Promise<void> {
      const context = await openContext(options.context);
      const page = await context.newPage();
      await onOpen({ browser: launched(), context, page, openBareContext });
    },
    async closeContexts(): Promise<void> {
      for (const context of contexts.splice(0)) await context.close();
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
  afterEach(() => suite.closeContexts());
}

export function pagePerSuite(options: SuiteOptions, onOpen: OnOpen): void {
  const suite = openers(options);
  beforeAll(async () => {
    await suite.launch();
    await suite.open(onOpen);
  });
  afterAll(async () => {
    await suite.closeContexts();
    await suite.closeBrowser();
  });
}

/**
 * The file's browser alone, for tests that open their own contexts: answers how to open one (the
 * suite's context options overlaid by the test's); each closes after its test.
 */
export function contextPerTest(
  options: SuiteOptions,
): (contextOptions?: ContextOptions) => Promise<BrowserContext> {
  const suite = openers(options);
  beforeAll(() => suite.launch());
  afterAll(() => suite.closeBrowser());
  afterEach(() => suite.closeContexts());
  return (contextOptions) => suite.openContext({ ...options.context, ...contextOptions });
}
