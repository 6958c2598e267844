/**
 * Page object of searching downloaded texts: the source mark of the result list, the local search
 * switch, the hits on show, and putting reels into the offline library the way a download stores
 * them (rows of contract/offline-library.ts, from the server's `POST /v1/offline/reels` answers).
 */
import type { Page } from "playwright-core";

export type Hit = { reel: string; hits: number };

export class OfflineSearch {
  constructor(readonly page: Page) {}

  readonly source = (kind: "local" | "server") => this.page.locator(`[data-search-source="${kind}"]`);
  readonly nothingLocal = () => this.page.locator("[data-search-nothing-local]");
  readonly localSwitch = () => this.page.locator("input[data-local-search]");

  /** The reels of the result list with their hit counts, in order. */
  async hits(): Promise<Hit[]> {
    return this.page.locator('[data-results]:not([aria-busy="true"]) [data-result]').evaluateAll((items) =>
      items.map((item) => ({
        reel: item.getAttribute("data-result") ?? "",
        hits: Number(item.querySelector("[data-hits]")?.getAttribute("data-hits")),
      })),
    );
  }

  /**
   * Has the search worker open the offline library (it creates it when missing), as it does once
   * the reader turns local search on, then turns it off again.
   */
  async libraryOpened(): Promise<void> {
    await this.localSwitch().check();
    await this.page.waitForFunction(async () =>
      (await indexedDB.databases()).some((db) => db.name === "canon-offline"),
    );
    await this.localSwitch().uncheck();
  }

  /** Stores the sutras' reels in the given forms, and the sutras, in the offline library. */
  async store(tripitakaUid: string, sutraUids: string[], txtTypes: string[]): Promise<number> {
    return this.page.evaluate(
      async ({ tripitakaUid, sutraUids, txtTypes }) => {
        const result = async <T>(response: Response): Promise<T> => {
          const body = (await response.json()) as { code: number; msg: string; result: T };
          if (body.code !== 0) throw new Error(body.msg);
          return body.result;
        };
        type Sutra = { uid: string; reel_uids: [string, string][] };
        type Reel = { reel_uid: string; sutra_uid: string; txt_type: string };
        const { sutras } = await result<{ sutras: Sutra[] }>(
          await fetch(`/v1/tripitaka/${tripitakaUid}/sutra/all`),
        );
        const chosen = sutras.filter((s) => sutraUids.includes(s.uid));
        const reelUids = chosen.flatMap((s) => s.reel_uids.map(([uid]) => uid));
        const reels = await result<Reel[]>(
          await fetch("/v1/offline/reels", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ reel_uids: reelUids, txt_types: txtTypes }),
          }),
        );
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open("canon-offline");
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const now = Date.now();
        const transaction = db.transaction(["sutras", "reelTexts"], "readwrite");
        for (const sutra of chosen) {
          transaction
            .objectStore("sutras")
            .put({ uid: sutra.uid, tripitaka_uid: tripitakaUid, sutra, stored_at: now });
        }
        for (const reel of reels) {
          const bytes = new TextEncoder().encode(JSON.stringify(reel)).length;
          transaction.objectStore("reelTexts").put({
            reel_uid: reel.reel_uid,
            txt_type: reel.txt_type,
            sutra_uid: reel.sutra_uid,
            tripitaka_uid: tripitakaUid,
            reel,
            chars: 0,
            bytes,
            stored_at: now,
          });
        }
        await new Promise<void>((resolve, reject) => {
          transaction.oncomplete = () => resolve();
          transaction.onerror = () => reject(transaction.error);
        });
        db.close();
        return reels.length;
      },
      { tripitakaUid, sutraUids, txtTypes },
    );
  }
}
