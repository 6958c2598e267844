/** Loads a locale's compiled catalogue (a separate chunk per language) and activates it. */
import type { I18n, Messages } from "@lingui/core";
import { linkManifest } from "../offline/pwa/manifestLink.ts";
import type { AppLocale } from "./locale.ts";

const catalogues: Record<AppLocale, () => Promise<{ messages: Messages }>> = {
  "zh-CN": () => import("../../locales/zh-CN/messages.po"),
  "zh-TW": () => import("../../locales/zh-TW/messages.po"),
  en: () => import("../../locales/en/messages.po"),
};

const htmlLang: Record<AppLocale, string> = { "zh-CN": "zh-CN", "zh-TW": "zh-TW", en: "en" };

export async function activateLocale(i18n: I18n, locale: AppLocale): Promise<void> {
  const { messages } = await catalogues[locale]();
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = htmlLang[locale];
  linkManifest(locale);
}
