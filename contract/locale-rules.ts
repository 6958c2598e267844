/**
 * Interface languages and the `lang` cookie that remembers the reader's choice (spec section 9).
 * The server reads it too, to preload the catalogue of the page it serves.
 */
export const locales = ["zh-CN", "zh-TW", "en"] as const;
export type AppLocale = (typeof locales)[number];

/**
 * The app's name in each language, as the page names it before the catalogues load (the server
 * writes it into the page); the catalogues' `app.title` says the same.
 */
export const APP_TITLES: Record<AppLocale, string> = {
  "zh-CN": "藏经阅读",
  "zh-TW": "藏經閱讀",
  en: "Canon Reader",
};

/** Simplified Chinese is the default and the fallback. */
export const DEFAULT_LOCALE: AppLocale = "zh-CN";
export const LANG_COOKIE = "lang";
export const LANG_COOKIE_DAYS = 1095;

const aliases: Record<string, AppLocale> = {
  "zh-cn": "zh-CN",
  zh_cn: "zh-CN",
  "zh-hans": "zh-CN",
  zh: "zh-CN",
  "zh-tw": "zh-TW",
  zh_tw: "zh-TW",
  "zh-hk": "zh-TW",
  "zh-hant": "zh-TW",
  en: "en",
  "en-us": "en",
  en_us: "en",
  "en-gb": "en",
};

/** Maps a cookie or browser language value onto one of the app's locales. */
export function toAppLocale(value: string | null | undefined): AppLocale | null {
  if (!value) return null;
  return aliases[value.trim().toLowerCase()] ?? null;
}

/** Reads `lang` out of a `document.cookie` string. */
export function localeFromCookie(cookie: string): AppLocale | null {
  for (const part of cookie.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === LANG_COOKIE) return toAppLocale(decodeURIComponent(rest.join("=")));
  }
  return null;
}

/** The `document.cookie` assignment that stores the choice for 1095 days. */
export function langCookie(locale: AppLocale): string {
  const maxAge = LANG_COOKIE_DAYS * 24 * 60 * 60;
  return `${LANG_COOKIE}=${encodeURIComponent(locale)}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

/** Cookie first, then the browser's languages, then the default. */
export function pickLocale(cookie: string, browserLanguages: readonly string[]): AppLocale {
  const fromCookie = localeFromCookie(cookie);
  if (fromCookie) return fromCookie;
  for (const language of browserLanguages) {
    const locale = toAppLocale(language);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/**
 * The script a tripitaka's name is shown in: the language's own (simplified for zh-CN,
 * traditional for zh-TW, and traditional in English, as English scholarship cites the canons),
 * whatever script the reader reads the texts in.
 */
export const tripitakaNameScript = (locale: AppLocale): "trad" | "sim" =>
  locale === "zh-CN" ? "sim" : "trad";
