/**
 * A search page as the server sends it for an address holding only a keyword
 * (server/plugins/web.ts, search-drawing.ts): the search's answer, as the search route answers the
 * app's request, and its first results drawn; nothing of it for any other search or for a reader
 * whose searches are their own.
 */
import { readFileSync, rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EARLY_ANSWER_ID, searchAnswerPath } from "../../contract/app-screens.ts";
import {
  catalogueTexts,
  FIRST_SCREEN_TEXT_IDS,
  FIRST_SCREEN_TEXTS_FILE,
} from "../../contract/first-screen-texts.ts";
import type { SearchResult } from "../../contract/search.ts";
import { keywordOnlyRequest } from "../../contract/search-options.ts";
import type { App } from "../../server/app.ts";
import { canonDatabase, type TestDatabase } from "../support/databases.ts";
import { appServingWebBuild, writeWebBuild } from "../support/web-build.ts";

const shell =
  '<!doctype html><html lang="zh-CN"><head><title data-app-title>藏经阅读</title><script type="module" crossorigin src="/assets/index-a.js"></script></head><body><div id="root"><span data-app-title>藏经阅读</span><!--first-screen--></div></body></html>';
const KEYWORD = "如是";
const address = `/TS/search?keyword=${encodeURIComponent(KEYWORD)}`;

/** The JSON the page holds under `path`, or null. */
function answerIn(html: string, path: string): unknown {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/"/g, "&quot;");
  const match = new RegExp(
    `<script type="application/json" id="${EARLY_ANSWER_ID}" data-path="${escaped}">(.*?)</script>`,
    "s",
  ).exec(html);
  return match ? JSON.parse((match[1] ?? "").replace(/\\u003c/g, "<")) : null;
}

describe("a search's page", () => {
  let database: TestDatabase;
  let app: App;
  let distDir: string;

  beforeAll(async () => {
    distDir = writeWebBuild({
      "index.html": shell,
      [FIRST_SCREEN_TEXTS_FILE]: JSON.stringify({
        en: catalogueTexts(readFileSync("locales/en/messages.po", "utf8"), FIRST_SCREEN_TEXT_IDS),
        "zh-CN": catalogueTexts(readFileSync("locales/zh-CN/messages.po", "utf8"), FIRST_SCREEN_TEXT_IDS),
      }),
    });
    database = await canonDatabase("sqlite");
    app = await appServingWebBuild(database, distDir);
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
    rmSync(distDir, { recursive: true, force: true });
  });

  it("holds the answer the app would ask for, and draws its first results in the reader's language", async () => {
    for (const locale of ["zh-CN", "en"] as const) {
      const body = keywordOnlyRequest(KEYWORD, locale);
      const asked = await app.inject({ method: "POST", url: "/v1/tripitaka/TS/search", payload: body });
      const result = (asked.json() as { result: SearchResult }).result;
      expect(result.list.length).toBeGreaterThan(0);
      const page = await app.inject({ method: "GET", url: address, headers: { cookie: `lang=${locale}` } });
      expect(page.statusCode).toBe(200);
      expect(answerIn(page.body, searchAnswerPath("TS", body))).toEqual(asked.json());
      const first = result.list[0];
      const firstSnippet = first?.txts[0];
      expect(page.body).toContain('<div class="boot-results"><article class="boot-result">');
      expect(page.body).toContain(
        `href="/scroll/${first?.reel_uid}?cid=${encodeURIComponent(firstSnippet?.cid ?? "")}"`,
      );
      expect(page.body).toContain(`<mark class="boot-`);
      expect(page.body.match(/<article class="boot-result">/g)?.length).toBe(Math.min(5, result.list.length));
      const badge = locale === "en" ? `${first?.keyword_count} hits` : `${first?.keyword_count} 处`;
      expect(page.body).toContain(`<span class="boot-badge">${badge}</span>`);
    }
  });

  it("holds the answer but draws nothing when the keyword names a sutra, which the app shows above the results", async () => {
    const naming = "般若";
    const page = await app.inject({ method: "GET", url: `/TS/search?keyword=${encodeURIComponent(naming)}` });
    expect(answerIn(page.body, searchAnswerPath("TS", keywordOnlyRequest(naming, "zh-CN")))).not.toBeNull();
    expect(page.body).not.toContain('<div class="boot-results">');
  });

  it("holds and draws nothing for another search, an empty keyword or a reader whose searches are their own", async () => {
    const withoutSearch = (html: string) =>
      !html.includes('<div class="boot-results">') && !html.includes("/search#");
    const own = await app.inject({
      method: "GET",
      url: address,
      headers: { cookie: "lang=zh-CN; search_look=own" },
    });
    expect(withoutSearch(own.body)).toBe(true);
    const exact = await app.inject({ method: "GET", url: `${address}&mode=exact` });
    expect(withoutSearch(exact.body)).toBe(true);
    const blank = await app.inject({ method: "GET", url: "/TS/search?keyword=%20" });
    expect(withoutSearch(blank.body)).toBe(true);
    const unknown = await app.inject({
      method: "GET",
      url: `/ZZ/search?keyword=${encodeURIComponent(KEYWORD)}`,
    });
    expect(unknown.statusCode).toBe(200);
    expect(withoutSearch(unknown.body)).toBe(true);
  });
});
