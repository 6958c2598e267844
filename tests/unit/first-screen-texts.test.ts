import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { catalogueTexts, fillText, HOME_TEXT_IDS } from "../../contract/first-screen-texts.ts";
import { locales } from "../../contract/locale-rules.ts";
import { createHomeDrawing } from "../../server/plugins/home-drawing.ts";

const tripitaka = {
  uid: "TS",
  name_trad: "大正藏",
  name_sim: "大正藏",
  cbeta_collection: "T",
  sutra_count: 6,
};

describe("first screen texts", () => {
  it("fills plain placeholders and leaves other message syntax to the app", () => {
    expect(fillText("{edition}: a digital reader", { edition: "大正藏" })).toBe("大正藏: a digital reader");
    expect(fillText("{count} reels of {code}", { count: 6, code: "TS" })).toBe("6 reels of TS");
    expect(fillText("{count} reels", { count: 16650 }, "en")).toBe("16,650 reels");
    expect(fillText("{count, plural, one {# sutra} other {# sutras}}", { count: 1 }, "en")).toBe("1 sutra");
    expect(
      fillText(
        "{count, plural, one {# sutra} other {# sutras}} of {code}",
        { count: 1234, code: "TS" },
        "en",
      ),
    ).toBe("1,234 sutras of TS");
    expect(fillText("{kind, select, a {A} other {B}}", { kind: "a" })).toBeNull();
    expect(fillText("{missing} here", {})).toBeNull();
    expect(fillText("quoted '{brace}'", { brace: "x" })).toBeNull();
    expect(fillText("the reader's own text", {})).toBe("the reader's own text");
  });

  it("reads every home text of each language's catalogue", () => {
    for (const locale of locales) {
      const texts = catalogueTexts(readFileSync(`locales/${locale}/messages.po`, "utf8"), HOME_TEXT_IDS);
      expect(Object.keys(texts).sort(), locale).toEqual([...HOME_TEXT_IDS].sort());
    }
    const po = 'msgid "a"\nmsgstr "say \\"hi\\""\n\nmsgid "b"\nmsgstr ""\n';
    expect(catalogueTexts(po, ["a", "b", "c"])).toEqual({ a: 'say "hi"' });
  });
});

describe("the home drawn by the server", () => {
  const texts = Object.fromEntries(
    locales.map((locale) => [
      locale,
      catalogueTexts(readFileSync(`locales/${locale}/messages.po`, "utf8"), HOME_TEXT_IDS),
    ]),
  );
  const draw = createHomeDrawing(texts);

  it("says what the app's home says, with a search form that works before the app", () => {
    const html = draw("en", tripitaka) ?? "";
    expect(html).toContain("<h1>大正藏: a digital reader</h1>");
    expect(html).toContain("The 大正藏 (TS) holds 6 sutras here.");
    expect(html).toContain('<form class="boot-search" role="search" method="get" action="/TS/search">');
    expect(html).toContain(
      '<input name="keyword" maxlength="500" placeholder="Search the full text of the 大正藏"',
    );
    expect(html).toContain('<a href="/TS/Introduction">About the 大正藏</a>');
    expect(draw("zh-CN", { ...tripitaka, name_trad: "高麗藏", name_sim: "高丽藏" })).toContain(
      "<h1>高丽藏数字阅读</h1>",
    );
    expect(draw("zh-TW", { ...tripitaka, name_trad: "高麗藏", name_sim: "高丽藏" })).toContain(
      "<h1>高麗藏數字閱讀</h1>",
    );
  });

  it("escapes what it draws, and leaves out the source line of an edition without a collection", () => {
    const html = draw("en", { ...tripitaka, name_trad: '<b>"藏"</b>', cbeta_collection: null }) ?? "";
    expect(html).toContain('<h1>&lt;b&gt;"藏"&lt;/b&gt;: a digital reader</h1>');
    expect(html).toContain('placeholder="Search the full text of the &lt;b&gt;&quot;藏&quot;&lt;/b&gt;"');
    expect(html).not.toContain("boot-small");
  });

  it("draws nothing when a text needs the app's formatter or is missing", () => {
    const plural = {
      en: { ...texts.en, "home.summaryText": "{count, select, one {a sutra} other {sutras}}" },
    };
    expect(createHomeDrawing(plural)("en", tripitaka)).toBeNull();
    expect(createHomeDrawing({})("en", tripitaka)).toBeNull();
  });
});
