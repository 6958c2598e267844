/**
 * The library rows a pack carries, each exactly as the item-by-item download stores it
 * (src/offline/library/fetchItems.ts) less `stored_at`: read with the very functions the routes it
 * calls answer with (GET /v1/tripitaka/all, /tripitaka/{uid}/catalog, POST /tripitaka/{uid}/sutra/list,
 * GET /sutra/{uid}/catalog, POST /v1/offline/reels and /v1/offline/pages), and encoded with those
 * routes' response schemas, so the JSON is the JSON the routes send. A reel text comes with its
 * collation apparatus as GET /v1/reel/{uid}/apparatus answers it (null for a reel without one).
 */
import type { Kysely } from "kysely";
import { z } from "zod";
import { type Apparatus, apparatusResult } from "../../contract/apparatus.ts";
import {
  bookSchema,
  pageResult,
  type SutraCatalog,
  sutraCatalogResult,
  sutraListBody,
  sutraSchema,
  tripitakaSchema,
} from "../../contract/canon.ts";
import { offlineReelsResult } from "../../contract/offline.ts";
import {
  itemKeys,
  type ReelTextRow,
  type StoredBooks,
  type StoredCatalog,
  type StoredPage,
  type StoredSutra,
  type StoredTripitaka,
  storedBytes,
  storedReelText,
} from "../../contract/offline-library.ts";
import type { TxtType } from "../../contract/tripitaka.ts";
import type { Database } from "../db/schema.ts";
import { readApparatus } from "../modules/canon/apparatus-reads.ts";
import { listBooks, listSutras, listTripitakas } from "../modules/canon/catalog-repository.ts";
import { readPages } from "../modules/canon/page-reads.ts";
import { readSutraCatalog } from "../modules/canon/reading-repository.ts";
import { readReels } from "../modules/canon/reel-reads.ts";
import type { ObjectStorage } from "../storage/storage.ts";

type Db = Kysely<Database>;
type Unstamped<T> = Omit<T, "stored_at">;

/**
 * One row of a pack with its item key and the item bytes the plan counts for it; a reel text's
 * apparatus goes beside it (contract/pack.ts `PackRowsPayload`).
 */
export type PackRowItem<T> = {
  key: string;
  itemBytes: number;
  row: Unstamped<T>;
  apparatus?: Apparatus | null;
};

/** Sutras per catalogue list call, as the download asks them. */
export const SUTRAS_PER_CALL = 100;

const books = z.array(bookSchema);
const storedReelSchema = offlineReelsResult.element;

export class PackContentError extends Error {
  override readonly name = "PackContentError";
}

export async function tripitakaRow(db: Db, uid: string): Promise<PackRowItem<StoredTripitaka>> {
  const tripitaka = (await listTripitakas(db)).find((t) => t.uid === uid);
  if (!tripitaka) throw new PackContentError(`tripitaka ${uid} is not listed`);
  return {
    key: itemKeys.tripitaka(uid),
    itemBytes: 0,
    row: { uid, tripitaka: z.encode(tripitakaSchema, tripitaka) },
  };
}

export async function booksRow(db: Db, tripitakaUid: string): Promise<PackRowItem<StoredBooks>> {
  const list = z.encode(books, await listBooks(db, tripitakaUid));
  return {
    key: itemKeys.books(tripitakaUid),
    itemBytes: 0,
    row: { tripitaka_uid: tripitakaUid, books: list },
  };
}

/** Catalogue entries of up to SUTRAS_PER_CALL sutras, in the order asked. */
export async function sutraRows(
  db: Db,
  tripitakaUid: string,
  sutraUids: readonly string[],
): Promise<PackRowItem<StoredSutra>[]> {
  const request = sutraListBody.parse({ sutra_uids: [...sutraUids], page_size: SUTRAS_PER_CALL });
  const { list } = await listSutras(db, tripitakaUid, request, []);
  return sutraUids.map((uid) => {
    const sutra = list.find((s) => s.uid === uid);
    if (!sutra) throw new PackContentError(`sutra ${uid} is not in the catalogue of ${tripitakaUid}`);
    return {
      key: itemKeys.sutra(uid),
      itemBytes: 0,
      row: { uid, tripitaka_uid: tripitakaUid, sutra: z.encode(sutraSchema, sutra) },
    };
  });
}

export async function catalogRow(db: Db, sutraUid: string): Promise<PackRowItem<StoredCatalog>> {
  const catalog = await readSutraCatalog(db, sutraUid);
  if (!catalog) throw new PackContentError(`sutra ${sutraUid} has no catalogue`);
  return {
    key: itemKeys.catalog(sutraUid),
    itemBytes: 0,
    // The tree's nodes are a lazy schema, whose encoded type zod cannot name.
    row: { sutra_uid: sutraUid, catalog: z.encode(sutraCatalogResult, catalog) as SutraCatalog },
  };
}

/** The reels' texts reel by reel, form by form; forms a reel lacks are left out, as the batch read does. */
export async function reelTextRows(
  db: Db,
  storage: ObjectStorage,
  tripitakaUid: string,
  reelUids: readonly string[],
  txtTypes: readonly TxtType[],
): Promise<PackRowItem<ReelTextRow>[]> {
  const [built, apparatus] = await Promise.all([
    readReels(db, storage, reelUids, txtTypes),
    readApparatus(db, reelUids, txtTypes),
  ]);
  const out: PackRowItem<ReelTextRow>[] = [];
  for (const uid of reelUids) {
    for (const txtType of txtTypes) {
      const found = built.get(`${uid}:${txtType}`);
      if (!found) continue;
      const row = storedReelText(z.encode(storedReelSchema, found), tripitakaUid);
      const answer = apparatus.get(`${uid}:${txtType}`);
      out.push({
        key: itemKeys.reelText(uid, txtType),
        itemBytes: row.bytes,
        row,
        apparatus: answer?.entries.length ? z.encode(apparatusResult, answer) : null,
      });
    }
  }
  return out;
}

/** The pages the batch read answers, in the order asked (pages it does not know are left out). */
export async function pageRows(
  db: Db,
  storage: ObjectStorage,
  tripitakaUid: string,
  pageUids: readonly string[],
): Promise<PackRowItem<StoredPage>[]> {
  const built = await readPages(db, storage, pageUids);
  return pageUids.flatMap((uid) => {
    const found = built.get(uid);
    if (!found) return [];
    const page = z.encode(pageResult, found);
    return [
      {
        key: itemKeys.page(uid),
        itemBytes: storedBytes(page),
        row: { uid, tripitaka_uid: tripitakaUid, book_uid: page.book_uid, page },
      },
    ];
  });
}
