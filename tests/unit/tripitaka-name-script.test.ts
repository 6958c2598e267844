import { describe, expect, it } from "vitest";
import { locales, tripitakaNameScript } from "../../contract/locale-rules.ts";
import { tripitakaName } from "../../contract/names.ts";

describe("a tripitaka's name, one script per language", () => {
  const jiaxing = "徑山藏|径山藏";

  it("is simplified in simplified Chinese, traditional in traditional Chinese and in English", () => {
    const shown = Object.fromEntries(
      locales.map((locale) => [locale, tripitakaName(jiaxing, tripitakaNameScript(locale))]),
    );
    expect(shown).toEqual({ "zh-CN": "径山藏", "zh-TW": "徑山藏", en: "徑山藏" });
  });
});
