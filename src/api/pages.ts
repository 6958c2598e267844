/** The page reading calls (spec section 7): a page, the book catalogue, scanned page names, a page image. */
import { z } from "zod";
import { bookSchema, imgNamesResult, type Page, pageImageResult, pageResult } from "../../contract/canon.ts";
import type { ApiClient } from "./client.ts";

export type Book = z.infer<typeof bookSchema>;
export type PageImage = z.infer<typeof pageImageResult>;

const bookList = z.array(bookSchema);

/** An unknown page answers 404: the page screen goes to /404 instead of toasting. */
export function fetchPage(
  api: ApiClient,
  pageUid: string,
  timezone: string,
  signal?: AbortSignal,
): Promise<Page> {
  const request = api.http.get(`page/${encodeURIComponent(pageUid)}`, { searchParams: { timezone }, signal });
  return api.getResult(pageResult, request, { quietStatuses: [404] });
}

/** The books of a tripitaka with their first and last pages. */
export function fetchBooks(api: ApiClient, tripitakaUid: string, signal?: AbortSignal): Promise<Book[]> {
  return api.getResult(
    bookList,
    api.http.get(`tripitaka/${encodeURIComponent(tripitakaUid)}/catalog`, { signal }),
  );
}

/** Book uid → the uids of its pages that have a scan, in page order. */
export function fetchImageNames(
  api: ApiClient,
  bookUids: readonly string[],
  signal?: AbortSignal,
): Promise<Record<string, string[]>> {
  const request = api.http.get("get_img_names", { searchParams: { uids: bookUids.join(",") }, signal });
  return api.getResult(imgNamesResult, request);
}

/** One page's scan and thumbnail addresses; pages without a scan answer 404 quietly. */
export function fetchPageImage(api: ApiClient, pageUid: string, signal?: AbortSignal): Promise<PageImage> {
  const request = api.http.get(`img/${encodeURIComponent(pageUid)}`, { signal });
  return api.getResult(pageImageResult, request, { quietStatuses: [404] });
}
