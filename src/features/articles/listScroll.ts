/**
 * Where the news list was when the reader opened an article (spec section 2: the list keeps its
 * scroll position when the reader comes back). Kept in session storage so that it survives the
 * list being unmounted, and a reload of the article page, for the life of the tab.
 */
import type { KeyValueStorage } from "../../auth/authState.ts";

export const NEWS_LIST_SCROLL_KEY = "canon-reader.newsListScroll";
/** The list to go back to when the reader came from none. */
export const NEWS_LIST_HREF = "/article";
const LIST_ADDRESS = /^\/article(?:\?[^#]*)?$/;

/** `href` is the list's address with its query (`/article?page_no=2`); `y` the window's scroll. */
export type ListScroll = { href: string; y: number };

export function rememberListScroll(storage: KeyValueStorage, at: ListScroll): void {
  try {
    storage.setItem(NEWS_LIST_SCROLL_KEY, JSON.stringify(at));
  } catch {
    // Without session storage the list opens at its top.
  }
}

export function readListScroll(storage: KeyValueStorage): ListScroll | null {
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(NEWS_LIST_SCROLL_KEY) ?? "null");
  } catch {
    return null;
  }
  if (typeof stored !== "object" || stored === null) return null;
  const { href, y } = stored as Record<string, unknown>;
  if (typeof href !== "string" || !LIST_ADDRESS.test(href)) return null;
  if (typeof y !== "number" || !Number.isFinite(y) || y < 0) return null;
  return { href, y };
}

/** The list the reader opened the article from, else the first page. */
export const listToReturnTo = (storage: KeyValueStorage): string =>
  readListScroll(storage)?.href ?? NEWS_LIST_HREF;

/** The position to restore when the list at `href` has rendered; null when it was not left from there. */
export function scrollToRestore(storage: KeyValueStorage, href: string): number | null {
  const saved = readListScroll(storage);
  return saved?.href === href ? saved.y : null;
}
