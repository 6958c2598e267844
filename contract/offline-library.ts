/**
 * The offline library: what "download for offline" keeps in IndexedDB (database `canon-offline`).
 * The app (src/offline) writes it and its readers read it first; the search worker reads the reel
 * texts from it to build its index. Both open the database with these store definitions, so this
 * module holds plain data, types and pure functions only (no Dexie, no zod).
 */
import type { Apparatus } from "./apparatus.ts";
import { type ReadingFragment, readingFragments } from "./apparatus-witnesses.ts";
import type { Book, Page, Reel, Sutra, SutraCatalog, Tripitaka } from "./canon.ts";
import { gunzipTextNow, gzip } from "./gzip.ts";
import type { TxtType } from "./tripitaka.ts";

export { OFFLINE_LIBRARY_DB } from "./offline-library-db.ts";

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
  // The search worker reads which texts are stored, and when, from this index alone.
  2: {
    reelTexts: "[reel_uid+txt_type], reel_uid, sutra_uid, tripitaka_uid, [reel_uid+txt_type+stored_at]",
  },
  // A reel text's collation apparatus: written and removed with its reel text (same item key).
  3: {
    apparatus: "[reel_uid+txt_type], reel_uid, sutra_uid, tripitaka_uid",
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
  /** Whether the pages' reader data is kept (rows written before this field existed: true). */
  with_pages?: boolean;
  with_images: boolean;
  status: DownloadStatus;
  /** The canon version its rows were read from (rows written before this field existed: unknown). */
  canon_version?: string;
  /**
   * Set while the download is installed from a pack: which (its URL, or `file:` and the file's
   * name), its size and its manifest's sum, and its parts already written.
   */
  pack?: {
    url: string;
    manifest_sha256: string;
    bytes?: number;
    parts_done: number[];
    /** The `stored_at` of every row the install writes, kept the same when it goes on after a stop. */
    stored_at?: number;
  } | null;
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

export type DownloadItemKind =
  | "reel_text"
  | "page"
  | "blob"
  | "sutra"
  | "catalog"
  | "books"
  | "fonts"
  | "tripitaka";

/** One thing a download needs; `key` names the stored row (e.g. `reel_text:TS0262_1:std_txt`). */
export type StoredDownloadItem = {
  download_id: string;
  key: string;
  kind: DownloadItemKind;
  state: "waiting" | "done";
  bytes: number;
};

/**
 * A reel text as a pack carries it and the app works on it: the reel in one text form, without
 * `allText` (the lines' text joined, rebuilt on read).
 */
export type ReelTextRow = {
  reel_uid: string;
  txt_type: TxtType;
  sutra_uid: string;
  tripitaka_uid: string;
  reel: Omit<Reel, "allText">;
  /** Chars of text in the reel, and bytes of the reel as the API answers it (UTF-8 of its JSON). */
  chars: number;
  bytes: number;
};

/**
 * A reel text as the library keeps it: the reel as gzip'd JSON (`packed`), about a third of its
 * size, read through `reelOfRow`. Rows written by earlier versions hold the reel as is (`reel`).
 */
export type StoredReelText = Omit<ReelTextRow, "reel"> & {
  reel?: Omit<Reel, "allText">;
  packed?: Uint8Array;
  /** With `packed`: the uids of the reel's pages, so a cited page finds its reel without unpacking. */
  page_uids?: string[];
  stored_at: number;
};

/** The row a pack carries for a reel text. */
export function storedReelText(reel: Omit<Reel, "allText">, tripitakaUid: string): ReelTextRow {
  return {
    reel_uid: reel.reel_uid,
    txt_type: reel.txt_type,
    sutra_uid: reel.sutra_uid,
    tripitaka_uid: tripitakaUid,
    reel,
    chars: reel.format.chars,
    bytes: storedBytes(reel),
  };
}

/** The library row of a reel text, its reel packed, stored at `storedAt`. */
export async function packedReelText(row: ReelTextRow, storedAt: number): Promise<StoredReelText> {
  const { reel, ...rest } = row;
  const packed = await gzip(new TextEncoder().encode(JSON.stringify(reel)));
  return { ...rest, packed, page_uids: reel.pages.map((page) => page.uid), stored_at: storedAt };
}

/** The uids of a stored reel's pages, read without unpacking it. */
export function reelPageUids(row: StoredReelText): string[] {
  return row.page_uids ?? row.reel?.pages.map((page) => page.uid) ?? [];
}

/** The reel a library row keeps, in either form. */
export async function reelOfRow(row: StoredReelText): Promise<Omit<Reel, "allText">> {
  if (row.packed) return JSON.parse(gunzipTextNow(row.packed)) as Omit<Reel, "allText">;
  if (row.reel) return row.reel;
  throw new Error(`reel text row ${row.reel_uid} ${row.txt_type} holds no reel`);
}

/** A library row with its reel unpacked: what search and export read. */
export type UnpackedReelText = ReelTextRow & { stored_at: number };

export async function unpackReelText(row: StoredReelText): Promise<UnpackedReelText> {
  const { packed: _packed, page_uids: _pageUids, ...rest } = row;
  return { ...rest, reel: await reelOfRow(row) };
}

/**
 * A reel's collation apparatus in one text form, kept beside the reel text of that form (a reel
 * without apparatus has no row). The apparatus is kept as gzip'd JSON (`packed`), about an eighth
 * of its size: only the reader opening the reel reads it (`apparatusOfRow`). Rows written by
 * earlier versions hold it as is (`apparatus`). `fragments` are what search in readings looks
 * through offline: readingFragments over the reel's lines, as the server stores them.
 */
export type StoredReelApparatus = {
  reel_uid: string;
  txt_type: TxtType;
  sutra_uid: string;
  tripitaka_uid: string;
  packed?: Uint8Array;
  apparatus?: Apparatus;
  fragments: ReadingFragment[];
  bytes: number;
  stored_at: number;
};

/** The row to keep for a reel's apparatus; null when the reel has none. */
export async function storedReelApparatus(
  reel: Omit<Reel, "allText">,
  apparatus: Apparatus,
  tripitakaUid: string,
  storedAt: number,
): Promise<StoredReelApparatus | null> {
  if (apparatus.entries.length === 0) return null;
  const lines = reel.pages.flatMap((page) => page.lines.map((line) => ({ cid: line.cid, text: line.text })));
  const fragments = readingFragments(lines, apparatus.entries);
  const packed = await gzip(new TextEncoder().encode(JSON.stringify(apparatus)));
  return {
    reel_uid: reel.reel_uid,
    txt_type: reel.txt_type,
    sutra_uid: reel.sutra_uid,
    tripitaka_uid: tripitakaUid,
    packed,
    fragments,
    bytes: packed.byteLength + utf8Bytes(JSON.stringify(fragments)),
    stored_at: storedAt,
  };
}

/** The apparatus a row keeps, in either form. */
export async function apparatusOfRow(row: StoredReelApparatus): Promise<Apparatus> {
  if (row.packed) return JSON.parse(gunzipTextNow(row.packed)) as Apparatus;
  if (row.apparatus) return row.apparatus;
  throw new Error(`apparatus row ${row.reel_uid} ${row.txt_type} holds no apparatus`);
}

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

/** The id of the download of `scope` in a tripitaka (one download per scope; a new plan replaces it). */
export function downloadIdOf(tripitakaUid: string, scope: DownloadScope): string {
  switch (scope.kind) {
    case "sutra":
      return `${tripitakaUid}:sutra:${scope.sutra_uid}`;
    case "group":
      return `${tripitakaUid}:group:${scope.group_name}`;
    case "category":
      return `${tripitakaUid}:category:${scope.category}`;
    case "tripitaka":
      return `${tripitakaUid}:tripitaka`;
  }
}

/**
 * Keys of the rows a download needs (`StoredDownloadItem.key`). Rows are shared: the same key in two
 * downloads is one stored row, removed only when no download lists it any more.
 */
export const itemKeys = {
  tripitaka: (uid: string) => `tripitaka:${uid}`,
  books: (tripitakaUid: string) => `books:${tripitakaUid}`,
  sutra: (uid: string) => `sutra:${uid}`,
  catalog: (sutraUid: string) => `catalog:${sutraUid}`,
  reelText: (reelUid: string, txtType: TxtType) => `reel_text:${reelUid}:${txtType}`,
  page: (uid: string) => `page:${uid}`,
  /** A page scan or thumbnail, by the path it is served under ("/storage/..."). */
  blob: (path: string) => `blob:${path}`,
  /** A font subset in `rsDatabase`/`fonts`, by its record key there. */
  fonts: (subsetKey: string) => `fonts:${subsetKey}`,
} as const;

/** UTF-8 bytes of a string, counted without encoding it (a lone surrogate counts as U+FFFD). */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** A reel as the library keeps it: everything but `allText`, which readers rebuild from the lines. */
export function storedReel(reel: Reel): Omit<Reel, "allText"> {
  const { allText: _allText, ...rest } = reel;
  return rest;
}

/**
 * The size the plan announces and the download checks for a reel text or a page: UTF-8 bytes of
 * its JSON as the API answers it (a reel without `allText`).
 */
export const storedBytes = (value: Omit<Reel, "allText"> | Page): number => utf8Bytes(JSON.stringify(value));

/** Rebuilds a stored reel's `allText`: its lines' text joined by newlines, as the API builds it. */
export function reelAllText(reel: Omit<Reel, "allText">): string {
  return reel.pages.flatMap((page) => page.lines.map((line) => line.text)).join("\n");
}

const FILE_TYPES: Readonly<Record<string, string>> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  tif: "image/tiff",
  tiff: "image/tiff",
};

/** The content type a stored file (scan, thumbnail) is served with, from its extension. */
export function contentTypeOf(path: string): string {
  const ext = path.slice(path.lastIndexOf(".") + 1).toLowerCase();
  return FILE_TYPES[ext] ?? "application/octet-stream";
}

/** The error a failed download records besides API codes: a full disk, a bad item, a missing row. */
export const DOWNLOAD_ERRORS = ["QUOTA_EXCEEDED", "ITEM_INVALID", "MISSING_ITEMS"] as const;
