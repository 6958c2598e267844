/**
 * The catalogue drawer's tabs (spec section 2, "Catalogue drawer"): search, book, group (only for a
 * signed-in reader with groups) and catalog; which one opens first; how wide the drawer is.
 */
import { bookUidOfPage, parseReelUid } from "../../../contract/ids.ts";

export const DRAWER_TABS = ["search", "book", "group", "catalog"] as const;
export type DrawerTab = (typeof DRAWER_TABS)[number];

export const SEARCH_WIDTH = 1100;
export const NARROW_WIDTH = 500;

export function isDrawerTab(value: unknown): value is DrawerTab {
  return DRAWER_TABS.some((tab) => tab === value);
}

export function visibleTabs(signedIn: boolean, groupCount: number): DrawerTab[] {
  return DRAWER_TABS.filter((tab) => tab !== "group" || (signedIn && groupCount > 0));
}

/** Book when reading by page, else search. */
export function defaultTab(pathname: string): DrawerTab {
  return pathname.includes("/page/") ? "book" : "search";
}

/** A tab that is not shown (the last group was deleted) falls back to search. */
export function shownTab(tab: DrawerTab, visible: readonly DrawerTab[]): DrawerTab {
  return visible.includes(tab) ? tab : "search";
}

export function drawerWidth(tab: DrawerTab): number {
  return tab === "search" ? SEARCH_WIDTH : NARROW_WIDTH;
}

/** The sutra whose reel is open at `pathname` (`/scroll/JSA042_1` reads JSA042), if any. */
export function sutraBeingRead(pathname: string): string | null {
  const match = /^\/scroll\/([^/]+)$/.exec(pathname);
  return match?.[1] ? (parseReelUid(decodeURIComponent(match[1]))?.sutraUid ?? null) : null;
}

/** The book open at `/page/{page_uid}`: the page uid's first two underscore parts. */
export function bookBeingRead(pathname: string): string | null {
  const match = /^\/page\/([^/]+)$/.exec(pathname);
  return match?.[1] ? bookUidOfPage(decodeURIComponent(match[1])) : null;
}
