/**
 * The screens a web app address opens on, as far as what they load first is concerned: both the
 * app's entry (src/app/routes/early.ts) and the server that serves its page (server/plugins/web.ts)
 * start a screen's code and first data from the address alone.
 */
import { isReelUid, isTripitakaUid } from "./ids.ts";

export type FirstScreen =
  | { kind: "reel"; reelUid: string }
  | { kind: "page" }
  | { kind: "search" }
  | { kind: "home" };

/**
 * The modules of the web build that each first screen loads before its first render: the app
 * proper (the entry loads it at once) and the screen. The server preloads their chunks with the
 * page (server/plugins/web-page.ts); the build marks them to be compiled as they download
 * (scripts/compile-hints.ts).
 */
export const APP_MODULE = "src/app/start.tsx";
export const SCREEN_MODULES: Record<FirstScreen["kind"], string> = {
  reel: "src/app/routes/ReelScreen.tsx",
  page: "src/features/reader-page/PageScreen.tsx",
  search: "src/features/search/SearchScreen.tsx",
  home: "src/app/routes/TripitakaScreen.tsx",
};

/**
 * The cookie that tells the server which text form the reader's reel settings read (`std_txt`…),
 * with `:own` when the reader's reel does not look as it does by default (font, sizes, spacing,
 * line breaks, punctuation): the server then puts the reel in the page but draws none of it.
 */
export const READING_TEXT_COOKIE = "reading_txt";
const OWN_LOOK = ":own";

export const readingCookieValue = (txtType: string, defaultLook: boolean): string =>
  defaultLook ? txtType : `${txtType}${OWN_LOOK}`;

export function parseReadingCookie(value: string | undefined): {
  txtType: string | null;
  defaultLook: boolean;
} {
  if (!value) return { txtType: null, defaultLook: true };
  const own = value.endsWith(OWN_LOOK);
  return { txtType: own ? value.slice(0, -OWN_LOOK.length) : value, defaultLook: !own };
}

/** An address's path segments, each decoded (left as it is where it is not valid). */
export function pathSegments(pathname: string): string[] {
  return pathname
    .split("/")
    .filter((part) => part !== "")
    .map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    });
}

export function firstScreenOf(pathname: string): FirstScreen | null {
  const [first, second, third] = pathSegments(pathname);
  if (first === "scroll" && second && isReelUid(second)) return { kind: "reel", reelUid: second };
  if (first === "page" && second) return { kind: "page" };
  if (first && isTripitakaUid(first) && second === "search" && third === undefined) return { kind: "search" };
  if (first && isTripitakaUid(first) && second === undefined) return { kind: "home" };
  return null;
}

/** The path under /v1 (with its query) of a reel in a text form, as the web app asks for it. */
export const reelPath = (reelUid: string, txtType: string): string =>
  `reel/${encodeURIComponent(reelUid)}?txt_type=${txtType}`;

/**
 * The key of a search's answer put in the page: the search's path and its request with its fields
 * in order, so that the page's request and the app's name the same search however they were built.
 */
export function searchAnswerPath(tripitakaUid: string, request: object): string {
  return `tripitaka/${encodeURIComponent(tripitakaUid)}/search#${JSON.stringify(request, Object.keys(request).sort())}`;
}

/**
 * The cookie that tells the server a reader's searches are not as by default (their own text type
 * or conversion, or downloaded texts only): it then puts no search's answer in the page.
 */
export const SEARCH_LOOK_COOKIE = "search_look";
export const OWN_SEARCH_LOOK = "own";

/** The id of the `<script type="application/json">` holding an answer the server put in the page. */
export const EARLY_ANSWER_ID = "early-answer";
/**
 * The id of the one holding `GET /v1/tripitaka/all`, in every page the server sends: the header and
 * the reel's header name the edition from the first frame instead of moving aside when it arrives.
 */
export const EARLY_TRIPITAKAS_ID = "early-tripitakas";
export const TRIPITAKAS_PATH = "tripitaka/all";

/**
 * Marks the `<template>` in which a page whose first screen the server drew holds the links to the
 * app's later files until that drawing is painted (src/app/drawnPaint.ts).
 */
export const AFTER_PAINT_ATTRIBUTE = "data-after-paint";

/**
 * The cookie naming the build whose files this browser has loaded (and so holds in its cache):
 * a page of that build then asks for them at once, since they compete with nothing for the network.
 */
export const APP_FILES_COOKIE = "app_files";

/** A build's name: its entry script's file name (`/assets/index-Bx1.js` → `index-Bx1`). */
export function buildNameOf(entryPath: string): string | null {
  return /\/assets\/(index-[\w-]+)\.js$/.exec(entryPath)?.[1] ?? null;
}
