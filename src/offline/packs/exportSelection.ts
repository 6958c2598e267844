/**
 * What an export of the offline library carries, worked out before a byte is written: the
 * downloads the pack will install (each with every item key it lists), the items whose rows, files
 * and font subsets go into the parts, their sizes, and the canon version of each tripitaka.
 *
 * A selection is one or more complete downloads, the whole library (its complete downloads), or a
 * custom group of one tripitaka: the rows of the group's sutras that complete downloads of that
 * tripitaka hold (catalogue, reels in every stored form, the pages their lines are on with those
 * pages' files, and the font subsets their characters need), installed as one group download.
 */

import {
  type DownloadItemKind,
  itemKeys,
  reelOfRow,
  type StoredDownload,
  type StoredDownloadItem,
} from "../../../contract/offline-library.ts";
import type { PackDownload } from "../../../contract/pack.ts";
import { type TxtType, txtTypes } from "../../../contract/tripitaka.ts";
import type { FontRecord, FontStore } from "../../features/fonts/fontStore.ts";
import type { OfflineLibrary } from "../library/db.ts";
import { fontItemChars } from "../library/fonts.ts";
import { packDownloadOf, parseItemKey, TASK_ORDER } from "../library/items.ts";

export type ExportSelection =
  | { kind: "downloads"; ids: readonly string[] }
  | { kind: "library" }
  | { kind: "group"; tripitaka_uid: string; group_name: string; sutra_uids: readonly string[] };

export type ExportItem = { key: string; kind: DownloadItemKind; bytes: number };

export type ExportPlan = {
  downloads: PackDownload[];
  /** Every item the parts carry, once each, in part order (catalogue first, files and fonts last). */
  items: ExportItem[];
  /** The font subsets of the `fonts` items, by their item key. */
  fonts: Map<string, FontRecord>;
  /** Each tripitaka's canon version, where every download it comes from says the same one. */
  canon_versions: Record<string, string>;
  /** Sum of the items' bytes as the library counts them (rows as JSON, files and fonts as stored). */
  bytes: number;
};

export class ExportError extends Error {
  override readonly name = "ExportError";
  constructor(
    readonly code: "NOTHING_TO_EXPORT" | "NOT_COMPLETE" | "MISSING_ROWS",
    message: string,
  ) {
    super(message);
  }
}

export const PART_ORDER = TASK_ORDER;

const ROWS_PER_READ = 200;

async function doneItems(db: OfflineLibrary, downloadIds: readonly string[]): Promise<StoredDownloadItem[]> {
  if (downloadIds.length === 0) return [];
  const items = await db.downloadItems
    .where("download_id")
    .anyOf([...downloadIds])
    .toArray();
  return items.filter((item) => item.state === "done");
}

/** The font subsets the items name that the font cache still holds, by item key. */
async function fontRecords(store: FontStore, items: readonly ExportItem[]): Promise<Map<string, FontRecord>> {
  const wanted = new Map<string, string>();
  for (const item of items) if (item.kind === "fonts") wanted.set(parseItemKey(item.key).id, item.key);
  const names = new Set([...wanted.keys()].map((key) => key.slice(0, key.indexOf(":"))));
  const found = new Map<string, FontRecord>();
  for (const name of names) {
    for (const record of await store.read(name)) {
      const key = wanted.get(record.key);
      if (key) found.set(key, record);
    }
  }
  return found;
}

function canonVersions(downloads: readonly StoredDownload[]): Record<string, string> {
  const seen = new Map<string, Set<string | undefined>>();
  for (const download of downloads) {
    const versions = seen.get(download.tripitaka_uid) ?? new Set();
    versions.add(download.canon_version);
    seen.set(download.tripitaka_uid, versions);
  }
  const out: Record<string, string> = {};
  for (const [uid, versions] of seen) {
    const [only] = versions;
    if (versions.size === 1 && only !== undefined) out[uid] = only;
  }
  return out;
}

