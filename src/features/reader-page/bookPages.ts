/**
 * The pages of a book in reading order, for the page input, the arrows and the thumbnail list.
 * The book catalogue gives a book's first and last page, its page count and the page numbers it
 * lacks between them; for books numbered `<book>_<n><side>` that is enough to list its pages.
 * Books with deeper page numbers list the pages that have a scan (`get_img_names`).
 */

export type BookEntry = { uid: string; from: string; to: string; page_count: number; excluded: string[] };

const KEY_RE = /^(\d+)([a-z]?)$/;

function keyOf(bookUid: string, pageUid: string): { n: number; side: string } | null {
  if (!pageUid.startsWith(`${bookUid}_`)) return null;
  const m = KEY_RE.exec(pageUid.slice(bookUid.length + 1));
  return m ? { n: Number(m[1]), side: m[2] as string } : null;
}

function listWithSides(book: BookEntry, sides: string[]): string[] {
  const first = keyOf(book.uid, book.from);
  const last = keyOf(book.uid, book.to);
  if (!first || !last) return [];
  const excluded = new Set(book.excluded);
  const order = (n: number, side: string) => n * 32 + sides.indexOf(side);
  const [low, high] = [order(first.n, first.side), order(last.n, last.side)];
  const pages: string[] = [];
  for (let n = first.n; n <= last.n; n++) {
    for (const side of sides) {
      const uid = `${book.uid}_${n}${side}`;
      const at = order(n, side);
      if (at >= low && at <= high && !excluded.has(uid)) pages.push(uid);
    }
  }
  return pages;
}

/** The book's pages from the catalogue, or null when they cannot be told from it. */
export function enumerateBook(book: BookEntry): string[] | null {
  const keys = [book.from, book.to, ...book.excluded].map((uid) => keyOf(book.uid, uid));
  if (keys.some((k) => k === null) || book.page_count > 100_000) return null;
  const seen = [...new Set(keys.map((k) => k?.side ?? ""))].filter((s) => s !== "").sort();
  const candidates =
    seen.length === 0
      ? [[""]]
      : [seen, [...new Set([...seen, "a", "b"])].sort(), [...new Set([...seen, "a", "b", "c"])].sort()];
  for (const sides of candidates) {
    const pages = listWithSides(book, sides);
    if (pages.length === book.page_count) return pages;
  }
  return null;
}

/**
 * The list the reader moves through: the catalogue's pages of the book, else its scanned pages,
 * else the page alone.
 */
export function bookPageList(
  book: BookEntry | undefined,
  scanned: readonly string[],
  current: string,
): string[] {
  const listed = book ? enumerateBook(book) : null;
  if (listed?.includes(current)) return listed;
  if (scanned.includes(current)) return [...scanned];
  return [current];
}

export const BOOKS_PER_PAGE = 100;

/** The 0-based page of the book tab that holds `bookUid` (pages of 100 books). */
export function bookTabPage(bookUids: readonly string[], bookUid: string | null): number {
  const at = bookUid ? bookUids.indexOf(bookUid) : -1;
  return at < 0 ? 0 : Math.floor(at / BOOKS_PER_PAGE);
}
