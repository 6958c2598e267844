/**
 * The site's articles kept on this device for reading offline (see db.ts). A screen reads an
 * article from the network while there is one and keeps what it got, in the language it asked
 * for, with its images; offline, or when the request is lost for want of a network, it gets the
 * kept copy, or NotAvailableOffline when there is none. An answer the server gave (a 404 included)
 * is never replaced by the kept copy, and a 404 forgets it.
 *
 * Bounded: the `maxOpened` articles opened last, and the introduction, staff and donors pages of
 * the tripitakas with a download here, which go with their tripitaka's last download.
 */
import { type ArticleLang, introUid, SITE_PAGES, sitePageUid } from "../../../contract/article-rules.ts";
import type { Article } from "../../../contract/articles.ts";
import type { KeptArticle } from "../../../contract/offline-articles.ts";
import { isNotFound } from "../../api/errors.ts";
import { isNetworkFailure, type NetworkState } from "../network.ts";
import { NotAvailableOffline } from "../reading/notAvailable.ts";
import type { ArticleStore } from "./db.ts";
import { keptImagePaths } from "./imagePaths.ts";

/** What a screen asks for: `tripitakaUid` for a tripitaka's introduction, staff and donors pages. */
export type ArticleRequest = { uid: string; lang: ArticleLang; tripitakaUid?: string };

export type KeptArticlesDeps = {
  store: () => Promise<ArticleStore>;
  network: NetworkState;
  now: () => number;
  /** The site's origin, which names the images that can be kept. */
  origin: string;
  /** An image by its storage path, or null when the answer is not an image. */
  fetchImage: (path: string) => Promise<Blob | null>;
  maxOpened?: number;
};

/** Articles kept because a screen opened them, beside those the downloads keep. */
export const MAX_OPENED_ARTICLES = 50;

/** A tripitaka's pages a download keeps: its introduction, staff and donors pages. */
export function tripitakaArticleRequests(tripitakaUid: string, lang: ArticleLang): ArticleRequest[] {
  const uids = [introUid(tripitakaUid), ...SITE_PAGES.map((page) => sitePageUid(tripitakaUid, page))];
  return uids.map((uid) => ({ uid, lang, tripitakaUid }));
}

