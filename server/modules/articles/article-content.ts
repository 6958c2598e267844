/**
 * The texts of the articles the server writes itself, one markdown file an article a language in
 * content/ (`help.zh-CN.md`, `intro.en.md`). A file opens with its fields between `---` lines, one
 * `key: value` a line (a value with spaces at its ends is written as a JSON string); the markdown
 * after them is the article's content.
 *
 * A text generated from the canon (an introduction) is a template, filled by fillTemplate:
 * - `{name}` stands for the value `name`;
 * - `{#name}…{/name}` is kept where `name` is true or a non-empty text, `{^name}…{/name}` where it
 *   is false or empty; a tag alone on its line goes with its line.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ArticleLang } from "../../../contract/article-rules.ts";

const CONTENT = join("server", "modules", "articles", "content");

/**
 * The content folder of the source tree: the nearest folder above this module holding it, as the
 * server runs from its sources or compiled into build/server/.
 */
function contentDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, CONTENT))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`${CONTENT} not found above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return join(dir, CONTENT);
}

export const ARTICLE_CONTENT_DIR = contentDir();

export type ArticleContent = {
  fields: ReadonlyMap<string, string>;
  body: string;
  /** The field `key`; a file without it is an error. */
  field(key: string): string;
};

const FIELD = /^([a-z][a-z-]*): (.*)$/;

function quoted(value: string, file: string): string {
  try {
    return String(JSON.parse(value));
  } catch {
    throw new Error(`${file}: not a JSON string: ${value}`);
  }
}

export function parseArticleContent(text: string, file: string): ArticleContent {
  const lines = text.split("\n");
  const end = lines.indexOf("---", 1);
  if (lines[0] !== "---" || end < 0) throw new Error(`${file}: no fields between --- lines at the top`);
  const fields = new Map<string, string>();
  for (const line of lines.slice(1, end)) {
    const [, key, value] = FIELD.exec(line) ?? [];
    if (key === undefined || value === undefined) throw new Error(`${file}: not a field: ${line}`);
    if (fields.has(key)) throw new Error(`${file}: ${key} given twice`);
    fields.set(key, value.startsWith('"') ? quoted(value, file) : value);
  }
  return {
    fields,
    body: lines.slice(end + 1).join("\n"),
    field(key) {
      const value = fields.get(key);
      if (value === undefined) throw new Error(`${file}: no field ${key}`);
      return value;
    },
  };
}

export const articleContentFile = (article: string, lang: ArticleLang): string =>
  join(ARTICLE_CONTENT_DIR, `${article}.${lang}.md`);

/** The content file of `article` in `lang`. */
export function readArticleContent(article: string, lang: ArticleLang): ArticleContent {
  const file = articleContentFile(article, lang);
  return parseArticleContent(readFileSync(file, "utf8"), file);
}

/** The uid of an article's translation into `lang` (the original for simplified Chinese). */
export const translatedUid = (uid: string, lang: ArticleLang): string =>
  lang === "zh-CN" ? uid : `${uid}.${lang}`;

export type TemplateValues = Readonly<Record<string, string | boolean>>;

const STANDALONE_TAG = /^(\{[#^/][a-z][a-z-]*\})\n/gm;
// One pass, so that a value put in is never read as a template again.
const TOKEN = /\{([#^])([a-z][a-z-]*)\}([\s\S]*?)\{\/\2\}|\{([a-z][a-z-]*)\}|\{[#^/][a-z][a-z-]*\}/g;

function fill(template: string, values: TemplateValues): string {
  return template.replace(TOKEN, (tag, kind?: string, section?: string, inner?: string, name?: string) => {
    const key = section ?? name;
    if (key === undefined) throw new Error(`unmatched ${tag}`);
    const value = values[key];
    if (value === undefined) throw new Error(`no value for ${tag}`);
    if (section === undefined) {
      if (typeof value !== "string") throw new Error(`${tag} is a condition, not a text`);
      return value;
    }
    const holds = value !== false && value !== "";
    return holds === (kind === "#") ? fill(inner ?? "", values) : "";
  });
}

export const fillTemplate = (template: string, values: TemplateValues): string =>
  fill(template.replace(STANDALONE_TAG, "$1"), values);
