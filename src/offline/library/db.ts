/**
 * The offline library, IndexedDB database `canon-offline` (contract/offline-library.ts), opened
 * through this one module. What lives where:
 *   downloads      one row per download (scope, text forms, images, status, progress, sizes)
 *   downloadItems  what each download needs, by row key, and whether it is stored; a row shared by
 *                  several downloads is stored once and removed with the last download listing it
 *   tripitakas, sutras, catalogs, books   catalogue data the readers and the drawer need offline
 *   reelTexts      a reel per text form, without allText (rebuilt from its lines on read), its
 *                  reel kept as gzip'd JSON (contract/offline-library.ts, `reelOfRow`)
 *   apparatus      a reel text's collation apparatus (same key), stored and removed with it
 *   pages          the page reader's data, all four text forms
 *   blobs          page scans and thumbnails by the path the server serves them under
 * Font subsets live apart, in `rsDatabase`/`fonts`, where the readers' font loader looks.
 */
import Dexie, { type DexieOptions, type Table } from "dexie";
import {
  OFFLINE_LIBRARY_DB,
  OFFLINE_LIBRARY_SCHEMA,
  type StoredBlob,
  type StoredBooks,
  type StoredCatalog,
  type StoredDownload,
  type StoredDownloadItem,
  type StoredPage,
  type StoredReelApparatus,
  type StoredReelText,
  type StoredSutra,
  type StoredTripitaka,
} from "../../../contract/offline-library.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";

export type OfflineLibrary = Dexie & {
  downloads: Table<StoredDownload, string>;
  downloadItems: Table<StoredDownloadItem, [string, string]>;
  tripitakas: Table<StoredTripitaka, string>;
  sutras: Table<StoredSutra, string>;
  catalogs: Table<StoredCatalog, string>;
  reelTexts: Table<StoredReelText, [string, TxtType]>;
  apparatus: Table<StoredReelApparatus, [string, TxtType]>;
  pages: Table<StoredPage, string>;
  books: Table<StoredBooks, string>;
  blobs: Table<StoredBlob, string>;
};

/** Opens the library with every schema version declared in order; tests pass their own name. */
export function openOfflineLibrary(options: DexieOptions & { name?: string } = {}): OfflineLibrary {
  const { name = OFFLINE_LIBRARY_DB, ...dexieOptions } = options;
  const db = new Dexie(name, dexieOptions);
  const versions = Object.keys(OFFLINE_LIBRARY_SCHEMA)
    .map(Number)
    .sort((a, b) => a - b);
  for (const version of versions) db.version(version).stores({ ...OFFLINE_LIBRARY_SCHEMA[version] });
  return db as OfflineLibrary;
}

let shared: OfflineLibrary | null = null;

/** The app's one connection to the library. */
export function offlineLibrary(): OfflineLibrary {
  shared ??= openOfflineLibrary();
  return shared;
}

/**
 * A full disk, however it arrives: the DOMException itself, Dexie's error of that name, or either
 * inside a Dexie error (`inner`) or among a bulk operation's `failures`.
 */
export function isQuotaExceeded(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 4) return false;
  const { name, inner, failures } = error as { name?: unknown; inner?: unknown; failures?: unknown };
  if (name === "QuotaExceededError") return true;
  if (inner !== undefined && inner !== error && isQuotaExceeded(inner, depth + 1)) return true;
  const list = Array.isArray(failures)
    ? failures
    : failures && typeof failures === "object"
      ? Object.values(failures)
      : [];
  return list.some((failure) => isQuotaExceeded(failure, depth + 1));
}
