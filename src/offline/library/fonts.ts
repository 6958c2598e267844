/**
 * The font step of a download: the characters of its stored texts that need the dynamic font
 * (private-use characters, and rare ones no installed font draws), covered by the subsets the font
 * cache already keeps or by new subsets fetched in the readers' batches and kept in that same cache
 * (`rsDatabase`/`fonts`), where the readers' font loader finds them offline.
 */

import {
  batchChars,
  byCodePoint,
  DYNAMIC_FONT_NAME,
  FONT_CACHE_VERSION,
  neededChars,
  subsetKey,
} from "../../../contract/font-chars.ts";
import {
  itemKeys,
  reelOfRow,
  type StoredDownload,
  type StoredDownloadItem,
  type StoredPage,
  type StoredReelText,
} from "../../../contract/offline-library.ts";
import type { FontStore } from "../../features/fonts/fontStore.ts";
import type { OfflineLibrary } from "./db.ts";
import { parseItemKey } from "./items.ts";
import { markItems } from "./mutations.ts";
import { rowAccess } from "./rows.ts";

export type FontDeps = {
  store: FontStore;
  fetchSubset(
    tripitakaUid: string,
    fontName: string,
    chars: readonly string[],
    signal: AbortSignal,
  ): Promise<ArrayBuffer>;
  /** Whether an installed font draws the character (the readers' glyph probe). */
  installed(char: string): boolean;
};

const ROWS_PER_READ = 200;

/** The distinct characters of the download's stored reel texts and pages that need the dynamic font. */
async function charsOfDownload(
  db: OfflineLibrary,
  download: StoredDownload,
  items: readonly StoredDownloadItem[],
  installed: (char: string) => boolean,
): Promise<string[]> {
  const needed = new Set<string>();
  const add = (text: string) => {
    for (const char of neededChars(text, installed)) needed.add(char);
  };
  for (const kind of ["reel_text", "page"] as const) {
    const access = rowAccess[kind];
    const list = items.filter((item) => item.kind === kind);
    for (let i = 0; i < list.length; i += ROWS_PER_READ) {
      const part = list.slice(i, i + ROWS_PER_READ);
      const rows = await access.table(db).bulkGet(part.map((item) => access.primaryKey(item)));
      for (const row of rows) {
        if (!row) continue;
        if (kind === "reel_text") {
          for (const page of (await reelOfRow(row as StoredReelText)).pages)
            for (const line of page.lines) add(line.text);
        } else {
          for (const column of (row as StoredPage).page.columns) {
            for (const txtType of download.txt_types) add(column.text[txtType]);
          }
        }
      }
    }
  }
  return [...needed].sort(byCodePoint);
}

/**
 * Lists the font subsets the download needs: kept subsets that cover some of its characters (done
 * at once) and new batches for the rest (waiting).
 */
export async function listFontItems(
  db: OfflineLibrary,
  download: StoredDownload,
  deps: FontDeps,
  now: number,
): Promise<void> {
  const items = await db.downloadItems.where("download_id").equals(download.id).toArray();
  const chars = await charsOfDownload(db, download, items, deps.installed);
  if (chars.length === 0) return;
  const listed = new Set(items.map((item) => item.key));
  const records = await deps.store.read(DYNAMIC_FONT_NAME);
  const open = new Set(chars);
  const changes: { item: StoredDownloadItem; state: "done" | "waiting"; bytes: number }[] = [];
  for (const record of records) {
    if (![...record.chars].some((char) => open.has(char))) continue;
    for (const char of record.chars) open.delete(char);
    const key = itemKeys.fonts(record.key);
    if (listed.has(key)) continue;
    const item: StoredDownloadItem = {
      download_id: download.id,
      key,
      kind: "fonts",
      state: "done",
      bytes: 0,
    };
    changes.push({ item, state: "done", bytes: record.data.byteLength });
  }
  for (const batch of batchChars([...open].sort(byCodePoint))) {
    const key = itemKeys.fonts(subsetKey(DYNAMIC_FONT_NAME, batch));
    if (listed.has(key)) continue;
    const item: StoredDownloadItem = {
      download_id: download.id,
      key,
      kind: "fonts",
      state: "waiting",
      bytes: 0,
    };
    changes.push({ item, state: "waiting", bytes: 0 });
  }
  await markItems(db, download.id, changes, now);
}

/** The characters of a font item (its key is `fonts:{font name}:{chars}`). */
export function fontItemChars(item: StoredDownloadItem): { fontName: string; chars: string[] } {
  const id = parseItemKey(item.key).id;
  const cut = id.indexOf(":");
  return { fontName: id.slice(0, cut), chars: [...id.slice(cut + 1)] };
}

/** Fetches one waiting subset and keeps it in the font cache, then marks its item done. */
export async function fetchFontItem(
  db: OfflineLibrary,
  download: StoredDownload,
  item: StoredDownloadItem,
  deps: FontDeps,
  signal: AbortSignal,
  now: () => number,
): Promise<void> {
  const { fontName, chars } = fontItemChars(item);
  const data = await deps.fetchSubset(download.tripitaka_uid, fontName, chars, signal);
  if (data.byteLength === 0) throw new Error(`${item.key}: empty font`);
  await deps.store.save({
    key: subsetKey(fontName, chars),
    fontName,
    chars: chars.join(""),
    data,
    version: FONT_CACHE_VERSION,
  });
  await markItems(db, download.id, [{ item, state: "done", bytes: data.byteLength }], now());
}
