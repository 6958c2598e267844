/** Counts in messages: grouped digits in the reader's language, plural rules that still see numbers. */

import { readFileSync } from "node:fs";
import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { catalogueTexts } from "../../contract/first-screen-texts.ts";
import { locales } from "../../contract/locale-rules.ts";
import { formatCount, tr } from "../../src/i18n/translate.ts";

const english = setupI18n({
  locale: "en",
  messages: {
    en: {
      chars: compileMessage("{count} characters"),
      reels: compileMessage("{count, plural, one {# reel} other {# reels}}"),
      times: compileMessage("{count, plural, one {1 time} other {# times}}"),
      volume: compileMessage("Vol. {volume}, {hits} hits in {year}"),
    },
  },
});

describe("counts in messages", () => {
  it("groups the digits of a count", () => {
    expect(tr(english, { id: "chars" }, { count: 16650 })).toBe("16,650 characters");
  });

  it("chooses the plural form by the number and prints it grouped", () => {
    expect(tr(english, { id: "reels" }, { count: 1 })).toBe("1 reel");
    expect(tr(english, { id: "reels" }, { count: 1234 })).toBe("1,234 reels");
    expect(tr(english, { id: "times" }, { count: 1 })).toBe("1 time");
  });

  it("leaves numbers that are not counts as they are", () => {
    expect(tr(english, { id: "volume" }, { volume: 1234, hits: 5678, year: 1589 })).toBe(
      "Vol. 1234, 5,678 hits in 1589",
    );
  });

  it("groups a count shown on its own", () => {
    expect(formatCount(english, 1234567)).toBe("1,234,567");
    expect(formatCount(setupI18n({ locale: "zh-CN" }), 16650)).toBe("16,650");
  });

  it("groups whole counts in every interface language as Intl does", () => {
    for (const locale of locales) {
      const i18n = setupI18n({ locale });
      for (const value of [0, 7, 999, 1000, -1000, 10043, 1234567, -98765432, Number.MAX_SAFE_INTEGER])
        expect(formatCount(i18n, value)).toBe(new Intl.NumberFormat(locale).format(value));
      expect(formatCount(i18n, 1234.5)).toBe(new Intl.NumberFormat(locale).format(1234.5));
    }
  });

  it("prints a reel's characters in English grouped, without Intl's number formatting", () => {
    const texts = catalogueTexts(readFileSync("locales/en/messages.po", "utf8"), ["reel.chars"]);
    const source = texts["reel.chars"] ?? "";
    // `#` would have Lingui build an Intl.NumberFormat on the reel's first screen.
    expect(source).not.toContain("#");
    const catalogue = setupI18n({ locale: "en", messages: { en: { "reel.chars": compileMessage(source) } } });
    expect(tr(catalogue, { id: "reel.chars" }, { count: 10043 })).toBe("10,043 characters");
    expect(tr(catalogue, { id: "reel.chars" }, { count: 1 })).toBe("1 character");
  });
});
