/**
 * The interface language as a reader chooses it (the header's language menu), and the check that
 * a screen shows no message id in place of its text.
 */
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";

export type ShownLocale = "zh-CN" | "zh-TW" | "en";

/** Each language as the menu names it, in its own script whatever the interface language. */
const MENU_NAMES: Record<ShownLocale, string> = { "zh-CN": "简体中文", "zh-TW": "繁體中文", en: "English" };

/** Chooses `locale` from the header's language menu and waits until the page is in it. */
export async function chooseLanguage(page: Page, locale: ShownLocale): Promise<void> {
  await page.getByRole("button", { name: /语言|語言|Language/ }).click();
  await page.getByRole("menuitemradio", { name: MENU_NAMES[locale] }).click();
  await page.locator(`html[lang="${locale}"]`).waitFor();
}

/** Every message id of both catalogues (ids have dots; the source texts are Chinese). */
const MESSAGE_IDS = ["messages", "more"].flatMap((catalogue) =>
  [...readFileSync(`locales/zh-CN/${catalogue}.po`, "utf8").matchAll(/^msgid "([^"]+)"$/gm)]
    .map((match) => match[1] ?? "")
    .filter((id) => id.includes(".")),
);

/** The message ids the page shows as text: each one is a text left untranslated. */
export async function untranslatedIds(page: Page): Promise<string[]> {
  const text = await page.locator("body").innerText();
  return MESSAGE_IDS.filter((id) => text.includes(id));
}