function ordered(items: Iterable<ExportItem>): ExportItem[] {
  const rank = new Map(PART_ORDER.map((kind, at) => [kind, at]));
  return [...items].sort((a, b) => (rank.get(a.kind) ?? 0) - (rank.get(b.kind) ?? 0));
}

async function finish(
  store: FontStore,
  downloads: PackDownload[],
  items: ExportItem[],
  versions: Record<string, string>,
): Promise<ExportPlan> {
  const fonts = await fontRecords(store, items);
  // A subset the font cache no longer holds is left out: the readers fall back to another glyph.
  const kept = ordered(items.filter((item) => item.kind !== "fonts" || fonts.has(item.key)));
  const keys = new Set(kept.map((item) => item.key));
  for (const download of downloads) download.keys = download.keys.filter((key) => keys.has(key));
  if (kept.length === 0) throw new ExportError("NOTHING_TO_EXPORT", "the selection holds nothing stored");
  return {
    downloads,
    items: kept,
    fonts,
    canon_versions: versions,
    bytes: kept.reduce((n, item) => n + item.bytes, 0),
  };
}

async function planDownloads(
  db: OfflineLibrary,
  store: FontStore,
  chosen: readonly StoredDownload[],
): Promise<ExportPlan> {
  const open = chosen.filter((download) => download.status !== "complete");
  if (open.length > 0)
    throw new ExportError("NOT_COMPLETE", `not complete: ${open.map((download) => download.id).join(", ")}`);
  const items = await doneItems(
    db,
    chosen.map((download) => download.id),
  );
  const byKey = new Map<string, ExportItem>();
  const keysOf = new Map<string, string[]>();
  for (const item of items) {
    byKey.set(item.key, { key: item.key, kind: item.kind, bytes: item.bytes });
    const keys = keysOf.get(item.download_id) ?? [];
    keys.push(item.key);
    keysOf.set(item.download_id, keys);
  }
  const downloads = chosen.map((download) => packDownloadOf(download, keysOf.get(download.id) ?? []));
  return finish(store, downloads, [...byKey.values()], canonVersions(chosen));
}

/** The characters of a text, each once. */
function addChars(into: Set<string>, text: string): void {
  for (const char of text) into.add(char);
}

