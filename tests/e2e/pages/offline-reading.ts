/** Page object of reading without a network: the service worker in charge, and the "not downloaded" state. */
import type { Locator, Page } from "playwright-core";

export type OfflineKind = "reel" | "page" | "sutra" | "catalogue" | "tripitakas" | "article";

export class OfflineReading {
  constructor(readonly page: Page) {}

  /** The "not available offline" bar of one kind of item, wherever it shows. */
  readonly notAvailable = (kind: OfflineKind, within?: Locator): Locator =>
    (within ?? this.page.locator("body")).locator(`[data-not-available-offline="${kind}"]`);
  readonly downloadsLink = (bar: Locator) => bar.locator("[data-offline-downloads]");
  readonly drawer = () => this.page.locator("[data-catalogue-drawer]");
  readonly reelLines = () => this.page.locator("[data-cid]");

  /** Waits until the service worker controls the page, so a reload works with no network. */
  async serviceWorkerInCharge(): Promise<void> {
    // The app registers its worker once a page has loaded; the worker then installs its precache.
    await this.page.waitForFunction(() => navigator.serviceWorker.ready.then(() => true), undefined, {
      timeout: 60_000,
    });
    const controlled = () => this.page.evaluate(() => navigator.serviceWorker.controller !== null);
    // A page that finished loading while the worker was still installing may not be claimed.
    if (!(await controlled())) await this.page.reload();
    await this.page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
  }

  async openDrawer(): Promise<Locator> {
    await this.page.locator("[data-catalogue-button]").click();
    await this.drawer().waitFor();
    return this.drawer();
  }
}

/** "Download for offline" as a reader does it: the scope's button, the dialog's choices, the start. */
export async function downloadFromButton(
  page: Page,
  button: Locator,
  choices: { forms: readonly string[]; images?: boolean },
): Promise<void> {
  await button.click();
  const dialog = page.locator("[data-download-dialog]");
  await dialog.waitFor();
  for (const form of ["ori_txt", "uni_txt", "std_txt", "sim_txt"]) {
    const box = dialog.locator(`input[data-form="${form}"]`);
    if (choices.forms.includes(form)) await box.check();
    else await box.uncheck();
  }
  await dialog.locator("[data-plan-total]").waitFor();
  if (choices.images) await dialog.locator('input[data-part="images"]').check();
  await dialog.locator("[data-start-download]").click();
  await dialog.waitFor({ state: "detached" });
}
