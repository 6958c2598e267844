/**
 * Stored sizes of reels and pages, kept while what they are built from is unchanged: a reel's
 * while its sutra is (the importer stamps the sutra on every re-import), a page's while the page
 * and its book's page list are. Measuring means building the JSON, which for a whole tripitaka
 * takes seconds; checking the stamps takes one indexed query per batch. The stamps are read from
 * the database on every use, so a change made through any server process is seen by all.
 */
import type { Kysely } from "kysely";
import { storedBytes } from "../../../contract/offline-library.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import type { Database } from "../../db/schema.ts";
import type { ObjectStorage } from "../../storage/storage.ts";
import { readPages } from "../canon/page-reads.ts";
import { chunks, readReels } from "../canon/reel-reads.ts";

type Db = Kysely<Database>;
type Entry<T> = { stamp: string; value: T };
export type ReelSize = { chars: number; bytes: number };

/** Reels and pages measured per batch read. */
const MEASURE_CHUNK = 50;

export type SizeCache = {
  /** Sizes keyed `${reel_uid}:${txt_type}`; unknown reels are left out. */
  reels(db: Db, reelUids: readonly string[], txtTypes: readonly TxtType[]): Promise<Map<string, ReelSize>>;
  /** Sizes by page uid; unknown pages are left out. */
  pages(db: Db, pageUids: readonly string[]): Promise<Map<string, number>>;
};

export function createSizeCache(storage: ObjectStorage): SizeCache {
  const reelEntries = new Map<string, Entry<ReelSize>>();
  const pageEntries = new Map<string, Entry<number>>();

  return {
    async reels(db, reelUids, txtTypes) {
      const out = new Map<string, ReelSize>();
      for (const part of chunks(reelUids, 500)) {
        const stamps = await db
          .selectFrom("reel")
          .innerJoin("sutra", "sutra.uid", "reel.sutra_uid")
          .select(["reel.uid", "sutra.updated_at"])
          .where("reel.uid", "in", part)
          .execute();
        const stale: string[] = [];
        for (const { uid, updated_at } of stamps) {
          const stamp = String(updated_at);
          const cached = txtTypes.map((t) => reelEntries.get(`${uid}:${t}`));
          if (cached.every((entry) => entry?.stamp === stamp)) {
            for (const [i, t] of txtTypes.entries())
              out.set(`${uid}:${t}`, (cached[i] as Entry<ReelSize>).value);
          } else stale.push(uid);
        }
        const stampOf = new Map(stamps.map((s) => [s.uid, String(s.updated_at)]));
        for (const batch of chunks(stale, MEASURE_CHUNK)) {
          const built = await readReels(db, storage, batch, txtTypes);
          for (const [key, reel] of built) {
            const value = { chars: reel.format.chars, bytes: storedBytes(reel) };
            reelEntries.set(key, { stamp: stampOf.get(reel.reel_uid) ?? "", value });
            out.set(key, value);
          }
        }
      }
      return out;
    },

    async pages(db, pageUids) {
      const out = new Map<string, number>();
      for (const part of chunks(pageUids, 500)) {
        const stamps = await db
          .selectFrom("page")
          .innerJoin("book", "book.uid", "page.book_uid")
          .select([
            "page.uid",
            "page.updated_at",
            "book.page_count",
            "book.first_page_uid",
            "book.last_page_uid",
          ])
          .where("page.uid", "in", part)
          .execute();
        const stampOf = new Map(
          stamps.map((s) => [
            s.uid,
            `${s.updated_at}|${s.page_count}|${s.first_page_uid}|${s.last_page_uid}`,
          ]),
        );
        const stale: string[] = [];
        for (const uid of part) {
          const stamp = stampOf.get(uid);
          const cached = pageEntries.get(uid);
          if (stamp !== undefined && cached?.stamp === stamp) out.set(uid, cached.value);
          else stale.push(uid);
        }
        for (const batch of chunks(stale, MEASURE_CHUNK)) {
          for (const [uid, page] of await readPages(db, storage, batch)) {
            const bytes = storedBytes(page);
            pageEntries.set(uid, { stamp: stampOf.get(uid) ?? "", value: bytes });
            out.set(uid, bytes);
          }
        }
      }
      return out;
    },
  };
}
