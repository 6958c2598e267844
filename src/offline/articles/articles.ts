/**
 * The article screens' calls, kept for reading offline (keptArticles.ts) over the app's one store
 * and network state; each has the arguments and answer of its src/api/articles.ts namesake.
 */
import { type ArticleLang, introUid, type SitePage, sitePageUid } from "../../../contract/article-rules.ts";
import type { Article } from "../../../contract/articles.ts";
import * as articlesApi from "../../api/articles.ts";
import type { ApiClient } from "../../api/client.ts";
import { networkState } from "../network.ts";
import { articleStore } from "./db.ts";
import { type ArticleRequest, createKeptArticles, type KeptArticles } from "./keptArticles.ts";

let shared: KeptArticles | null = null;

async function fetchImage(path: string): Promise<Blob | null> {
  const response = await fetch(path);
  if (!response.ok) return null;
  const blob = await response.blob();
  return blob.type.startsWith("image/") ? blob : null;
}

function kept(): KeptArticles {
  shared ??= createKeptArticles({
    store: async () => articleStore(),
    network: networkState(),
    now: () => Date.now(),
    origin: window.location.origin,
    fetchImage,
  });
  return shared;
}

export function fetchArticle(api: ApiClient, uid: string, lang: ArticleLang, signal?: AbortSignal) {
  return kept().read({ uid, lang }, () => articlesApi.fetchArticle(api, uid, lang, signal));
}

/** A tripitaka's staff or donors page, kept with the tripitaka's downloads too. */
export function fetchSitePage(
  api: ApiClient,
  tripitakaUid: string,
  page: SitePage,
  lang: ArticleLang,
  signal?: AbortSignal,
): Promise<Article> {
  const uid = sitePageUid(tripitakaUid, page);
  return kept().read({ uid, lang, tripitakaUid }, () => articlesApi.fetchArticle(api, uid, lang, signal));
}

export function fetchIntroduction(
  api: ApiClient,
  tripitakaUid: string,
  lang: ArticleLang,
  signal?: AbortSignal,
) {
  return kept().read({ uid: introUid(tripitakaUid), lang, tripitakaUid }, () =>
    articlesApi.fetchIntroduction(api, tripitakaUid, lang, signal),
  );
}

/**
 * Keeps the introduction, staff and donors pages of the tripitakas with a download, in the
 * interface language (the page's `lang`, which the app sets to the locale), and lets go of those
 * of tripitakas without one.
 */
export function followDownloadedTripitakas(api: ApiClient, tripitakaUids: readonly string[]): Promise<void> {
  const lang = articlesApi.articleLang(document.documentElement.lang);
  const remote = (request: ArticleRequest): Promise<Article> =>
    request.tripitakaUid && request.uid === introUid(request.tripitakaUid)
      ? articlesApi.fetchIntroduction(api, request.tripitakaUid, request.lang)
      : articlesApi.fetchArticle(api, request.uid, request.lang);
  return kept().followDownloads(tripitakaUids, lang, remote);
}