export function createKeptArticles(deps: KeptArticlesDeps) {
  const { network } = deps;
  const maxOpened = deps.maxOpened ?? MAX_OPENED_ARTICLES;

  /** A read of the store; a store that cannot be opened holds nothing. */
  async function stored<T>(read: (db: ArticleStore) => Promise<T>): Promise<T | undefined> {
    try {
      return await read(await deps.store());
    } catch {
      return undefined;
    }
  }

  /** A write whose failure (a full disk, no IndexedDB) only keeps less: the answer stands. */
  async function quietly(work: (db: ArticleStore) => Promise<void>): Promise<void> {
    try {
      await work(await deps.store());
    } catch (error) {
      console.warn("article not kept for offline reading", error);
    }
  }

  async function dropUnusedImages(db: ArticleStore): Promise<void> {
    const paths = await db.images.toCollection().primaryKeys();
    const unused: string[] = [];
    for (const path of paths) {
      if ((await db.articles.where("images").equals(path).count()) === 0) unused.push(path);
    }
    await db.images.bulkDelete(unused);
  }

  /** Forgets the oldest opened articles past `maxOpened`, except as a download keeps them. */
  async function trimOpened(db: ArticleStore): Promise<void> {
    const opened = (await db.articles.toArray())
      .filter((row) => row.opened_at !== null)
      .sort((a, b) => (b.opened_at ?? 0) - (a.opened_at ?? 0));
    for (const row of opened.slice(maxOpened)) {
      if (row.with_download) await db.articles.put({ ...row, opened_at: null });
      else await db.articles.delete([row.uid, row.lang]);
    }
  }

  async function keepImages(db: ArticleStore, paths: readonly string[]): Promise<void> {
    const have = new Set(
      await db.images
        .where("path")
        .anyOf([...paths])
        .primaryKeys(),
    );
    for (const path of paths) {
      if (have.has(path)) continue;
      const blob = await deps.fetchImage(path).catch(() => null);
      if (!blob) continue;
      await db.transaction("rw", db.articles, db.images, async () => {
        // The article may have been forgotten while its image was on the way.
        if ((await db.articles.where("images").equals(path).count()) === 0) return;
        await db.images.put({ path, blob, bytes: blob.size, stored_at: deps.now() });
      });
    }
  }

  /**
   * Keeps `article` as opened by a screen (`opened`) or as a download's (not `opened`); gives the
   * paths of its images, which `keepImages` fetches.
   */
  async function keep(
    db: ArticleStore,
    request: ArticleRequest,
    article: Article,
    opened: boolean,
  ): Promise<string[]> {
    const images = keptImagePaths(article, deps.origin);
    const now = deps.now();
    await db.transaction("rw", db.articles, db.images, async () => {
      const before = await db.articles.get([request.uid, request.lang]);
      const row: KeptArticle = {
        uid: request.uid,
        lang: request.lang,
        article,
        ...(request.tripitakaUid ? { tripitaka_uid: request.tripitakaUid } : {}),
        opened_at: opened ? now : (before?.opened_at ?? null),
        with_download: !opened || (before?.with_download ?? false),
        images,
        stored_at: now,
      };
      await db.articles.put(row);
      if (opened) await trimOpened(db);
      await dropUnusedImages(db);
    });
    return images;
  }

  async function forget(db: ArticleStore, request: ArticleRequest): Promise<void> {
    await db.transaction("rw", db.articles, db.images, async () => {
      await db.articles.delete([request.uid, request.lang]);
      await dropUnusedImages(db);
    });
  }

  /** The tripitaka's pages stay only as far as a screen opened them. */
  async function release(db: ArticleStore, tripitakaUid: string): Promise<void> {
    await db.transaction("rw", db.articles, db.images, async () => {
      const rows = await db.articles.where("tripitaka_uid").equals(tripitakaUid).toArray();
      for (const row of rows) {
        if (!row.with_download) continue;
        if (row.opened_at !== null) await db.articles.put({ ...row, with_download: false });
        else await db.articles.delete([row.uid, row.lang]);
      }
      await dropUnusedImages(db);
    });
  }

  return {
    /** The article from the network, kept as it comes; the kept copy when the network cannot answer. */
    async read(request: ArticleRequest, remote: () => Promise<Article>): Promise<Article> {
      if (network.isOnline()) {
        try {
          const article = await remote();
          network.reportReachable();
          // The screen shows the article while its images are fetched.
          await quietly(async (db) => {
            const images = await keep(db, request, article, true);
            void quietly(() => keepImages(db, images));
          });
          return article;
        } catch (error) {
          if (isNotFound(error)) await quietly((db) => forget(db, request));
          if (!isNetworkFailure(error)) throw error;
          network.reportUnreachable();
        }
      }
      const kept = await stored((db) => db.articles.get([request.uid, request.lang]));
      if (!kept) throw new NotAvailableOffline({ kind: "article", uid: request.uid });
      return kept.article;
    },

    /**
     * Keeps the pages of every tripitaka in `tripitakaUids` (those with a download) in `lang`,
     * fetched once each, and lets go of those of tripitakas no longer listed. A page the server
     * does not have is skipped; without a network what is missing waits for the next call.
     */
    async followDownloads(
      tripitakaUids: readonly string[],
      lang: ArticleLang,
      remote: (request: ArticleRequest) => Promise<Article>,
    ): Promise<void> {
      const listed = new Set(tripitakaUids);
      await quietly(async (db) => {
        const kept = await db.articles.filter((row) => row.with_download).toArray();
        const gone = new Set(kept.map((row) => row.tripitaka_uid ?? "").filter((uid) => !listed.has(uid)));
        for (const tripitakaUid of gone) await release(db, tripitakaUid);
      });
      for (const tripitakaUid of listed) {
        const intro = await stored((db) => db.articles.get([introUid(tripitakaUid), lang]));
        if (intro?.with_download) continue;
        for (const request of tripitakaArticleRequests(tripitakaUid, lang)) {
          if (!network.isOnline()) return;
          try {
            const article = await remote(request);
            await quietly(async (db) => keepImages(db, await keep(db, request, article, false)));
          } catch (error) {
            if (isNetworkFailure(error)) return;
          }
        }
      }
    },
  };
}

export type KeptArticles = ReturnType<typeof createKeptArticles>;
