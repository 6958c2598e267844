/** Every catalogue has every message translated, with the source's placeholders (run by i18n:check). */
import { readFileSync } from "node:fs";
import { setupI18n } from "@lingui/core";
import { formatter } from "@lingui/format-po";
import { describe, expect, it } from "vitest";
import { errorCodeText } from "../../src/i18n/errorMessages.ts";
import { APP_TITLES, langCookie, localeFromCookie, locales, pickLocale } from "../../src/i18n/locale.ts";
import { brandRamp } from "../../src/theme/themeBuild.ts";
import { themeFor } from "../../src/theme/themeState.ts";

const po = formatter({ lineNumbers: false });

/** The app's catalogues (lingui.config.ts): what loads with the app, and what loads later. */
const CATALOGUES = ["messages", "more"] as const;

async function translations(locale: string, catalogue: string): Promise<Map<string, string>> {
  const text = readFileSync(`locales/${locale}/${catalogue}.po`, "utf8");
  const catalog = await po.parse(text, { locale, sourceLocale: "zh-CN", filename: `${locale}.po` });
  return new Map(Object.entries(catalog ?? {}).map(([id, entry]) => [id, entry.translation ?? ""]));
}

/** The names a message reads: `{name}`, and the argument of `{name, plural, …}` (a translation may add plural forms). */
const placeholders = (message: string) =>
  [...new Set([...message.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]))].sort();

describe("catalogues", () => {
  const cases = locales.flatMap((locale) => CATALOGUES.map((catalogue) => [locale, catalogue] as const));
  it.each(cases)("%s %s translates every message with the same placeholders", async (locale, catalogue) => {
    const source = await translations("zh-CN", catalogue);
    const target = await translations(locale, catalogue);
    expect(source.size).toBeGreaterThan(0);
    expect([...target.keys()].sort()).toEqual([...source.keys()].sort());
    const missing = [...target].filter(([, text]) => text.trim() === "").map(([id]) => id);
    expect(missing).toEqual([]);
    for (const [id, text] of target) {
      expect(placeholders(text), `${locale} ${catalogue} ${id}`).toEqual(placeholders(source.get(id) ?? ""));
    }
  });
});

describe("the app's name", () => {
  it.each(locales)("%s: the page names the app as the catalogue does", async (locale) => {
    expect((await translations(locale, "messages")).get("app.title")).toBe(APP_TITLES[locale]);
  });
});

describe("language choice", () => {
  it("uses the lang cookie, then the browser, then simplified Chinese", () => {
    expect(pickLocale("a=1; lang=en", ["zh-TW"])).toBe("en");
    expect(pickLocale("lang=zh_CN", [])).toBe("zh-CN");
    expect(pickLocale("", ["fr", "zh-HK"])).toBe("zh-TW");
    expect(pickLocale("lang=xx", ["fr"])).toBe("zh-CN");
  });

  it("stores the choice for 1095 days", () => {
    const cookie = langCookie("zh-TW");
    expect(cookie).toContain(`Max-Age=${1095 * 86400}`);
    expect(localeFromCookie(cookie.split(";")[0] ?? "")).toBe("zh-TW");
  });

  it("shows an error code's text, else the server message", () => {
    const i18n = setupI18n({ locale: "zh-CN", messages: { "zh-CN": {} } });
    expect(errorCodeText(i18n, 511, "bad login")).toBe("用户名或密码错误");
    expect(errorCodeText(i18n, 777, "server says")).toBe("server says");
  });
});

describe("themes", () => {
  it("puts the brand colour at 80 of the ramp", () => {
    const ramp = brandRamp("#987444");
    expect(ramp[80]).toBe("#987444");
    expect(Object.keys(ramp)).toHaveLength(16);
  });

  it("uses the dark theme only on reading screens for a signed-in reader with night reading on", () => {
    expect(themeFor(true, true, true)).toBe("dark");
    expect(themeFor(true, true, false)).toBe("light");
    expect(themeFor(false, true, true)).toBe("light");
    expect(themeFor(true, false, true)).toBe("light");
  });
});
