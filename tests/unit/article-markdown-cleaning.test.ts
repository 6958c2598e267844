/**
 * The cleaning of an article's markdown before it is stored: unsafe HTML, event handlers and
 * unsafe addresses go, in raw HTML and in markdown links, images, autolinks and definitions;
 * everything else (headings, lists, quotes, tables, code, allowed inline HTML) stays byte for byte.
 */
import { describe, expect, it } from "vitest";
import { cleanHtmlPiece, schemeOf } from "../../server/modules/articles/html-cleaning.ts";
import { cleanArticleMarkdown } from "../../server/modules/articles/markdown-cleaning.ts";

/** Markers that must not survive cleaning anywhere outside code. */
const UNSAFE = /<script|<style|<iframe|<object|<embed|<form|\bon[a-z]+\s*=|javascript:|vbscript:|data:/i;

describe("cleaning an article's markdown", () => {
  it.each([
    ["a heading and a paragraph", "# 标题\n\n正文第一段。\n"],
    ["nested lists", "- 一\n  - 一之一\n  - 一之二\n- 二\n\n1. 甲\n2. 乙\n"],
    ["a blockquote with its > kept", "> 如是我闻\n> 一时佛在舍卫国\n>\n> > 引文中的引文\n"],
    ["a table", "| 经名 | 卷数 |\n|---|---:|\n| 金刚经 | 1 |\n| 法华经 | 7 |\n"],
    ["a code span showing a script tag", "写 `<script>alert(1)</script>` 会被当作文字。\n"],
    [
      "fenced code with HTML and a javascript: address",
      '```html\n<script>alert(1)</script>\n<a href="javascript:x" onclick="y">z</a>\n```\n',
    ],
    ["indented code", "    <iframe src=x></iframe>\n"],
    [
      "allowed inline HTML",
      'a <b>bold</b> b<br>c<sup>1</sup> <img src="https://example.org/a.png" alt="">\n',
    ],
    ["a safe HTML link", '<a href="https://example.org/x?a=1&amp;b=2" title="t">link</a>\n'],
    ["details and summary", "<details><summary>展开</summary>\n\n隐藏的**内容**\n\n</details>\n"],
    ["a plain comment", "<!-- 注释 -->\n\n正文\n"],
    [
      "safe markdown links and images",
      "[站内](/JS) [锚点](#章节) [外部](https://example.org) ![图](https://x.org/a.png)\n",
    ],
    ["a mail link and an autolink", "<mailto:a@example.org> <https://example.org> www.example.org\n"],
    ["a safe link definition", '[参考][r]\n\n[r]: https://example.org "title"\n'],
    ["entities and escapes", "a &amp; b &lt;c&gt; \\<script\\> \\[x\\](javascript:y)\n"],
  ])("keeps %s byte for byte", (_name, markdown) => {
    expect(cleanArticleMarkdown(markdown)).toBe(markdown);
  });

  it.each([
    ["a script block", "前\n\n<script>alert(1)</script>\n\n后\n", "前\n\n\n\n后\n"],
    ["an inline script", "前 <script>alert(1)</script> 后\n", "前 alert(1) 后\n"],
    ["a style block", "<style>body{display:none}</style>\n\n正文\n", "\n\n正文\n"],
    ["an iframe", '<iframe src="https://evil.example"></iframe>\n', "\n"],
    ["object and embed", '<object data="x.swf"></object><embed src="x.swf">\n', "\n"],
    ["a form", '<form action="https://evil.example"><input name="p"><button>Go</button></form>\n', "Go\n"],
    [
      "an event handler on an image",
      '<img src="https://x.org/a.png" onerror="alert(1)">\n',
      '<img src="https://x.org/a.png" />\n',
    ],
    ["an event handler on a lone opening tag", 'a <b onclick="alert(1)">b</b> c\n', "a <b>b</b> c\n"],
    ["a javascript: HTML link", '<a href="javascript:alert(1)">x</a>\n', "<a>x</a>\n"],
    ["an encoded javascript: HTML link", '<a href="jav&#x09;ascript:alert(1)">x</a>\n', "<a>x</a>\n"],
    ["a data: image in HTML", '<img src="data:image/png;base64,AAAA" alt="a">\n', '<img alt="a" />\n'],
    ["a javascript: markdown link", "看[这里](javascript:alert(1))。\n", "看这里。\n"],
    ["a link with markup in its text", "[**粗** 体](vbscript:msgbox)\n", "**粗** 体\n"],
    ["an entity-encoded javascript: link", "[x](jav&#x61;script:alert(1))\n", "x\n"],
    ["a data: markdown image", "![图](data:image/svg+xml;base64,PHN2Zz4=)\n", "图\n"],
    ["a javascript: autolink", "<javascript:alert(1)>\n", "javascript:alert(1)\n"],
    ["an unsafe link definition", "[参考][r]\n\n[r]: javascript:alert(1)\n", "[参考][r]\n\n\n"],
    ["a broken comment opening a script", "<!--><script>alert(1)</script>-->\n", "\n"],
    ["a processing instruction", "<?php echo 1; ?>\n", "\n"],
    ["an unknown element keeping its text", "<marquee>走马灯</marquee>\n", "走马灯\n"],
  ])("takes out %s", (_name, markdown, cleaned) => {
    expect(cleanArticleMarkdown(markdown)).toBe(cleaned);
  });

  it("cleans HTML inside a blockquote and a list item without losing the container", () => {
    const quoted = "> <div>\n> <script>x()</script>\n> </div>\n\n后\n";
    expect(cleanArticleMarkdown(quoted)).toBe("> <div>\n> \n> </div>\n\n后\n");
    const listed = '- 项 <img src="https://x.org/a.png"\n  onerror="x()">\n- 二\n';
    expect(cleanArticleMarkdown(listed)).toBe('- 项 <img src="https://x.org/a.png" />\n- 二\n');
  });

  it("cleans what a replacement brings together, until nothing unsafe is left", () => {
    const nested = "![<img src=x onerror=alert(1)>](javascript:x) [<script>y</script>](data:text/html,z)\n";
    const cleaned = cleanArticleMarkdown(nested);
    expect(cleaned).not.toMatch(UNSAFE);
    expect(cleanArticleMarkdown(cleaned)).toBe(cleaned);
  });

  it("leaves a document mixing safe and unsafe parts with only the safe parts", () => {
    const article = [
      "# 公告",
      "",
      "> 引文 <b>加粗</b>",
      "",
      "| a | b |",
      "|---|---|",
      '| <span onmouseover="x()">格</span> | [链](javascript:void(0)) |',
      "",
      "```js",
      "document.write('<script>')",
      "```",
      "",
      '<p style="color:red" onclick="x()">段落</p>',
      "",
    ].join("\n");
    const cleaned = cleanArticleMarkdown(article);
    const outsideCode = cleaned.replace(/```[\s\S]*?```/g, "");
    expect(outsideCode).not.toMatch(UNSAFE);
    expect(cleaned).toContain("> 引文 <b>加粗</b>");
    expect(cleaned).toContain("| <span>格</span> | 链 |");
    expect(cleaned).toContain("document.write('<script>')");
    expect(cleaned).toContain("<p>段落</p>");
  });
});

describe("one piece of raw HTML", () => {
  it.each([
    ["<b>", "<b>"],
    ["</b>", "</b>"],
    ["</script>", ""],
    ['<a href="https://example.org">', '<a href="https://example.org">'],
    ['<a href="javascript:x()">', "<a>"],
    ["<script>", ""],
    ['<div onclick="x()">', "<div>"],
    ["<br>", "<br>"],
    ["<hr/>", "<hr/>"],
    ["<!DOCTYPE html>", ""],
    ["<![CDATA[x]]>", ""],
  ])("%s becomes %s", (piece, cleaned) => {
    expect(cleanHtmlPiece(piece)).toBe(cleaned);
  });

  it.each([
    ["javascript:alert(1)", "javascript"],
    [" JaVa\tScRiPt:alert(1)", "javascript"],
    ["\u0001vbscript:x", "vbscript"],
    ["data:text/html,x", "data"],
    ["https://example.org/a:b", "https"],
    ["/JS/search?q=a:b", null],
    ["#section", null],
    ["docs/a:b", null],
  ])("reads the scheme of %j as %j", (url, scheme) => {
    expect(schemeOf(url)).toBe(scheme);
  });
});
