// @vitest-environment jsdom
/** The article renderer in a real DOM: what it keeps, what it removes, and the headings it names. */
import { describe, expect, it } from "vitest";
import { renderArticle } from "../../src/features/articles/markdown.ts";

/** The rendered HTML parsed again, as the page holds it. */
function shown(markdown: string): {
  root: HTMLElement;
  headings: ReturnType<typeof renderArticle>["headings"];
} {
  const { html, headings } = renderArticle(markdown);
  const root = document.createElement("div");
  root.innerHTML = html;
  return { root, headings };
}

describe("unsafe content", () => {
  it("removes script and style elements with their text", () => {
    const { root } = shown(
      "前文\n\n<script>alert('x')</script>\n\n<style>body { display: none }</style>\n\n后文",
    );
    expect(root.querySelector("script, style")).toBeNull();
    expect(root.textContent).not.toContain("alert");
    expect(root.textContent).not.toContain("display");
    expect(root.textContent).not.toContain("<script>");
    expect(root.textContent).toContain("前文");
    expect(root.textContent).toContain("后文");
  });

  it("removes event handler attributes but keeps the element", () => {
    const { root } = shown('<img src="/images/a.png" alt="图" onerror="alert(1)" onload="alert(2)">');
    const image = root.querySelector("img");
    expect(image?.getAttribute("src")).toBe("/images/a.png");
    expect(image?.getAttribute("alt")).toBe("图");
    expect(image?.hasAttribute("onerror")).toBe(false);
    expect(image?.hasAttribute("onload")).toBe(false);
  });

  it("takes javascript: addresses out of markdown and HTML links", () => {
    const { root } = shown(
      '[点我](javascript:alert(1)) <a href="javascript:alert(2)">再点</a> <a href="JaVaScRiPt:alert(3)">三</a>',
    );
    const links = Array.from(root.querySelectorAll("a"));
    expect(links.map((link) => link.textContent)).toEqual(["点我", "再点", "三"]);
    for (const link of links) expect(link.getAttribute("href") ?? "").not.toMatch(/javascript/i);
  });

  it("drops iframes, forms and inputs other than task boxes", () => {
    const { root } = shown(
      '<iframe src="https://example.org"></iframe>\n\n<form action="/x"><input name="p" type="password"><button>送出</button></form>',
    );
    expect(root.querySelector("iframe, form, button, input")).toBeNull();
  });

  it("drops style attributes and ids written in the HTML", () => {
    const { root } = shown('<div id="root" style="position:fixed">覆盖</div>');
    const block = root.querySelector("div");
    expect(block?.textContent).toBe("覆盖");
    expect(block?.hasAttribute("id")).toBe(false);
    expect(block?.hasAttribute("style")).toBe(false);
  });
});

describe("GitHub markdown", () => {
  it("renders tables", () => {
    const { root } = shown("| 藏 | 册数 |\n|:--|--:|\n| 径山藏 | 357 |\n| 大正藏 | 100 |");
    const table = root.querySelector("table");
    expect(Array.from(table?.querySelectorAll("th") ?? []).map((cell) => cell.textContent)).toEqual([
      "藏",
      "册数",
    ]);
    expect(
      Array.from(table?.querySelectorAll("tbody tr") ?? []).map((row) => row.textContent?.trim()),
    ).toEqual(["径山藏\n357", "大正藏\n100"]);
  });

  it("renders strikethrough, task boxes (disabled) and autolinks", () => {
    const { root } = shown("~~旧~~\n\n- [x] 已校\n- [ ] 待校\n\n见 https://example.org/a");
    expect(root.querySelector("del")?.textContent).toBe("旧");
    const boxes = Array.from(root.querySelectorAll<HTMLInputElement>('input[type="checkbox"]'));
    expect(boxes.map((box) => [box.checked, box.disabled])).toEqual([
      [true, true],
      [false, true],
    ]);
    expect(root.querySelector('a[href="https://example.org/a"]')).not.toBeNull();
  });

  it("keeps footnotes linked both ways without a heading of their own", () => {
    const { root, headings } = shown("## 正文\n\n经文[^1]\n\n[^1]: 注文");
    const reference = root.querySelector<HTMLAnchorElement>("a[data-footnote-ref]");
    const target = reference?.getAttribute("href")?.slice(1) ?? "";
    expect(root.querySelector(`[id="${target}"]`)?.textContent).toContain("注文");
    const back = root.querySelector("a[data-footnote-backref]")?.getAttribute("href")?.slice(1) ?? "";
    expect(root.querySelector(`[id="${back}"]`)).toBe(reference);
    expect(headings.map((heading) => heading.text)).toEqual(["正文"]);
  });

  it("keeps the inline HTML an article may use", () => {
    const { root } = shown(
      "按 <kbd>Ctrl</kbd> + <kbd>F</kbd>，见<sup>注</sup>与<mark>重点</mark>。\n\n<details><summary>更多</summary>\n\n内容\n\n</details>",
    );
    expect(Array.from(root.querySelectorAll("kbd")).map((key) => key.textContent)).toEqual(["Ctrl", "F"]);
    expect(root.querySelector("sup")?.textContent).toBe("注");
    expect(root.querySelector("mark")?.textContent).toBe("重点");
    expect(root.querySelector("details summary")?.textContent).toBe("更多");
  });
});

describe("headings", () => {
  it("gives h1–h3 GitHub's slugs as ids, unique, and lists them with their level", () => {
    const { root, headings } = shown(
      "# 径山藏简介\n\n## History of the Edition\n\n### 刊刻\n\n#### 不列入\n\n## 刊刻\n\n## History of the Edition",
    );
    expect(headings).toEqual([
      { id: "径山藏简介", text: "径山藏简介", level: 1 },
      { id: "history-of-the-edition", text: "History of the Edition", level: 2 },
      { id: "刊刻", text: "刊刻", level: 3 },
      { id: "刊刻-1", text: "刊刻", level: 2 },
      { id: "history-of-the-edition-1", text: "History of the Edition", level: 2 },
    ]);
    for (const heading of headings) {
      expect(root.querySelector(`[id="${heading.id}"]`)?.tagName).toBe(`H${heading.level}`);
    }
    expect(root.querySelector("h4")?.hasAttribute("id")).toBe(false);
  });

  it("names headings written as HTML and skips empty ones", () => {
    const { headings } = shown("<h2>Inline <em>HTML</em></h2>\n\n##\n\n## 后记");
    expect(headings.map((heading) => heading.id)).toEqual(["inline-html", "后记"]);
  });
});

describe("links", () => {
  it("opens other sites in a new tab and keeps the site's own links in place", () => {
    const { root } = shown(
      "[外站](https://example.org/x) [协议相对](//example.org/y) [文章](/article/abc) [锚点](#正文) [邮件](mailto:a@b.c)",
    );
    const byText = (text: string) =>
      Array.from(root.querySelectorAll("a")).find((link) => link.textContent === text);
    for (const text of ["外站", "协议相对"]) {
      expect(byText(text)?.getAttribute("target")).toBe("_blank");
      expect(byText(text)?.getAttribute("rel")).toBe("noopener noreferrer");
    }
    for (const text of ["文章", "锚点", "邮件"]) expect(byText(text)?.hasAttribute("target")).toBe(false);
  });

  it("does not keep a target written in the article for the site's own links", () => {
    const { root } = shown('<a href="/help" target="_top">帮助</a>');
    expect(root.querySelector("a")?.getAttribute("target") ?? null).not.toBe("_top");
  });
});
