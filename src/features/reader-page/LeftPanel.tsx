/** The left side of page reading: the book's page thumbnails, and the book tab (one button per book). */
import { Button, makeStyles, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useEffect, useState } from "react";
import type { Book } from "../../api/pages.ts";
import { tr } from "../../i18n/translate.ts";
import { Pagination } from "../../ui/Pagination.tsx";
import { PanelTabs } from "../../ui/PanelTabs.tsx";
import { BOOKS_PER_PAGE, bookTabPage } from "./bookPages.ts";
import { pageText as t } from "./messages.ts";
import { ThumbnailList } from "./ThumbnailList.tsx";

/** The reading nav's width (spec section 9). */
export const LEFT_PANEL_WIDTH = "256px";

const useStyles = makeStyles({
  panel: {
    width: LEFT_PANEL_WIDTH,
    flexShrink: 0,
    display: "flex",
    flexDirection: "column",
    minHeight: 0,
    borderRightWidth: "1px",
    borderRightStyle: "solid",
    borderRightColor: tokens.colorNeutralStroke2,
  },
  books: { overflowY: "auto", flexGrow: 1, minHeight: 0, paddingLeft: tokens.spacingHorizontalS },
  grid: {
    display: "flex",
    flexWrap: "wrap",
    gap: tokens.spacingHorizontalXS,
    marginTop: tokens.spacingVerticalS,
  },
  book: { minWidth: "48px" },
});

type Props = {
  pages: readonly string[];
  current: string;
  scanned: ReadonlySet<string>;
  books: readonly Book[];
  bookUid: string | null;
  onOpenPage(pageUid: string): void;
};

export function LeftPanel(props: Props) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const [tab, setTab] = useState<"thumbs" | "books">("thumbs");
  return (
    <nav className={styles.panel} aria-label={i18n._(t.thumbList)} data-left-panel>
      <PanelTabs<"thumbs" | "books">
        tabs={[
          { value: "thumbs", label: i18n._(t.thumbnails), "data-tab": "thumbs" },
          { value: "books", label: i18n._(t.books), "data-tab": "books" },
        ]}
        selected={tab}
        onSelect={setTab}
      />
      {tab === "thumbs" ? (
        <ThumbnailList
          pages={props.pages}
          current={props.current}
          scanned={props.scanned}
          onOpen={props.onOpenPage}
        />
      ) : (
        <BookTab books={props.books} bookUid={props.bookUid} onOpenPage={props.onOpenPage} />
      )}
    </nav>
  );
}

function BookTab(props: {
  books: readonly Book[];
  bookUid: string | null;
  onOpenPage(pageUid: string): void;
}) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const uids = props.books.map((b) => b.uid);
  const home = bookTabPage(uids, props.bookUid);
  const [pageNo, setPageNo] = useState(home + 1);
  useEffect(() => setPageNo(home + 1), [home]);
  const shown = props.books.slice((pageNo - 1) * BOOKS_PER_PAGE, pageNo * BOOKS_PER_PAGE);
  return (
    <section className={styles.books} aria-label={i18n._(t.bookList)} data-book-tab>
      <div className={styles.grid}>
        {shown.map((book) => {
          const isCurrent = book.uid === props.bookUid;
          return (
            <Button
              key={book.uid}
              size="small"
              className={styles.book}
              appearance={isCurrent ? "primary" : "secondary"}
              aria-pressed={isCurrent}
              title={tr(i18n, t.bookButton, { volume: book.volume })}
              data-book={book.uid}
              onClick={() => props.onOpenPage(book.from)}
            >
              {book.volume}
            </Button>
          );
        })}
      </div>
      {props.books.length > BOOKS_PER_PAGE && (
        <Pagination
          pageNo={pageNo}
          pageSize={BOOKS_PER_PAGE}
          total={props.books.length}
          sizes={[]}
          onChange={(next) => setPageNo(next)}
        />
      )}
    </section>
  );
}
