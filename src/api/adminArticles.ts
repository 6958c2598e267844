/**
 * The administrators' article calls (spec section 7, "Articles"): the list, one article by uid,
 * adding and saving one, publishing and pinning, and the images an article shows (its cover and
 * the pictures in its text), uploaded under the purpose `article`.
 */
import type { Article, ArticleForm, ArticleSummary } from "../../contract/articles.ts";
import type { Paged } from "../../contract/envelope.ts";
import type { ApiClient } from "./client.ts";
import { fetchUploadPolicy, uploadObject } from "./uploads.ts";

/** Refusals the form shows itself, with the server's msg (spec section 8), instead of a toast. */
const SAVE_REFUSALS = [400, 404, 409, 422] as const;

const articlePath = (uid: string): string => encodeURIComponent(uid);

/** A page of the list; `query` is the admin list frame's request (filters, sort_by, page). */
export function fetchAdminArticles(
  api: ApiClient,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<Paged<ArticleSummary>> {
  return api.getResult<Paged<ArticleSummary>>(
    api.http.get("admin/article/list", { searchParams: query, signal }),
  );
}

/** Any article, published or not; a missing one is the screen's 404 (it goes to /404), not a toast. */
export function fetchAdminArticle(api: ApiClient, uid: string, signal?: AbortSignal): Promise<Article> {
  return api.getResult<Article>(api.http.get(`admin/article/${articlePath(uid)}`, { signal }), {
    quietStatuses: [404],
  });
}

export function addArticle(api: ApiClient, form: ArticleForm): Promise<Article> {
  return api.getResult<Article>(api.http.post("admin/article/add", { json: form }), {
    quietStatuses: SAVE_REFUSALS,
  });
}

/** Saves the whole article found under `uid` (the form may give it another uid). */
export function updateArticle(api: ApiClient, uid: string, form: ArticleForm): Promise<Article> {
  return api.getResult<Article>(api.http.put(`admin/article/update/${articlePath(uid)}`, { json: form }), {
    quietStatuses: SAVE_REFUSALS,
  });
}

/** Publishes (`true`) or withdraws the article. */
export async function setArticleActive(api: ApiClient, uid: string, isActived: boolean): Promise<void> {
  await api.getResult<unknown>(
    api.http.put(`admin/article/update_active/${articlePath(uid)}`, { json: { is_actived: isActived } }),
  );
}

/** Pins (`true`) or unpins the article. */
export async function setArticleTop(api: ApiClient, uid: string, isTop: boolean): Promise<void> {
  await api.getResult<unknown>(
    api.http.put(`admin/article/update_top/${articlePath(uid)}`, { json: { is_top: isTop } }),
  );
}

/** Uploads an image for an article under a policy of its own; answers the image's address. */
export async function uploadArticleImage(api: ApiClient, file: Blob, newName: () => string): Promise<string> {
  const policy = await fetchUploadPolicy(api, "article");
  return (await uploadObject(api, policy, file, { newName })).url;
}
