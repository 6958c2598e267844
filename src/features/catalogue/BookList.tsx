/**
 * The drawer's book tab: the tripitaka's books (volumes) with their page ranges, 100 to a page.
 * A book opens at its first page in the page reader, which needs an account.
 */
import { makeStyles, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useLocation } from "@tanstack/react-router";
import { type MouseEvent, useState, useSyncExternalStore } from "react";
import type { Book } from "../../api/catalogue.ts";
import { useServices } from "../../app/shell/services.ts";
import { tr } from "../../i18n/translate.ts";
import { LazyDownloadButton } from "../../offline/library/LazyDownloadButton.tsx";
import { downloadText } from "../../offline/library/messages.ts";
import { ReadingStatus } from "../../offline/reading/ReadingStatus.tsx";
import { fetchBooks } from "../../offline/reading/reading.ts";
import { DataTable } from "../../ui/DataTable.tsx";
import { Pagination } from "../../ui/Pagination.tsx";
import { RouterLink } from "../../ui/RouterLink.tsx";
import { useLoad } from "../../ui/useLoad.ts";
import { LoginPrompt } from "../account/LoginPrompt.tsx";
import { BOOK_PAGE_SIZE, bookPageOf } from "./bookPages.ts";
import { useCatalogue } from "./CatalogueContext.tsx";
import { bookBeingRead } from "./drawerTabs.ts";
import { drawerText as d } from "./messages.ts";

const useStyles = makeStyles({
  current: { marginLeft: tokens.spacingHorizontalS, color: tokens.colorBrandForeground1 },
});

export function BookList(props: { tripitakaUid: string }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { api, auth } = useServices();
  const { close } = useCatalogue();
  const { pathname } = useLocation();
  const signedIn = useSyncExternalStore(auth.subscribe, () => auth.state().signedIn);
  const current = bookBeingRead(pathname);
  const load = useLoad(`books:${props.tripitakaUid}`, (signal) =>
    fetchBooks(api, props.tripitakaUid, signal),
  );
  const [pageNo, setPageNo] = useState<number | null>(null);
  const [askLogin, setAskLogin] = useState(false);
  const books = load.data ?? [];
  const shownPage = pageNo ?? bookPageOf(books, current);

  const columns = [
    {
      id: "volume",
      label: i18n._(d.volume),
      render: (book: Book) => (
        <>
          <RouterLink
            to="/page/$pageUid"
            params={{ pageUid: book.from }}
            data-book-link={book.uid}
            onClick={(event: MouseEvent<HTMLElement>) => {
              if (signedIn) {
                close();
                return;
              }
              event.preventDefault();
              setAskLogin(true);
            }}
          >
            {tr(i18n, d.volumeNo, { volume: book.volume })}
          </RouterLink>
          {book.uid === current && <Text className={styles.current}>{i18n._(d.currentBook)}</Text>}
        </>
      ),
    },
    { id: "range", label: i18n._(d.pageRange), render: (book: Book) => `${book.from} – ${book.to}` },
    { id: "pages", label: i18n._(d.pageCount), numeric: true, render: (book: Book) => book.page_count },
  ];

  return (
    <div data-book-list>
      {books.length > 0 && (
        <LazyDownloadButton
          tripitakaUid={props.tripitakaUid}
          scope={{ kind: "tripitaka" }}
          title={props.tripitakaUid}
          action={downloadText.downloadTripitaka}
        />
      )}
      <ReadingStatus load={load} />
      {load.data && books.length === 0 && <Text>{i18n._(d.noBooks)}</Text>}
      {books.length > 0 && (
        <>
          <DataTable
            columns={columns}
            rows={books.slice((shownPage - 1) * BOOK_PAGE_SIZE, shownPage * BOOK_PAGE_SIZE)}
            rowKey={(book) => book.uid}
            rowAttributes={(book) => ({ "data-book": book.uid })}
            ariaLabel={i18n._(d.books)}
          />
          {books.length > BOOK_PAGE_SIZE && (
            <Pagination
              pageNo={shownPage}
              pageSize={BOOK_PAGE_SIZE}
              total={books.length}
              sizes={[]}
              onChange={(next) => setPageNo(next)}
            />
          )}
        </>
      )}
      <LoginPrompt open={askLogin} onClose={() => setAskLogin(false)} />
    </div>
  );
}
