/**
 * Articles on SQLite and PostgreSQL: the administrator's add, list, read, update, publish and pin
 * (refused to everyone else), the form's validation, the cleaning of stored markdown, the cover's
 * check against the storage, and what readers see: published articles only, news pinned first,
 * a translation for their language when one is published.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Article, ArticleSummary } from "../../contract/articles.ts";
import type { Paged } from "../../contract/envelope.ts";
import { testDialects } from "../support/databases.ts";
import { type ArticleHarness, form, startArticles } from "./articles-setup.ts";

describe.each(testDialects())("articles on %s", (dialect) => {
  let a: ArticleHarness;

  beforeAll(async () => {
    a = await startArticles(dialect);
  });
  afterAll(() => a.close());

  const tick = () => {
    a.c.h.clock.now += 1000;
    return a.c.h.clock.now;
  };
  const add = async (uid: string, change: Record<string, unknown> = {}): Promise<Article> => {
    tick();
    const reply = await a.admin("POST", "/v1/admin/article/add", form(uid, change));
    expect(reply, reply.msg).toMatchObject({ statusCode: 200, code: 0 });
    return reply.result as Article;
  };
  const adminList = async (query: Record<string, string>) =>
    (await a.admin("GET", "/v1/admin/article/list", undefined, query)).result as Paged<ArticleSummary>;

  it("refuses every administrator's call to anonymous (401), a reader and a researcher (403)", async () => {
    await add("guarded");
    const calls: [string, string, unknown][] = [
      ["POST", "/v1/admin/article/add", form("guarded-new")],
      ["GET", "/v1/admin/article/list", undefined],
      ["GET", "/v1/admin/article/guarded", undefined],
      ["PUT", "/v1/admin/article/update/guarded", form("guarded")],
      ["PUT", "/v1/admin/article/update_active/guarded", { is_actived: true }],
      ["PUT", "/v1/admin/article/update_top/guarded", { is_top: true }],
    ];
    const before = await a.articleRows();
    for (const [method, url, payload] of calls) {
      const options = payload === undefined ? {} : { payload };
      const as = (token: string | null) => a.c.call(token, method as "GET", url, options);
      expect(await as(null), `${method} ${url}`).toMatchObject({ statusCode: 401, code: 401 });
      expect(await as(a.reader.token), `${method} ${url}`).toMatchObject({ statusCode: 403, code: 403 });
      expect(await as(a.researcher.token), `${method} ${url}`).toMatchObject({ statusCode: 403, code: 403 });
    }
    expect(await a.articleRows()).toEqual(before);
  });

  it("adds an article with the form's defaults and answers it whole", async () => {
    const at = tick();
    const reply = await a.admin("POST", "/v1/admin/article/add", form("first-news"));
    expect(reply).toMatchObject({ statusCode: 200, code: 0 });
    const article = reply.result as Article;
    expect(article).toEqual({
      _id: expect.any(Number),
      uid: "first-news",
      title: "标题 first-news",
      type: "news",
      is_actived: false,
      is_top: false,
      summary: "摘要 first-news",
      content: "# first-news\n\n正文。\n",
      cover_url: "",
      create_time: at,
      updated_time: at,
    });
    expect((await a.admin("GET", "/v1/admin/article/first-news")).result).toEqual(article);
    expect(await a.anyone("/v1/article/first-news")).toMatchObject({ statusCode: 404, code: 404 });
  });

  it("updates the whole article, its uid too, keeping when it was created", async () => {
    const added = await add("to-rename", { type: "intro" });
    const at = tick();
    const changed = form("renamed", {
      title: "新标题",
      summary: "新摘要",
      content: "新正文",
      type: "news",
      is_actived: true,
    });
    const reply = await a.admin("PUT", "/v1/admin/article/update/to-rename", changed);
    expect(reply).toMatchObject({ statusCode: 200, code: 0 });
    expect(reply.result).toEqual({
      ...added,
      uid: "renamed",
      title: "新标题",
      summary: "新摘要",
      content: "新正文",
      type: "news",
      is_actived: true,
      updated_time: at,
    });
    expect(await a.admin("GET", "/v1/admin/article/to-rename")).toMatchObject({ statusCode: 404 });
    expect((await a.anyone("/v1/article/renamed")).result).toMatchObject({ uid: "renamed", title: "新标题" });
  });

  it("publishes, withdraws, pins and unpins; a call that changes nothing leaves the article alone", async () => {
    await add("switches");
    let at = tick();
    const published = await a.admin("PUT", "/v1/admin/article/update_active/switches", { is_actived: true });
    expect(published.result).toMatchObject({ is_actived: true, updated_time: at });
    expect((await a.anyone("/v1/article/switches")).result).toMatchObject({ uid: "switches" });
    tick();
    const again = await a.admin("PUT", "/v1/admin/article/update_active/switches", { is_actived: true });
    expect(again.result).toMatchObject({ is_actived: true, updated_time: at });

    at = tick();
    const pinned = await a.admin("PUT", "/v1/admin/article/update_top/switches", { is_top: true });
    expect(pinned.result).toMatchObject({ is_top: true, updated_time: at });
    at = tick();
    const unpinned = await a.admin("PUT", "/v1/admin/article/update_top/switches", { is_top: false });
    expect(unpinned.result).toMatchObject({ is_top: false, updated_time: at });
    await a.admin("PUT", "/v1/admin/article/update_active/switches", { is_actived: false });
    expect(await a.anyone("/v1/article/switches")).toMatchObject({ statusCode: 404 });
    expect((await a.admin("GET", "/v1/admin/article/switches")).result).toMatchObject({ is_actived: false });
  });

  it.each([
    ["no title", { title: undefined }],
    ["a blank title", { title: "   " }],
    ["a title of 101 characters", { title: "题".repeat(101) }],
    ["a line break in the title", { title: "上\n下" }],
    ["no summary", { summary: undefined }],
    ["a summary of 501 characters", { summary: "摘".repeat(501) }],
    ["no content", { content: undefined }],
    ["a blank content", { content: " \n " }],
    ["a content of 100001 characters", { content: "文".repeat(100_001) }],
    ["a NUL in the content", { content: "正\u0000文" }],
    ["a uid with a space", { uid: "two words" }],
    ["a uid in Chinese", { uid: "新闻" }],
    ["a uid with another language suffix", { uid: "help.fr" }],
    ["a uid of 65 characters", { uid: "u".repeat(65) }],
    ["an unknown type", { type: "notice" }],
    ["a text for is_actived", { is_actived: "yes" }],
    ["a cover that is no upload", { cover_url: "https://example.org/cover.png" }],
    ["a cover outside article uploads", { cover_url: "/storage/feedback/1/cover.png" }],
    ["a cover not uploaded", { cover_url: "/storage/article/1/0123456789abcdef0123456789abcdef.png" }],
    ["a content with nothing safe", { content: "<script>alert(1)</script>" }],
  ])("refuses a form with %s (400) and stores nothing", async (_name, change) => {
    const before = await a.articleRows();
    const reply = await a.admin("POST", "/v1/admin/article/add", form("refused", change));
    expect(reply).toMatchObject({ statusCode: 400, code: 400 });
    expect(await a.articleRows()).toEqual(before);
  });

  it("takes the longest form, and a translation's uid", async () => {
    const longest = form("longest.zh-TW", {
      title: "题".repeat(100),
      summary: "摘".repeat(500),
      content: "文".repeat(100_000),
    });
    const reply = await a.admin("POST", "/v1/admin/article/add", longest);
    expect(reply).toMatchObject({ statusCode: 200, code: 0 });
    expect((reply.result as Article).content).toHaveLength(100_000);
  });

  it("refuses a uid another article has (422, saying so), and 404 for a missing article", async () => {
    await add("taken");
    await add("other");
    const before = await a.articleRows();
    const duplicate = await a.admin("POST", "/v1/admin/article/add", form("taken"));
    expect(duplicate).toMatchObject({ statusCode: 422, code: 422 });
    expect(duplicate.msg).toMatch(/taken.*already used/);
    const renamed = await a.admin("PUT", "/v1/admin/article/update/other", form("taken"));
    expect(renamed).toMatchObject({ statusCode: 422, code: 422 });
    expect(renamed.msg).toMatch(/already used/);
    expect(await a.articleRows()).toEqual(before);
    expect(await a.admin("PUT", "/v1/admin/article/update/other", form("other"))).toMatchObject({ code: 0 });

    for (const [method, url, payload] of [
      ["GET", "/v1/admin/article/missing", undefined],
      ["PUT", "/v1/admin/article/update/missing", form("missing")],
      ["PUT", "/v1/admin/article/update_active/missing", { is_actived: true }],
      ["PUT", "/v1/admin/article/update_top/missing", { is_top: true }],
    ] as const)
      expect(await a.admin(method, url, payload), url).toMatchObject({ statusCode: 404, code: 404 });
  });

  it("stores the content without script, event handlers or unsafe addresses, and keeps the rest", async () => {
    const content = [
      "## 小节",
      "",
      "> 引文 <b>粗</b>",
      "",
      '<img src="https://example.org/a.png" onerror="alert(1)"> [点此](javascript:alert(2)) <script>alert(3)</script>',
      "",
      "[定义链接][x] ![图](data:image/png;base64,AAAA)",
      "",
      "[x]: vbscript:msgbox(4)",
      "",
      "`<script>代码</script>`",
      "",
    ].join("\n");
    const added = await add("cleaned", { content, is_actived: true });
    const expected = [
      "## 小节",
      "",
      "> 引文 <b>粗</b>",
      "",
      '<img src="https://example.org/a.png" /> 点此 alert(3)',
      "",
      "[定义链接][x] 图",
      "",
      "",
      "",
      "`<script>代码</script>`",
      "",
    ].join("\n");
    expect(added.content).toBe(expected);
    expect((await a.anyone("/v1/article/cleaned")).result).toMatchObject({ content: expected });
    const updated = await a.admin(
      "PUT",
      "/v1/admin/article/update/cleaned",
      form("cleaned", { content: '<p onclick="x()">段</p>' }),
    );
    expect((updated.result as Article).content).toBe("<p>段</p>");
  });

  it("takes as cover only an image an administrator uploaded for an article", async () => {
    expect(await a.upload(a.reader.token, "article")).toMatchObject({ statusCode: 403, code: 403 });
    expect(await a.upload(a.researcher.token, "article")).toMatchObject({ statusCode: 403, code: 403 });
    const readerUpload = (await a.upload(a.reader.token, "feedback")).result as { url: string };
    const before = await a.articleRows();
    const refused = await a.admin(
      "POST",
      "/v1/admin/article/add",
      form("covered", { cover_url: readerUpload.url }),
    );
    expect(refused).toMatchObject({ statusCode: 400, code: 400 });
    expect(await a.articleRows()).toEqual(before);

    const cover = (await a.upload(a.c.admin.token, "article")).result as { key: string; url: string };
    expect(cover.key).toMatch(new RegExp(`^article/${a.c.admin.id}/`));
    const added = await add("covered", { cover_url: cover.url });
    expect(added.cover_url).toBe(cover.url);
    const removed = await a.admin(
      "PUT",
      "/v1/admin/article/update/covered",
      form("covered", { cover_url: "" }),
    );
    expect(removed.result).toMatchObject({ cover_url: "" });
  });

  it("lists every article for the administrator: filters, pinned first, the chosen order, pages", async () => {
    const titles = ["Bodhi", "anuttara", "Citta", "dharma"];
    for (const [i, title] of titles.entries())
      await add(`sort-${i}`, { title: `${title} 排序`, type: i % 2 ? "intro" : "news", is_actived: i < 2 });
    const uids = async (query: Record<string, string>) =>
      (await adminList({ uid: "sort-", ...query })).list.map((row) => row.uid);

    expect(await uids({})).toEqual(["sort-3", "sort-2", "sort-1", "sort-0"]);
    expect(await uids({ sort_by: "create_time" })).toEqual(["sort-0", "sort-1", "sort-2", "sort-3"]);
    expect(await uids({ sort_by: "title" })).toEqual(["sort-0", "sort-2", "sort-1", "sort-3"]);
    expect(await uids({ sort_by: "-title" })).toEqual(["sort-3", "sort-1", "sort-2", "sort-0"]);
    expect(await uids({ sort_by: "-uid" })).toEqual(["sort-3", "sort-2", "sort-1", "sort-0"]);
    expect(await uids({ type: "intro" })).toEqual(["sort-3", "sort-1"]);
    expect(await uids({ is_actived: "true" })).toEqual(["sort-1", "sort-0"]);
    expect(await uids({ is_actived: "false", type: "news" })).toEqual(["sort-2"]);
    expect(await uids({ title: "CITTA" })).toEqual(["sort-2"]);
    expect(await uids({ uid: "ort-1" })).toEqual(["sort-1"]);
    expect(await uids({ title: "%" })).toEqual([]);

    tick();
    await a.admin("PUT", "/v1/admin/article/update_top/sort-1", { is_top: true });
    tick();
    await a.admin("PUT", "/v1/admin/article/update_top/sort-2", { is_top: true });
    expect(await uids({ sort_by: "create_time" })).toEqual(["sort-2", "sort-1", "sort-0", "sort-3"]);
    expect(await uids({ sort_by: "-updated_time" })).toEqual(["sort-2", "sort-1", "sort-3", "sort-0"]);

    const first = await adminList({ uid: "sort-", page_size: "3" });
    const second = await adminList({ uid: "sort-", page_size: "3", page_no: "2" });
    expect(first).toMatchObject({ total: 4, page_size: 3, page_no: 1, page_count: 2 });
    expect([...first.list, ...second.list].map((row) => row.uid)).toEqual([
      "sort-2",
      "sort-1",
      "sort-3",
      "sort-0",
    ]);
    expect(first.list[0]).not.toHaveProperty("content");

    const badQueries: Record<string, string>[] = [
      { sort_by: "name" },
      { type: "notice" },
      { is_actived: "1" },
      { page_size: "101" },
    ];
    for (const query of badQueries)
      expect(await a.admin("GET", "/v1/admin/article/list", undefined, query)).toMatchObject({
        statusCode: 400,
      });
  });

  it("lists published news for readers: pinned first, the newest pin first, then the newest", async () => {
    const mine = ["old", "middle", "new", "draft", "page"].map((name) => `reader-${name}`);
    for (const uid of mine) await add(uid, { is_actived: uid !== "reader-draft" });
    await add("reader-intro", { type: "intro", is_actived: true });
    tick();
    await a.admin("PUT", "/v1/admin/article/update_top/reader-old", { is_top: true });
    tick();
    await a.admin("PUT", "/v1/admin/article/update_top/reader-middle", { is_top: true });

    const all = (await a.anyone("/v1/article", { page_size: "100" })).result as Paged<ArticleSummary>;
    expect(all.list.every((row) => row.type === "news" && row.is_actived)).toBe(true);
    const order = all.list.map((row) => row.uid).filter((uid) => uid.startsWith("reader-"));
    expect(order).toEqual(["reader-middle", "reader-old", "reader-page", "reader-new"]);
    expect(all.list.slice(0, 2).map((row) => row.uid)).toEqual(["reader-middle", "reader-old"]);
    expect(all.list[0]).not.toHaveProperty("content");

    const firstPage = (await a.anyone("/v1/article")).result as Paged<ArticleSummary>;
    expect(firstPage).toMatchObject({ page_size: 10, page_no: 1, total: all.total });
    const paged = (await a.anyone("/v1/article", { page_size: "2", page_no: "2" }))
      .result as Paged<ArticleSummary>;
    expect(paged.list.map((row) => row.uid)).toEqual(all.list.slice(2, 4).map((row) => row.uid));
    expect(await a.anyone("/v1/article/reader-draft")).toMatchObject({ statusCode: 404 });
    expect((await a.c.call(a.reader.token, "GET", "/v1/article/reader-new")).result).toMatchObject({
      uid: "reader-new",
      content: "# reader-new\n\n正文。\n",
    });
  });

  it("answers a reader the translation for their language when it is published, else the original", async () => {
    await add("notice", { is_actived: true, title: "通知" });
    await add("notice.en", { is_actived: true, title: "Notice" });
    await add("notice.zh-TW", { is_actived: false, title: "通知（繁）" });
    const titleIn = async (lang?: string) =>
      ((await a.anyone("/v1/article/notice", lang ? { lang } : undefined)).result as Article).title;
    expect(await titleIn()).toBe("通知");
    expect(await titleIn("zh-CN")).toBe("通知");
    expect(await titleIn("en")).toBe("Notice");
    expect(await titleIn("zh-TW")).toBe("通知");
    await a.admin("PUT", "/v1/admin/article/update_active/notice.zh-TW", { is_actived: true });
    expect(await titleIn("zh-TW")).toBe("通知（繁）");
    await a.admin("PUT", "/v1/admin/article/update_active/notice", { is_actived: false });
    expect(await titleIn("en")).toBe("Notice");
    expect(await a.anyone("/v1/article/notice")).toMatchObject({ statusCode: 404 });
    expect(await a.anyone("/v1/article/notice", { lang: "ja" })).toMatchObject({ statusCode: 400 });
    expect(await a.anyone("/v1/article/not%20found")).toMatchObject({ statusCode: 400 });
  });
});
