/**
 * The page reading calls (spec section 7): a page, the book catalogue, scanned page names, pages'
 * thumbnails, a page image.
 */
import type { Book, ImgNames, Page, PageImage, PageThumbs } from "../../contract/canon.ts";
import type { ApiClient } from "./client.ts";

export type { Book, PageImage };

/** An unknown page answers 404: the page screen goes to /404 instead of toasting. */
export function fetchPage(
  api: ApiClient,
  pageUid: string,
  timezone: string,
  signal?: AbortSignal,
): Promise<Page> {
  const request = api.http.get(`page/${encodeURIComponent(pageUid)}`, { searchParams: { timezone }, signal });
  return api.getResult<Page>(request, { quietStatuses: [404] });
}

/** The books of a tripitaka with their first and last pages. */
export function fetchBooks(api: ApiClient, tripitakaUid: string, signal?: AbortSignal): Promise<Book[]> {
  return api.getResult<Book[]>(
    api.http.get(`tripitaka/${encodeURIComponent(tripitakaUid)}/catalog`, { signal }),
  );
}

/** Book uid → the uids of its pages that have a scan, in page order. */
export function fetchImageNames(
  api: ApiClient,
  bookUids: readonly string[],
  signal?: AbortSignal,
): Promise<ImgNames> {
  const request = api.http.get("get_img_names", { searchParams: { uids: bookUids.join(",") }, signal });
  return api.getResult<ImgNames>(request);
}

/** Thumbnail addresses of up to PAGE_THUMBS_MAX pages; pages without a scan are left out. */
export function fetchPageThumbs(
  api: ApiClient,
  pageUids: readonly string[],
  signal?: AbortSignal,
): Promise<PageThumbs> {
  const request = api.http.get("page_thumbs", { searchParams: { uids: pageUids.join(",") }, signal });
  return api.getResult<PageThumbs>(request);
}

/**
 * One page's scan and thumbnail addresses; pages without a scan answer 404 quietly, and so does
 * the 403 of a site whose page-image view limit the reader has reached today.
 */
export function fetchPageImage(api: ApiClient, pageUid: string, signal?: AbortSignal): Promise<PageImage> {
  const request = api.http.get(`img/${encodeURIComponent(pageUid)}`, { signal });
  return api.getResult<PageImage>(request, { quietStatuses: [403, 404] });
}
