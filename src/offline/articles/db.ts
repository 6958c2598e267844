/**
 * `canon-articles` (contract/offline-articles.ts), opened through this one module. What lives where:
 *   articles  one row per article and language a reader opened online or a download keeps
 *   images    the images those articles show, by the path the server serves them under; the
 *             service worker answers them from here when the network cannot
 * It is apart from the offline library so that reading the help does not make every screen load
 * the library (library/presence.ts).
 */
import Dexie, { type Table } from "dexie";
import type { ArticleLang } from "../../../contract/article-rules.ts";
import {
  type KeptArticle,
  type KeptImage,
  OFFLINE_ARTICLES_DB,
  OFFLINE_ARTICLES_SCHEMA,
} from "../../../contract/offline-articles.ts";

export type ArticleStore = Dexie & {
  articles: Table<KeptArticle, [string, ArticleLang]>;
  images: Table<KeptImage, string>;
};

/** Opens the store with every schema version declared in order; tests pass their own name. */
export function openArticleStore(name: string = OFFLINE_ARTICLES_DB): ArticleStore {
  const db = new Dexie(name);
  const versions = Object.keys(OFFLINE_ARTICLES_SCHEMA)
    .map(Number)
    .sort((a, b) => a - b);
  for (const version of versions) db.version(version).stores({ ...OFFLINE_ARTICLES_SCHEMA[version] });
  return db as ArticleStore;
}

let shared: ArticleStore | null = null;

/** The app's one connection to the store. */
export function articleStore(): ArticleStore {
  shared ??= openArticleStore();
  return shared;
}
