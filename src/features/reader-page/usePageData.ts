/**
 * The data of page reading: the page itself, its tripitaka's books and the scanned pages of its
 * book, and from them the list of pages the reader moves through.
 */
import { useMemo } from "react";
import type { ImgNames, Page } from "../../../contract/canon.ts";
import { bookUidOfPage, tripitakaOf } from "../../../contract/ids.ts";
import type { Book } from "../../api/pages.ts";
import { useServices } from "../../app/shell/services.ts";
import { fetchBooks, fetchImageNames, fetchPage } from "../../offline/reading/reading.ts";
import { type Load, useLoad } from "../../ui/useLoad.ts";
import { bookPageList } from "./bookPages.ts";
import { sessionCached } from "./sessionCache.ts";
import { isBookList, isImageNames } from "./storedShapes.ts";

export type PageData = {
  page: Load<Page>;
  books: Book[];
  bookUid: string | null;
  /** The book's pages in order. */
  pages: string[];
  /** Pages of the book that have a scan (and so a thumbnail). */
  scanned: ReadonlySet<string>;
};

const NO_BOOKS: Book[] = [];

const timezone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function usePageData(pageUid: string): PageData {
  const { api } = useServices();
  const tripitakaUid = tripitakaOf(pageUid) ?? "";
  const bookUid = bookUidOfPage(pageUid);
  const page = useLoad(pageUid, (signal) => fetchPage(api, pageUid, timezone(), signal));
  const books = useLoad(`books|${tripitakaUid}`, (signal) =>
    sessionCached(window.sessionStorage, `books.${tripitakaUid}`, isBookList, () =>
      fetchBooks(api, tripitakaUid, signal),
    ),
  );
  const names = useLoad(`names|${bookUid}`, (signal) =>
    bookUid
      ? sessionCached(window.sessionStorage, `img-names.${bookUid}`, isImageNames, () =>
          fetchImageNames(api, [bookUid], signal),
        )
      : Promise.resolve<ImgNames>({}),
  );
  const bookList = books.data ?? books.latest;
  const scannedList = (names.data ?? names.latest)?.[bookUid ?? ""];
  const pages = useMemo(() => {
    const book = bookList?.find((b) => b.uid === bookUid);
    return bookPageList(book, scannedList ?? [], pageUid);
  }, [bookList, scannedList, bookUid, pageUid]);
  const scanned = useMemo(() => new Set(scannedList ?? []), [scannedList]);
  return { page, books: bookList ?? NO_BOOKS, bookUid, pages, scanned };
}
