/**
 * The worker's two IndexedDB databases:
 *   canon-offline  the offline library (contract/offline-library.ts), read only: reel texts, sutras
 *                  and the reels' apparatus (its witnesses' fragments, for search in readings);
 *   canon-search   the saved index, so a restart loads it instead of building it again:
 *     meta      `state` (format, folding hash, id counters, last sync) and `variants` (the pairs);
 *     docs      one row per indexed reel: ids, names, the text forms indexed with their stored_at;
 *     texts     the searchable text of each indexed reel per text form, and its folded text;
 *     segments  FlexSearch indexes over batches of reels, as exported (chunks of JSON).
 */
import Dexie, { type DexieOptions, type Table } from "dexie";
import {
  OFFLINE_LIBRARY_DB,
  OFFLINE_LIBRARY_SCHEMA,
  type StoredDownload,
  type StoredDownloadItem,
  type StoredReelApparatus,
  type StoredReelText,
  type StoredSutra,
} from "../../contract/offline-library.ts";
import type { TxtType } from "../../contract/tripitaka.ts";

export const SEARCH_INDEX_DB = "canon-search";

export type Library = Dexie & {
  downloads: Table<StoredDownload, string>;
  downloadItems: Table<StoredDownloadItem, [string, string]>;
  sutras: Table<StoredSutra, string>;
  reelTexts: Table<StoredReelText, [string, TxtType]>;
  apparatus: Table<StoredReelApparatus, [string, TxtType]>;
};

/** The text a row of `texts` holds: a text form's searchable chars, or the folded ones. */
export type TextKind = TxtType | "folded";

export type IndexedDoc = {
  reel_uid: string;
  id: number;
  sutra_uid: string;
  tripitaka_uid: string;
  reel_no: number;
  name_sim: string;
  name_trad: string;
  line_count: number;
  /** The volume of the reel's first page: with the sutra number it gives the catalogue order. */
  volume: number;
  /** The text forms indexed, with the stored_at of the library row each came from. */
  forms: Partial<Record<TxtType, number>>;
  chars: number;
  segment: number;
};

export type DocText = { reel_uid: string; kind: TextKind; text: string };

export type SavedSegment = { id: number; doc_ids: number[]; chars: number; chunks: [string, string][] };

export type IndexMeta =
  | {
      key: "state";
      format: number;
      folding: string;
      next_doc: number;
      next_segment: number;
      synced_at: number;
    }
  | { key: "variants"; hash: string; pairs: [string, string][] };

export type SearchStore = Dexie & {
  meta: Table<IndexMeta, string>;
  docs: Table<IndexedDoc, string>;
  texts: Table<DocText, [string, TextKind]>;
  segments: Table<SavedSegment, number>;
};

export type IdbFactory = Pick<DexieOptions, "indexedDB" | "IDBKeyRange">;

/**
 * Opens the library with its declared schema versions. Code older than the stored database (an
 * old worker against data a newer app wrote) opens it as it is, without declaring versions.
 */
export async function openLibrary(idb: IdbFactory, name = OFFLINE_LIBRARY_DB): Promise<Library> {
  const db = new Dexie(name, idb);
  const versions = Object.keys(OFFLINE_LIBRARY_SCHEMA)
    .map(Number)
    .sort((a, b) => a - b);
  for (const version of versions) db.version(version).stores({ ...OFFLINE_LIBRARY_SCHEMA[version] });
  try {
    await db.open();
    return db as Library;
  } catch (error) {
    if (!(error instanceof Error) || error.name !== Dexie.errnames.Version) throw error;
    db.close();
    const existing = new Dexie(name, idb);
    await existing.open();
    return existing as Library;
  }
}

export async function openSearchStore(idb: IdbFactory, name = SEARCH_INDEX_DB): Promise<SearchStore> {
  const db = new Dexie(name, idb);
  db.version(1).stores({
    meta: "key",
    docs: "reel_uid, id, tripitaka_uid, segment",
    texts: "[reel_uid+kind], kind",
    segments: "id",
  });
  await db.open();
  return db as SearchStore;
}
