/**
 * The site's articles kept on this device (IndexedDB database `canon-articles`): the help,
 * introductions, staff and donors pages and news a reader opened online, and the introduction,
 * staff and donors pages of every tripitaka with a download here, each in the language it was read
 * in, with its images. The app (src/offline/articles) writes it; the service worker answers the
 * kept images from it. Plain data and types only, like offline-library.ts.
 */
import type { ArticleLang } from "./article-rules.ts";
import type { Article } from "./articles.ts";

export const OFFLINE_ARTICLES_DB = "canon-articles";
export const KEPT_IMAGES_STORE = "images";

/** Dexie store definitions by schema version; a new version appends an entry, never edits one. */
export const OFFLINE_ARTICLES_SCHEMA: Readonly<Record<number, Readonly<Record<string, string>>>> = {
  1: {
    articles: "[uid+lang], tripitaka_uid, *images",
    [KEPT_IMAGES_STORE]: "path",
  },
};

export type KeptArticle = {
  /** The uid the screen asks for (`help`, `TS-intro`, a news uid), whichever translation answered. */
  uid: string;
  lang: ArticleLang;
  article: Article;
  /** Set for a tripitaka's introduction, staff and donors pages. */
  tripitaka_uid?: string;
  /** When a screen last showed it from the network; null when only a download keeps it. */
  opened_at: number | null;
  /** Kept while its tripitaka has a download on this device. */
  with_download: boolean;
  /** The paths (under /storage/) of the images it shows, kept in `images`. */
  images: string[];
  stored_at: number;
};

/** An image of a kept article, by the path the server serves it under. */
export type KeptImage = { path: string; blob: Blob; bytes: number; stored_at: number };
