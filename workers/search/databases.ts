/**
 * The worker's two IndexedDB databases:
 *   canon-offline  the offline library (contract/offline-library.ts), read only: reel texts, sutras
 *                  and the reels' apparatus (its witnesses' fragments, for search in readings);
 *   canon-search   the saved index, so a restart loads it instead of building it again:
 *     meta      `state` (format, folding hash, id counters, last sync) and `variants` (the pairs);
 *     docs      one row per indexed reel: ids, names, the text forms indexed with their stored_at;
 *     texts     the searchable text of each indexed reel per text form, and its folded text;
 *     segments  one row per segment of the index: its reels, their chars, its rows' bucket count;
 *     postings  the segments' posting lists, one row per bucket of terms and segment (posting-rows.ts),
 *               keyed by the segment's bucket count, the bucket and the segment, so a term's rows
 *               in every segment of one bucket count are one key range, read for the terms a
 *               query needs.
 * Nothing but the state, the docs and the segments' rows is read at start.
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
  /** The forms whose searchable text folds to the folded text char for char (terms.ts). */
  aligned?: TxtType[];
  chars: number;
  segment: number;
};

export type DocText = { reel_uid: string; kind: TextKind; text: string };

/** A segment as a pack carries it: its reels, their chars, and its posting rows (segments.ts). */
export type SavedSegment = { id: number; doc_ids: number[]; chars: number; chunks: [string, string][] };

/**
 * A segment's row in the store: its live reels and their chars, the chars of reels dropped since it
 * was built, the number of buckets its postings rows are in (terms.ts), and by form number the
 * chars (code points, ascending) its forms' lists hold, so a query skips the rows of those it lacks.
 */
export type SegmentRow = {
  id: number;
  doc_ids: number[];
  chars: number;
  dropped: number;
  buckets: number;
  form_chars: number[][];
};

/** One bucket of a segment's terms (posting-rows.ts). */
export type PostingsRow = { buckets: number; bucket: number; segment: number; data: Uint8Array };

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
  segments: Table<SegmentRow, number>;
  postings: Table<PostingsRow, [number, number, number]>;
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
  // The index's format changed with version 2: the state row's format tells the load to clear it.
  db.version(2).stores({ postings: "[buckets+bucket+segment], segment" });
  // The texts are read from the library since version 3 (doc-texts.ts): their copies go.
  db.version(3).stores({ texts: null });
  await db.open();
  return db as SearchStore;
}
