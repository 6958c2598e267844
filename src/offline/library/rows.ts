/**
 * Where each kind of download item is stored and how big its row is: the one place that maps an
 * item key to its table and primary key. The final check and the adoption of rows another download
 * already stored measure the rows themselves (a reel's or page's JSON, a blob's length), the same
 * measure a fresh item is verified by.
 */
import type { Table } from "dexie";
import {
  type DownloadItemKind,
  type StoredBlob,
  type StoredDownloadItem,
  type StoredPage,
  type StoredReelText,
  storedBytes,
  utf8Bytes,
} from "../../../contract/offline-library.ts";
import type { OfflineLibrary } from "./db.ts";
import { parseItemKey } from "./items.ts";

/** The library's data tables (font subsets are stored in the font cache instead). */
export type RowKind = Exclude<DownloadItemKind, "fonts">;

type RowAccess = {
  table(db: OfflineLibrary): Table;
  primaryKey(item: StoredDownloadItem): string | [string, string];
  /** Bytes the row's content takes, as the plan measured it for sized kinds. */
  bytes(row: unknown): number;
  /** Sized kinds must match the plan's size exactly. */
  sized: boolean;
};

const json = (value: unknown) => utf8Bytes(JSON.stringify(value));
const id = (item: StoredDownloadItem) => parseItemKey(item.key).id;

export const rowAccess: Record<RowKind, RowAccess> = {
  tripitaka: { table: (db) => db.tripitakas, primaryKey: id, bytes: (row) => json(row), sized: false },
  books: { table: (db) => db.books, primaryKey: id, bytes: (row) => json(row), sized: false },
  sutra: { table: (db) => db.sutras, primaryKey: id, bytes: (row) => json(row), sized: false },
  catalog: { table: (db) => db.catalogs, primaryKey: id, bytes: (row) => json(row), sized: false },
  reel_text: {
    table: (db) => db.reelTexts,
    primaryKey: (item) => {
      const key = parseItemKey(item.key);
      return [key.id, key.txtType ?? ""];
    },
    // A packed row's size was checked against the plan's as it was written.
    bytes: (row) => {
      const text = row as StoredReelText;
      return text.reel ? storedBytes(text.reel) : text.bytes;
    },
    sized: true,
  },
  page: {
    table: (db) => db.pages,
    primaryKey: id,
    bytes: (row) => storedBytes((row as StoredPage).page),
    sized: true,
  },
  blob: {
    table: (db) => db.blobs,
    primaryKey: id,
    bytes: (row) => (row as StoredBlob).blob.size,
    sized: true,
  },
};

export const isRowKind = (kind: DownloadItemKind): kind is RowKind => kind !== "fonts";

/**
 * The stored size of each item whose row is present (and, for sized kinds, of the planned size);
 * items missing from the map are not (or not rightly) stored.
 */
export async function presentRows(
  db: OfflineLibrary,
  items: readonly StoredDownloadItem[],
): Promise<Map<string, number>> {
  const present = new Map<string, number>();
  const byKind = new Map<RowKind, StoredDownloadItem[]>();
  for (const item of items) {
    if (!isRowKind(item.kind)) continue;
    const list = byKind.get(item.kind);
    if (list) list.push(item);
    else byKind.set(item.kind, [item]);
  }
  for (const [kind, list] of byKind) {
    const access = rowAccess[kind];
    for (let i = 0; i < list.length; i += 500) {
      const part = list.slice(i, i + 500);
      const rows = await access.table(db).bulkGet(part.map((item) => access.primaryKey(item)));
      part.forEach((item, at) => {
        const row = rows[at];
        if (row === undefined) return;
        const bytes = access.bytes(row);
        if (access.sized && bytes !== item.bytes) return;
        present.set(item.key, bytes);
      });
    }
  }
  return present;
}

/**
 * The items whose row is present, by primary key alone (no row read or measured): for rows whose
 * content was verified as they were written, e.g. from a pack's checked parts.
 */
export async function presentKeys(
  db: OfflineLibrary,
  items: readonly StoredDownloadItem[],
): Promise<Set<string>> {
  const present = new Set<string>();
  for (const kind of Object.keys(rowAccess) as RowKind[]) {
    const access = rowAccess[kind];
    const list = items.filter((item) => item.kind === kind);
    for (let i = 0; i < list.length; i += 500) {
      const part = list.slice(i, i + 500);
      const keys = part.map((item) => access.primaryKey(item));
      const found = new Set(
        (await access.table(db).where(":id").anyOf(keys).primaryKeys()).map((key) => JSON.stringify(key)),
      );
      for (const [at, item] of part.entries()) if (found.has(JSON.stringify(keys[at]))) present.add(item.key);
    }
  }
  return present;
}
