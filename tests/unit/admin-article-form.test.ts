import { describe, expect, it } from "vitest";
import { articleBody } from "../../contract/articles.ts";
import {
  type ArticleValues,
  checkArticle,
  checkArticleField,
  EMPTY_ARTICLE,
  formOf,
  hasChanges,
} from "../../src/features/admin/articles/articleForm.ts";
import { checkArticleImage } from "../../src/features/admin/articles/articleImage.ts";
import { articleListShape } from "../../src/features/admin/articles/articleListShape.ts";
import {
  type EditorText,
  imageMarkdown,
  insertAtCursor,
  insertCode,
  insertLink,
  toggleHeading,
  toggleLinePrefix,
  wrapSelection,
} from "../../src/features/admin/articles/markdownEditing.ts";
import { articleFormErrors as e } from "../../src/features/admin/articles/text.ts";
import {
  listRequestQuery,
  listSearchValidator,
  readListSearch,
} from "../../src/features/list-screen/listSearch.ts";

const idOf = (check: ReturnType<typeof checkArticleField>) => check?.id ?? null;

const filled: ArticleValues = {
  ...EMPTY_ARTICLE,
  title: "  径山藏简介 ",
  uid: " JS-intro ",
  summary: " 径山藏的由来。\n刻印始末。 ",
  content: "## 缘起\n\n明代万历年间……\n",
};

describe("the article form's rules", () => {
  const long = (n: number) => "字".repeat(n);
  const rows = [
    { field: "title", value: "", expected: e.titleRequired.id },
    { field: "title", value: "   ", expected: e.titleRequired.id },
    { field: "title", value: long(100), shown: "100 characters", expected: null },
    { field: "title", value: long(101), shown: "101 characters", expected: e.titleTooLong.id },
    { field: "title", value: ` ${long(100)} `, shown: "100 characters with spaces around", expected: null },
    { field: "title", value: "第一行\n第二行", expected: e.singleLineChars.id },
    { field: "title", value: "名\u202Eevil", expected: e.singleLineChars.id },
    { field: "type", value: "news", expected: null },
    { field: "type", value: "intro", expected: null },
    { field: "type", value: "", expected: e.typeRequired.id },
    { field: "type", value: "notice", expected: e.typeRequired.id },
    { field: "uid", value: "", expected: e.uidRequired.id },
    { field: "uid", value: "JS-intro", expected: null },
    { field: "uid", value: "help.en", expected: null },
    { field: "uid", value: "JS-intro.zh-TW", expected: null },
    { field: "uid", value: "help.ja", expected: e.uidInvalid.id },
    { field: "uid", value: "-starts-with-dash", expected: e.uidInvalid.id },
    { field: "uid", value: "has space", expected: e.uidInvalid.id },
    { field: "uid", value: "新闻", expected: e.uidInvalid.id },
    { field: "uid", value: "a".repeat(64), shown: "64 letters", expected: null },
    { field: "uid", value: "a".repeat(65), shown: "65 letters", expected: e.uidTooLong.id },
    { field: "summary", value: "", expected: e.summaryRequired.id },
    { field: "summary", value: "第一行\n第二行\t", expected: null },
    { field: "summary", value: long(500), shown: "500 characters", expected: null },
    { field: "summary", value: long(501), shown: "501 characters", expected: e.summaryTooLong.id },
    { field: "summary", value: "bell\u0007", expected: e.multiLineChars.id },
    { field: "content", value: "", expected: e.contentRequired.id },
    { field: "content", value: " \n\t ", expected: e.contentRequired.id },
    { field: "content", value: "# 标题", expected: null },
    { field: "content", value: long(100_000), shown: "100_000 characters", expected: null },
    { field: "content", value: long(100_001), shown: "100_001 characters", expected: e.contentTooLong.id },
  ] as const;
  const named = rows.map((row) => ({ shown: JSON.stringify(row.value), ...row }));
  it.each(named)("$field $shown → $expected", ({ field, value, expected }) => {
    expect(idOf(checkArticleField(field, value))).toBe(expected);
  });

  it("gives the limit with a too long text's message", () => {
    expect(checkArticleField("title", "字".repeat(101))?.values).toEqual({ max: 100 });
    expect(checkArticleField("summary", "字".repeat(501))?.values).toEqual({ max: 500 });
  });

  it("finds a new form's required fields empty, except its type (news by default)", () => {
    const checks = checkArticle(EMPTY_ARTICLE);
    expect(Object.fromEntries(Object.entries(checks).map(([field, check]) => [field, idOf(check)]))).toEqual({
      title: e.titleRequired.id,
      type: null,
      uid: e.uidRequired.id,
      summary: e.summaryRequired.id,
      content: e.contentRequired.id,
    });
    expect(EMPTY_ARTICLE.type).toBe("news");
    expect(EMPTY_ARTICLE.is_actived).toBe(false);
  });

  it("sends the texts trimmed and the markdown as written, which the contract accepts as it is", () => {
    const body = formOf({ ...filled, cover_url: "/storage/article/1/c.png", is_actived: true });
    expect(body).toEqual({
      title: "径山藏简介",
      type: "news",
      uid: "JS-intro",
      summary: "径山藏的由来。\n刻印始末。",
      content: "## 缘起\n\n明代万历年间……\n",
      cover_url: "/storage/article/1/c.png",
      is_actived: true,
    });
    expect(articleBody.parse(body)).toEqual(body);
    expect(Object.values(checkArticle(filled)).every((check) => check === null)).toBe(true);
  });

  it("knows when leaving would lose something typed", () => {
    expect(hasChanges(filled, filled)).toBe(false);
    expect(hasChanges({ ...filled, content: `${filled.content}再版` }, filled)).toBe(true);
    expect(hasChanges({ ...filled, is_actived: true }, filled)).toBe(true);
    expect(hasChanges({ ...filled, cover_url: "/storage/article/1/c.png" }, filled)).toBe(true);
  });
});

