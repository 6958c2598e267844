/**
 * The content files of the seeded articles (server/modules/articles/content): every article in
 * every language, the languages of an article alike in their fields, their heading structure and,
 * section by section, their placeholders, links, images, anchors and code; and the template rules
 * the introductions are filled by.
 */
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ARTICLE_LANGS } from "../../contract/article-rules.ts";
import {
  ARTICLE_CONTENT_DIR,
  type ArticleContent,
  fillTemplate,
  parseArticleContent,
  readArticleContent,
} from "../../server/modules/articles/article-content.ts";

const files = readdirSync(ARTICLE_CONTENT_DIR);
const articles = [...new Set(files.map((file) => file.split(".")[0] ?? file))].sort();

const all = (text: string, pattern: RegExp): string[] => [...text.matchAll(pattern)].map((match) => match[0]);

/** What must be alike in every language of a piece of text. */
function marks(text: string) {
  return {
    sections: all(text, /\{[#^/][a-z][a-z-]*\}/g).sort(),
    placeholders: all(text, /\{[a-z][a-z-]*\}/g).sort(),
    links: all(text, /\]\([^)]*\)/g),
    images: all(text, /!\[/g).length,
    anchors: all(text, /<a\s[^>]*>/g),
    code: all(text, /`[^`]+`/g).length,
  };
}

/** The body cut at its headings: each heading's level with the marks of what follows it. */
function sections(body: string) {
  const parts: { level: number; lines: string[] }[] = [{ level: 0, lines: [] }];
  for (const line of body.split("\n")) {
    const heading = /^(#{1,6}) /.exec(line);
    if (heading) parts.push({ level: heading[1]?.length ?? 0, lines: [] });
    else parts.at(-1)?.lines.push(line);
  }
  return parts.map((part) => ({ level: part.level, ...marks(part.lines.join("\n")) }));
}

/** A short field may name a value in one language only (`About the 徑山藏 (JS)`, `徑山藏簡介`). */
function shape(content: ArticleContent) {
  const fields = [...content.fields].map(([key, value]) => ({ key, ...marks(value) }));
  return {
    fields: fields.map(({ placeholders: _, ...field }) => field),
    placeholdersInFields: [...new Set(fields.flatMap((field) => field.placeholders))].sort(),
    sections: sections(content.body),
  };
}

describe("the seeded articles' content files", () => {
  it("hold every article in every language and nothing else", () => {
    expect(articles).toEqual(["help", "intro"]);
    expect(files.sort()).toEqual(
      articles.flatMap((article) => ARTICLE_LANGS.map((lang) => `${article}.${lang}.md`)).sort(),
    );
  });

  it.each(articles)("give %s the same sections, fields and marks in every language", (article) => {
    const [original, ...translations] = ARTICLE_LANGS.map((lang) => readArticleContent(article, lang));
    if (!original) throw new Error("no languages");
    const expected = shape(original);
    expect(expected.sections.filter((section) => section.level === 2).length).toBeGreaterThanOrEqual(3);
    for (const translation of translations) expect(shape(translation)).toEqual(expected);
  });
});

describe("a content file", () => {
  it("opens with its fields, a value with spaces at its ends written as a JSON string", () => {
    const content = parseArticleContent('---\ntitle: 帮助: 一\njoiner: ", "\n---\n正文\n\n## 一\n', "t.md");
    expect(Object.fromEntries(content.fields)).toEqual({ title: "帮助: 一", joiner: ", " });
    expect(content.body).toBe("正文\n\n## 一\n");
    expect(() => content.field("summary")).toThrow(/no field summary/);
  });

  it.each([
    ["no fields", "正文\n"],
    ["unclosed fields", "---\ntitle: 帮助\n"],
    ["a line that is no field", "---\nTitle = 帮助\n---\n"],
    ["a field given twice", "---\ntitle: a\ntitle: b\n---\n"],
    ["a quoted value that is no JSON string", '---\njoiner: ", \n---\n'],
  ])("is refused with %s", (_case, text) => {
    expect(() => parseArticleContent(text, "t.md")).toThrow(/^t\.md: /);
  });
});

describe("filling a template", () => {
  const values = { name: "径山藏", yes: true, no: false, empty: "", list: "- 甲\n- 乙", curly: "{name}" };

  it("puts values in once, without reading them as a template", () => {
    expect(fillTemplate("{name}（{curly}）", values)).toBe("径山藏（{name}）");
  });

  it("keeps a section where its value holds, an inverted one where it does not", () => {
    expect(fillTemplate("a{#yes}b{/yes}{^yes}c{/yes}{#no}d{/no}{^no}e{/no}{#empty}f{/empty}", values)).toBe(
      "abe",
    );
    expect(fillTemplate("{#name}《{name}》{/name}", values)).toBe("《径山藏》");
  });

  it("takes a tag alone on its line with its line, and keeps the lines around it", () => {
    const template = "甲\n\n{#no}\n乙\n{/no}\n{#yes}\n丙\n{#empty}\n丁\n{/empty}\n{/yes}\n\n{list}\n";
    expect(fillTemplate(template, values)).toBe("甲\n\n丙\n\n- 甲\n- 乙\n");
  });

  it.each([
    ["an unknown value", "{nobody}", /no value for \{nobody\}/],
    ["a condition put in as text", "{yes}", /condition/],
    ["an unclosed section", "{#yes}甲", /unmatched \{#yes\}/],
    ["a stray closing tag", "甲{/yes}", /unmatched \{\/yes\}/],
  ])("refuses %s", (_case, template, error) => {
    expect(() => fillTemplate(template, values)).toThrow(error);
  });
});
