/** The book tab's paging: 100 books to a page (spec section 9, "book list 100"). */
export const BOOK_PAGE_SIZE = 100;

/** The page of the list that holds `bookUid`, else the first. */
export function bookPageOf(books: readonly { uid: string }[], bookUid: string | null): number {
  const index = books.findIndex((book) => book.uid === bookUid);
  return index < 0 ? 1 : Math.floor(index / BOOK_PAGE_SIZE) + 1;
}
