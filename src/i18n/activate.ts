/**
 * Loads a locale's compiled catalogues (chunks of their own per language) and activates them. The
 * `messages` catalogue comes with the app; the `more` one (lingui.config.ts) the first time a
 * screen or part that needs it loads (`loadLaterMessages`, which lazy routes and parts await), and
 * from then on with every change of language.
 */
import type { I18n, Messages } from "@lingui/core";
import { linkManifest } from "../offline/pwa/manifestLink.ts";
import type { AppLocale } from "./locale.ts";

type Catalogue = () => Promise<{ messages: Messages }>;

const catalogues: Record<AppLocale, Catalogue> = {
  "zh-CN": () => import("../../locales/zh-CN/messages.po"),
  "zh-TW": () => import("../../locales/zh-TW/messages.po"),
  en: () => import("../../locales/en/messages.po"),
};

const laterCatalogues: Record<AppLocale, Catalogue> = {
  "zh-CN": () => import("../../locales/zh-CN/more.po"),
  "zh-TW": () => import("../../locales/zh-TW/more.po"),
  en: () => import("../../locales/en/more.po"),
};

const htmlLang: Record<AppLocale, string> = { "zh-CN": "zh-CN", "zh-TW": "zh-TW", en: "en" };

type Active = { i18n: I18n; locale: AppLocale; ready: Promise<void>; later: Promise<void> | null };
let active: Active | null = null;
let laterWanted = false;

async function activate(i18n: I18n, locale: AppLocale, withLater: boolean): Promise<void> {
  const [core, later] = await Promise.all([
    catalogues[locale](),
    withLater ? laterCatalogues[locale]() : Promise.resolve(null),
  ]);
  i18n.loadAndActivate({ locale, messages: { ...core.messages, ...later?.messages } });
  document.documentElement.lang = htmlLang[locale];
  linkManifest(locale);
}

export function activateLocale(i18n: I18n, locale: AppLocale): Promise<void> {
  const ready = activate(i18n, locale, laterWanted);
  active = { i18n, locale, ready, later: laterWanted ? ready : null };
  return ready;
}

/**
 * A lazily loaded module whose texts are in the `more` catalogue: the two load together. A
 * catalogue that cannot load (offline, never cached) does not hold the module back: its texts show
 * in the source language until it does.
 */
export async function withLaterMessages<Module>(load: () => Promise<Module>): Promise<Module> {
  const [module] = await Promise.all([load(), loadLaterMessages().catch(() => undefined)]);
  return module;
}

/**
 * How the `more` catalogue's texts are put into the active catalogue, which re-renders every text
 * shown: at once until the app sets it (setLaterMessagesApplier).
 */
let applyLaterMessages = (apply: () => void): void => apply();

/** The app has its texts' re-render run as a transition; this module itself loads without React. */
export function setLaterMessagesApplier(applier: (apply: () => void) => void): void {
  applyLaterMessages = applier;
}

/**
 * The `more` catalogue in the active locale, loaded once per language; at once where no locale
 * was activated (a part rendered on its own, in a test).
 */
export function loadLaterMessages(): Promise<void> {
  laterWanted = true;
  const current = active;
  if (!current) return Promise.resolve();
  current.later ??= current.ready.then(async () => {
    const { messages } = await laterCatalogues[current.locale]();
    applyLaterMessages(() => current.i18n.load(current.locale, messages));
  });
  const later = current.later;
  // A failed load (offline, never cached) is tried again by the next part that asks.
  later.catch(() => {
    if (current.later === later) current.later = null;
  });
  return later;
}
