/**
 * The offline library: what "download for offline" keeps in IndexedDB (database `canon-offline`).
 * The app (src/offline) writes it and its readers read it first; the search worker reads the reel
 * texts from it to build its index. Both open the database with these store definitions, so this
 * module holds plain data and types only (no Dexie, no zod).
 */
import type { Book, Page, Reel, Sutra, SutraCatalog, Tripitaka } from "./canon.ts";
import type { TxtType } from "./tripitaka.ts";

export const OFFLINE_LIBRARY_DB = "canon-offline";

/** Dexie store definitions by schema version; a new version appends an entry, never edits one. */
export const OFFLINE_LIBRARY_SCHEMA: Readonly<Record<number, Readonly<Record<string, string>>>> = {
  1: {
    downloads: "id, tripitaka_uid, status",
    downloadItems: "[download_id+key], download_id, key",
    tripitakas: "uid",
    sutras: "uid, tripitaka_uid",
    catalogs: "sutra_uid",
    reelTexts: "[reel_uid+txt_type], reel_uid, sutra_uid, tripitaka_uid",
    pages: "uid, tripitaka_uid, book_uid",
    books: "tripitaka_uid",
    blobs: "path",
  },
};

/** What one download covers: a sutra, a custom group, a category or a whole tripitaka. */
export type DownloadScope =
  | { kind: "sutra"; sutra_uid: string }
  | { kind: "group"; group_name: string }
  | { kind: "category"; category: string }
  | { kind: "tripitaka" };

export type DownloadStatus = "planned" | "downloading" | "paused" | "verifying" | "complete" | "failed";

export type StoredDownload = {
  /** `${tripitaka_uid}:${kind}:${sutra uid | group name | category}`, or `${tripitaka_uid}:tripitaka`. */
  id: string;
  tripitaka_uid: string;
  scope: DownloadScope;
  /** What the user sees in the storage panel, e.g. the sutra's or group's name. */
  label: string;
  txt_types: TxtType[];
  with_images: boolean;
  status: DownloadStatus;
  /** Bytes the plan announced before the download started, and bytes stored so far. */
  bytes_planned: number;
  bytes_stored: number;
  items_total: number;
  items_done: number;
  /** A typed error code (contract/errors.ts) or "QUOTA_EXCEEDED" when the last attempt failed. */
  error: string | null;
  created_at: number;
  updated_at: number;
};

export type DownloadItemKind = "reel_text" | "page" | "blob" | "sutra" | "catalog" | "books" | "fonts";

/** One thing a download needs; `key` names the stored row (e.g. `reel_text:TS0262_1:std_txt`). */
export type StoredDownloadItem = {
  download_id: string;
  key: string;
  kind: DownloadItemKind;
  state: "waiting" | "done";
  bytes: number;
};

/**
 * A reel in one text form. `allText` is not stored: it is the lines' text joined, rebuilt on read,
 * which keeps a text-only download near the size of its text.
 */
export type StoredReelText = {
  reel_uid: string;
  txt_type: TxtType;
  sutra_uid: string;
  tripitaka_uid: string;
  reel: Omit<Reel, "allText">;
  /** Chars of text in the reel, and bytes this row takes (UTF-8 of its JSON). */
  chars: number;
  bytes: number;
  stored_at: number;
};

export type StoredTripitaka = { uid: string; tripitaka: Tripitaka; stored_at: number };
export type StoredSutra = { uid: string; tripitaka_uid: string; sutra: Sutra; stored_at: number };
export type StoredCatalog = { sutra_uid: string; catalog: SutraCatalog; stored_at: number };
export type StoredPage = {
  uid: string;
  tripitaka_uid: string;
  book_uid: string;
  page: Page;
  stored_at: number;
};
export type StoredBooks = { tripitaka_uid: string; books: Book[]; stored_at: number };

/** A page scan, thumbnail or other file, by the path the server serves it under. */
export type StoredBlob = { path: string; blob: Blob; bytes: number; stored_at: number };