async function planGroup(
  db: OfflineLibrary,
  store: FontStore,
  selection: Extract<ExportSelection, { kind: "group" }>,
): Promise<ExportPlan> {
  const tripitakaUid = selection.tripitaka_uid;
  const sources = (await db.downloads.where("tripitaka_uid").equals(tripitakaUid).toArray()).filter(
    (download) => download.status === "complete",
  );
  const listed = new Map<string, StoredDownloadItem>();
  for (const item of await doneItems(
    db,
    sources.map((download) => download.id),
  ))
    listed.set(item.key, item);

  const sutras = new Set(selection.sutra_uids.filter((uid) => listed.has(itemKeys.sutra(uid))));
  const wanted = new Set<string>([itemKeys.tripitaka(tripitakaUid), itemKeys.books(tripitakaUid)]);
  for (const uid of sutras) {
    wanted.add(itemKeys.sutra(uid));
    wanted.add(itemKeys.catalog(uid));
  }
  const forms = new Set<TxtType>();
  const pageUids = new Set<string>();
  const chars = new Set<string>();
  const reelKeys = (
    await db.reelTexts
      .where("sutra_uid")
      .anyOf([...sutras])
      .primaryKeys()
  ).map(([reelUid, txtType]) => itemKeys.reelText(reelUid, txtType));
  const storedReels = reelKeys.filter((key) => listed.has(key));
  for (let i = 0; i < storedReels.length; i += ROWS_PER_READ) {
    const part = storedReels.slice(i, i + ROWS_PER_READ).map((key): [string, TxtType] => {
      const parsed = parseItemKey(key);
      return [parsed.id, parsed.txtType ?? "std_txt"];
    });
    for (const row of await db.reelTexts.bulkGet(part)) {
      if (!row) continue;
      wanted.add(itemKeys.reelText(row.reel_uid, row.txt_type));
      forms.add(row.txt_type);
      for (const page of (await reelOfRow(row)).pages) {
        pageUids.add(page.uid);
        for (const line of page.lines) addChars(chars, line.text);
      }
    }
  }
  const storedPages = [...pageUids].filter((uid) => listed.has(itemKeys.page(uid)));
  for (let i = 0; i < storedPages.length; i += ROWS_PER_READ) {
    for (const row of await db.pages.bulkGet(storedPages.slice(i, i + ROWS_PER_READ))) {
      if (!row) continue;
      wanted.add(itemKeys.page(row.uid));
      for (const path of [row.page.img_url, row.page.thumb_url])
        if (path && listed.has(itemKeys.blob(path))) wanted.add(itemKeys.blob(path));
      for (const column of row.page.columns) for (const form of forms) addChars(chars, column.text[form]);
    }
  }
  for (const item of listed.values()) {
    if (item.kind !== "fonts") continue;
    if (fontItemChars(item).chars.some((char) => chars.has(char))) wanted.add(item.key);
  }
  const items: ExportItem[] = [];
  for (const key of wanted) {
    const item = listed.get(key);
    if (item) items.push({ key, kind: item.kind, bytes: item.bytes });
  }
  if (sutras.size === 0) throw new ExportError("NOTHING_TO_EXPORT", "none of the group's sutras is stored");
  const download: PackDownload = {
    tripitaka_uid: tripitakaUid,
    scope: { kind: "group", group_name: selection.group_name },
    label: selection.group_name,
    txt_types: txtTypes.filter((form) => forms.has(form)),
    with_pages: items.some((item) => item.kind === "page"),
    with_images: items.some((item) => item.kind === "blob"),
    keys: items.map((item) => item.key),
  };
  return finish(store, [download], items, canonVersions(sources));
}

/** Works out what the selection exports; refuses a selection with nothing stored or not complete. */
export async function planExport(
  db: OfflineLibrary,
  store: FontStore,
  selection: ExportSelection,
): Promise<ExportPlan> {
  switch (selection.kind) {
    case "downloads": {
      const found = await db.downloads.bulkGet([...selection.ids]);
      const missing = selection.ids.filter((_, at) => !found[at]);
      if (missing.length > 0 || selection.ids.length === 0)
        throw new ExportError("NOTHING_TO_EXPORT", `no such download: ${missing.join(", ")}`);
      return planDownloads(
        db,
        store,
        found.filter((download): download is StoredDownload => download !== undefined),
      );
    }
    case "library": {
      const complete = (await db.downloads.toArray()).filter((download) => download.status === "complete");
      if (complete.length === 0) throw new ExportError("NOTHING_TO_EXPORT", "no complete download");
      return planDownloads(db, store, complete);
    }
    case "group":
      return planGroup(db, store, selection);
  }
}

/**
 * About how big the pack will be. Measured on the starter canon: gzip leaves about a fifth of the
 * catalogue and page rows and under a third of the reel texts, the search index adds about the
 * reel texts' bytes (its texts, and its posting lists with every bigram's places) plus its variant
 * table (about 150 KB); files and fonts go in as they are.
 */
export function estimatePackBytes(plan: ExportPlan): number {
  let rows = 0;
  let reels = 0;
  let stored = 0;
  for (const item of plan.items) {
    if (item.kind === "reel_text") reels += item.bytes;
    else if (item.kind === "blob" || item.kind === "fonts") stored += item.bytes;
    else rows += item.bytes;
  }
  const index = reels > 0 ? 150 * 1024 : 0;
  return Math.round(rows * 0.2 + reels * 1.3 + stored + index);
}