describe("an article's images", () => {
  it("are png, jpeg or gif of at most 5 MB", () => {
    expect(checkArticleImage({ type: "image/png", size: 5 * 1024 * 1024 })).toBeNull();
    expect(checkArticleImage({ type: "image/gif", size: 10 })).toBeNull();
    expect(checkArticleImage({ type: "image/webp", size: 10 })?.id).toBe(e.imageType.id);
    expect(checkArticleImage({ type: "image/jpeg", size: 5 * 1024 * 1024 + 1 })).toEqual({
      ...e.imageSize,
      values: { size: 5 },
    });
  });
});

/** `text` with the selection marked by `[` and `]` (the cursor alone by `|`). */
function marked(text: string): EditorText {
  if (text.includes("|")) {
    const at = text.indexOf("|");
    return { text: text.replace("|", ""), start: at, end: at };
  }
  const start = text.indexOf("[");
  const end = text.indexOf("]") - 1;
  return { text: text.replace("[", "").replace("]", ""), start, end };
}

function shown(state: EditorText): string {
  const { text, start, end } = state;
  if (start === end) return `${text.slice(0, start)}|${text.slice(start)}`;
  return `${text.slice(0, start)}[${text.slice(start, end)}]${text.slice(end)}`;
}

describe("the markdown toolbar's edits", () => {
  it("wraps the selection, or inserts the sample selected", () => {
    expect(shown(wrapSelection(marked("一[二]三"), "**", "**", "粗体"))).toBe("一**[二]**三");
    expect(shown(wrapSelection(marked("一|三"), "*", "*", "斜体"))).toBe("一*[斜体]*三");
  });

  it("makes the touched lines headings, replacing another level, and back", () => {
    expect(shown(toggleHeading(marked("前\n缘[起]\n后"), "小标题"))).toBe("前\n[## 缘起]\n后");
    expect(shown(toggleHeading(marked("# 缘|起"), "小标题"))).toBe("[## 缘起]");
    expect(shown(toggleHeading(marked("## 缘|起"), "小标题"))).toBe("[缘起]");
    expect(shown(toggleHeading(marked("正文\n|"), "小标题"))).toBe("正文\n## [小标题]");
  });

  it("marks every selected line as a list item or a quote, or unmarks them all", () => {
    expect(shown(toggleLinePrefix(marked("[甲\n乙]\n丙"), "- ", "列表项"))).toBe("[- 甲\n- 乙]\n丙");
    expect(shown(toggleLinePrefix(marked("[- 甲\n- 乙]"), "- ", "列表项"))).toBe("[甲\n乙]");
    expect(shown(toggleLinePrefix(marked("[> 甲\n乙]"), "> ", "引用"))).toBe("[> > 甲\n> 乙]");
    expect(shown(toggleLinePrefix(marked("|"), "> ", "引用文字"))).toBe("> [引用文字]");
    // A selection ending with a line break stops at that line.
    expect(shown(toggleLinePrefix(marked("[甲\n]乙"), "- ", "列表项"))).toBe("[- 甲]\n乙");
  });

  it("links the selection with its address selected to be typed", () => {
    expect(shown(insertLink(marked("见[藏经]"), "链接文字"))).toBe("见[藏经]([https://])");
    expect(shown(insertLink(marked("|"), "链接文字"))).toBe("[链接文字]([https://])");
  });

  it("makes code inline on one line and fenced across lines", () => {
    expect(shown(insertCode(marked("用 [npm]"), "代码"))).toBe("用 `[npm]`");
    expect(shown(insertCode(marked("说明：[a\nb]"), "代码"))).toBe("说明：\n```\n[a\nb]\n```\n");
  });

  it("inserts an image at the cursor, in place of any selection, the cursor after it", () => {
    const image = imageMarkdown("/storage/article/3/ab.png");
    expect(image).toBe("![](/storage/article/3/ab.png)");
    expect(shown(insertAtCursor(marked("甲|乙"), image))).toBe("甲![](/storage/article/3/ab.png)|乙");
    expect(shown(insertAtCursor(marked("甲[选中]乙"), image))).toBe("甲![](/storage/article/3/ab.png)|乙");
    expect(imageMarkdown("https://cdn.test/a b(1).png")).toBe("![](https://cdn.test/a%20b%281%29.png)");
  });
});

describe("the article list's query", () => {
  const validate = listSearchValidator(articleListShape);

  it("keeps the filters, the order and the page in the address, and drops what the list does not offer", () => {
    expect(
      validate({ title: " 径山 ", type: "news", is_actived: true, sort_by: "title", page_no: 2, uid: "" }),
    ).toEqual({ title: "径山", type: "news", is_actived: "true", sort_by: "title", page_no: 2 });
    expect(validate({ type: "notice", is_actived: "maybe", sort_by: "summary" })).toEqual({});
  });

  it("asks newest first by default, with the filters the server reads", () => {
    const search = readListSearch(articleListShape, { is_actived: "false", uid: "intro" });
    expect(listRequestQuery(search)).toEqual({
      page_no: 1,
      page_size: 10,
      uid: "intro",
      is_actived: "false",
      sort_by: "-create_time",
    });
  });
});
