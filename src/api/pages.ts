/** The page reading calls (spec section 7): a page, the book catalogue, scanned page names, a page image. */
import type { Book, ImgNames, Page, PageImage } from "../../contract/canon.ts";
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

/** One page's scan and thumbnail addresses; pages without a scan answer 404 quietly. */
export function fetchPageImage(api: ApiClient, pageUid: string, signal?: AbortSignal): Promise<PageImage> {
  const request = api.http.get(`img/${encodeURIComponent(pageUid)}`, { signal });
  return api.getResult<PageImage>(request, { quietStatuses: [404] });
}
