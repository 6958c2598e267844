/**
 * What an article keeps of its HTML, on SQLite and PostgreSQL: no script address in an image's
 * `src` or `srcset` or a link's `href`, and no markup inside an attribute value, which a browser
 * reading the piece in another context (`<noscript>`, `<xmp>`, a comment) would read as markup.
 * Titles and summaries are plain text: stored and answered as sent, control characters refused
 * with the validation error, and the OpenAPI document says so.
 */
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Article } from "../../contract/articles.ts";
import { testDialects } from "../support/databases.ts";
import { type ArticleHarness, form, startArticles } from "./articles-setup.ts";

const SCRIPT_SCHEME = /^\s*(?:javascript|vbscript|data):/i;

/** What a browser's parse of the stored HTML shows that could run a script. */
function liveScripts(content: string): string[] {
  const found: string[] = [];
  const { document } = new JSDOM(`<body>${content}</body>`).window;
  for (const element of document.body.querySelectorAll("*")) {
    for (const { name, value } of element.attributes) {
      const where = `<${element.localName} ${name}="${value}">`;
      if (name.startsWith("on")) found.push(`handler ${where}`);
      if (/[<>]/.test(value)) found.push(`markup in ${where}`);
      if (name === "srcset" && value.split(",").some((part) => SCRIPT_SCHEME.test(part)))
        found.push(`script address in ${where}`);
      if (["src", "href"].includes(name) && SCRIPT_SCHEME.test(value))
        found.push(`script address in ${where}`);
    }
  }
  return found;
}

const CASES: [string, string][] = [
  ["markup in a title inside noscript", '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
  ["markup in a title inside xmp", '<xmp><p title="</xmp><img src=x onerror=alert(1)>">\n\n段'],
  [
    "markup in a title inside noembed",
    '段 <noembed><b title="</noembed><img src=x onerror=alert(1)>">粗</b>',
  ],
  ["markup in a span's title", '文 <span title="<img src=x onerror=alert(1)>">字</span>'],
  ["markup after an escaped quote", '<b title="x&quot;><img src=x onerror=alert(1)>">t</b>'],
  ["a comment's end in a title", '<!-- 注 -->\n\n<p title="--><img src=x onerror=alert(1)>">段</p>'],
  [
    "a javascript: srcset",
    '<img srcset="javascript:alert(1) 1x, https://a.org/b.png 2x" src="https://a.org/a.png">',
  ],
  ["a data: srcset", '<img srcset="data:text/html,x 1x" src="https://a.org/a.png">'],
  ["a javascript: src", '<img src="javascript:alert(1)" alt="a">'],
  ["a vbscript: src", '<img src=" vbscript:msgbox(1)">'],
  ["a data: src", '<img src="data:image/svg+xml;base64,PHN2Zz4=">'],
  ["a data: link", '<a href="data:text/html,<script>alert(1)</script>">x</a>'],
];

describe.each(testDialects())("article cleaning on %s", (dialect) => {
  let a: ArticleHarness;
  let serial = 0;

  beforeAll(async () => {
    a = await startArticles(dialect);
  });
  afterAll(() => a.close());

  const save = async (change: Record<string, unknown>) => {
    a.c.h.clock.now += 1000;
    serial++;
    return a.admin("POST", "/v1/admin/article/add", form(`cleaning-${serial}`, change));
  };

  it.each(CASES)("stores %s with nothing a browser would run", async (_name, content) => {
    const reply = await save({ content: `前文\n\n${content}\n` });
    expect(reply, reply.msg).toMatchObject({ statusCode: 200, code: 0 });
    const stored = (reply.result as Article).content;
    expect(liveScripts(stored)).toEqual([]);
    expect(stored).not.toMatch(/onerror|javascript:|vbscript:|data:/i);
    expect(stored).toContain("前文");
  });

  it("keeps safe HTML as written", async () => {
    const content = '<img src="https://a.org/a.png" alt="图" title="a &amp; b"> <b title="粗">字</b>\n';
    const reply = await save({ content });
    expect((reply.result as Article).content).toBe(content);
  });

  it("stores titles and summaries as plain text, markup included, and refuses control characters", async () => {
    const title = '<img src=x onerror=alert(1)> 标题 & "引号"';
    const summary = "第一行 <b>粗</b>\n\t第二行";
    const saved = await save({ title, summary });
    expect(saved, saved.msg).toMatchObject({ statusCode: 200, code: 0 });
    expect(saved.result).toMatchObject({ title, summary });

    for (const [field, value] of [
      ["title", "标\u0007题"],
      ["title", "标\u001b[31m题"],
      ["title", "标\u0085题"],
      ["summary", "摘\u0000要"],
      ["summary", "摘\u0008要"],
      ["summary", "摘\u202e要"],
    ] as const) {
      const refused = await save({ [field]: value });
      expect(refused, `${field} ${JSON.stringify(value)}`).toMatchObject({ statusCode: 400, code: 400 });
      expect(refused.msg).toContain(`body.${field}`);
      expect(refused.msg).toMatch(/must not contain control/);
    }
  });

  it("says in the OpenAPI document that titles and summaries are plain text", async () => {
    const doc = (await a.c.h.app.inject({ method: "GET", url: "/v1/docs/json" })).json() as {
      paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: Schema }> } }>>;
    };
    type Schema = { properties: Record<string, { description?: string }> };
    for (const [path, method] of [
      ["/v1/admin/article/add", "post"],
      ["/v1/admin/article/update/{id}", "put"],
    ] as const) {
      const schema = doc.paths[path]?.[method]?.requestBody.content["application/json"]?.schema;
      expect(schema?.properties.title?.description, path).toMatch(/^Plain text/);
      expect(schema?.properties.summary?.description, path).toMatch(/^Plain text/);
      expect(schema?.properties.content?.description, path).toMatch(/^Markdown/);
    }
  });
});
