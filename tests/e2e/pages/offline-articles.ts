/** What the page keeps of the site's articles for reading offline (`canon-articles`), read as the page sees it. */
import type { Page } from "playwright-core";
import { inject } from "vitest";

export type KeptFacts = { with_download: boolean; opened_at: number | null; images: string[] };

/** The kept row of an article in a language, or null; the database is looked at, never created. */
export function keptArticle(page: Page, uid: string, lang: string): Promise<KeptFacts | null> {
  return page.evaluate(
    ([articleUid, articleLang]) =>
      new Promise<KeptFacts | null>((resolve) => {
        const request = indexedDB.open("canon-articles");
        request.onupgradeneeded = () => request.transaction?.abort();
        request.onerror = () => resolve(null);
        request.onsuccess = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains("articles")) {
            db.close();
            resolve(null);
            return;
          }
          const get = db.transaction("articles").objectStore("articles").get([articleUid, articleLang]);
          get.onsuccess = () => {
            db.close();
            const row = get.result as KeptFacts | undefined;
            resolve(
              row ? { with_download: row.with_download, opened_at: row.opened_at, images: row.images } : null,
            );
          };
          get.onerror = () => {
            db.close();
            resolve(null);
          };
        };
      }),
    [uid, lang] as const,
  );
}

/** The paths of the images kept in `canon-articles`. */
export function keptImagePaths(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const request = indexedDB.open("canon-articles");
        request.onupgradeneeded = () => request.transaction?.abort();
        request.onerror = () => resolve([]);
        request.onsuccess = () => {
          const db = request.result;
          const keys = db.transaction("images").objectStore("images").getAllKeys();
          keys.onsuccess = () => {
            db.close();
            resolve(keys.result.map(String));
          };
          keys.onerror = () => {
            db.close();
            resolve([]);
          };
        };
      }),
  );
}

/** The storage path of a scanned page's thumbnail (its scan when it has none), as the API gives it. */
export async function scanThumbPath(pageUid: string): Promise<string> {
  const base = inject("e2eBaseUrl");
  const response = await fetch(`${base}/v1/img/${pageUid}`);
  const body = (await response.json()) as { result: { url: string; thumb_url: string | null } };
  return new URL(body.result.thumb_url ?? body.result.url, base).pathname;
}
