/**
 * Holds the app's main chunk back until the test releases it, so that a test can look at what the
 * server drew in the page (and act on it) while the app is still loading.
 */
import type { Page } from "playwright-core";

/** Holds `/assets/start-*.js` for `page`; the returned function lets it through. */
export async function holdAppStart(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/start-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
