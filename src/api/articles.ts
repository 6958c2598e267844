/**
 * The reader's article calls (spec section 7, "Articles"): the news list, one article, and a
 * tripitaka's introduction. `lang` asks for the translation in the interface language; the server
 * answers the original (simplified Chinese) when there is none.
 */
import { ARTICLE_LANGS, type ArticleLang } from "../../contract/article-rules.ts";
import type { Article, ArticleSummary } from "../../contract/articles.ts";
import type { Paged } from "../../contract/envelope.ts";
import type { ApiClient } from "./client.ts";

/** The `lang` for an interface locale (Lingui's `zh-CN`, `zh-TW`, `en`); the original for any other. */
export const articleLang = (locale: string): ArticleLang =>
  ARTICLE_LANGS.find((lang) => lang === locale) ?? "zh-CN";

export type NewsPageRequest = { pageNo: number; pageSize: number };

/** Published news, pinned first, then newest first. */
export function fetchNewsPage(
  api: ApiClient,
  request: NewsPageRequest,
  signal?: AbortSignal,
): Promise<Paged<ArticleSummary>> {
  const searchParams = { page_no: request.pageNo, page_size: request.pageSize };
  return api.getResult<Paged<ArticleSummary>>(api.http.get("article", { searchParams, signal }));
}

/** A published article by uid; a missing one is the screen's 404 (it goes to /404), not a toast. */
export function fetchArticle(
  api: ApiClient,
  uid: string,
  lang: ArticleLang,
  signal?: AbortSignal,
): Promise<Article> {
  const request = api.http.get(`article/${encodeURIComponent(uid)}`, { searchParams: { lang }, signal });
  return api.getResult<Article>(request, { quietStatuses: [404] });
}

/** The introduction of a tripitaka (`{code}-intro`), answered like `fetchArticle`. */
export function fetchIntroduction(
  api: ApiClient,
  tripitakaUid: string,
  lang: ArticleLang,
  signal?: AbortSignal,
): Promise<Article> {
  const request = api.http.get(`intro/${encodeURIComponent(tripitakaUid)}`, {
    searchParams: { lang },
    signal,
  });
  return api.getResult<Article>(request, { quietStatuses: [404] });
}
