/**
 * A download's items from its plan, and the fetch tasks that bring the waiting ones: catalogue rows
 * first (a part-done download is already browsable), then reel texts and pages in batches the
 * server reads in one go, then files one by one.
 */
import type { OfflinePlan } from "../../../contract/offline.ts";
import {
  type DownloadItemKind,
  downloadIdOf,
  itemKeys,
  type StoredDownload,
  type StoredDownloadItem,
} from "../../../contract/offline-library.ts";
import type { PackDownload } from "../../../contract/pack.ts";
import { type TxtType, txtTypes } from "../../../contract/tripitaka.ts";

export type PlannedItem = Pick<StoredDownloadItem, "key" | "kind" | "bytes">;

export function planItems(plan: OfflinePlan): PlannedItem[] {
  const items: PlannedItem[] = [
    { key: itemKeys.tripitaka(plan.tripitaka_uid), kind: "tripitaka", bytes: 0 },
    { key: itemKeys.books(plan.tripitaka_uid), kind: "books", bytes: 0 },
  ];
  for (const sutra of plan.sutras) items.push({ key: itemKeys.sutra(sutra.uid), kind: "sutra", bytes: 0 });
  for (const sutra of plan.sutras)
    items.push({ key: itemKeys.catalog(sutra.uid), kind: "catalog", bytes: 0 });
  for (const reel of plan.reels) {
    for (const text of reel.texts) {
      items.push({ key: itemKeys.reelText(reel.uid, text.txt_type), kind: "reel_text", bytes: text.bytes });
    }
  }
  for (const page of plan.pages)
    items.push({ key: itemKeys.page(page.uid), kind: "page", bytes: page.bytes });
  for (const file of plan.files)
    items.push({ key: itemKeys.blob(file.path), kind: "blob", bytes: file.bytes });
  return items;
}

/** What a download holds, as a plan or a pack's manifest names it. */
export type DownloadContent = Pick<
  PackDownload,
  "tripitaka_uid" | "scope" | "label" | "txt_types" | "with_pages" | "with_images"
>;

/** The row of a download of `content` just started: `bytesPlanned` to fetch, nothing stored yet. */
export function startedDownload(content: DownloadContent, bytesPlanned: number, now: number): StoredDownload {
  return {
    id: downloadIdOf(content.tripitaka_uid, content.scope),
    tripitaka_uid: content.tripitaka_uid,
    scope: content.scope,
    label: content.label,
    txt_types: content.txt_types,
    with_pages: content.with_pages,
    with_images: content.with_images,
    status: "downloading",
    bytes_planned: bytesPlanned,
    bytes_stored: 0,
    items_total: 0,
    items_done: 0,
    error: null,
    created_at: now,
    updated_at: now,
  };
}

export function downloadOfPlan(plan: OfflinePlan, now: number): StoredDownload {
  return startedDownload(plan, plan.totals.total_bytes, now);
}

/** A stored download as a pack's manifest names it, with the item `keys` the pack holds of it. */
export function packDownloadOf(download: StoredDownload, keys: string[]): PackDownload {
  return {
    tripitaka_uid: download.tripitaka_uid,
    scope: download.scope,
    label: download.label,
    txt_types: download.txt_types,
    with_pages: download.with_pages ?? true,
    with_images: download.with_images,
    keys,
  };
}

/** What an item key names: the kind's prefix, then its uid or path (and a reel text's form). */
export function parseItemKey(key: string): { kind: string; id: string; txtType?: TxtType } {
  const at = key.indexOf(":");
  const kind = key.slice(0, at);
  const rest = key.slice(at + 1);
  if (kind === "reel_text") {
    const cut = rest.lastIndexOf(":");
    const txtType = txtTypes.find((t) => t === rest.slice(cut + 1));
    return txtType ? { kind, id: rest.slice(0, cut), txtType } : { kind, id: rest };
  }
  return { kind, id: rest };
}

export type FetchTask = { kind: DownloadItemKind; items: StoredDownloadItem[] };

/** The order items are fetched in, and a pack's parts are written in: catalogue rows first. */
export const TASK_ORDER: readonly DownloadItemKind[] = [
  "tripitaka",
  "books",
  "sutra",
  "catalog",
  "reel_text",
  "page",
  "blob",
  "fonts",
];
/** Catalogue entries per sutra/list call, and reels or pages per batch read. */
export const SUTRAS_PER_TASK = 100;
export const BATCH_MAX = 50;
/** A batch read stops growing past this many planned bytes, so one answer stays a few MB. */
export const BATCH_BYTES = 2 * 1024 * 1024;

function batches<T>(list: T[], max: number, bytesOf: (item: T) => number): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const item of list) {
    if (current.length > 0 && (current.length >= max || bytes + bytesOf(item) > BATCH_BYTES)) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += bytesOf(item);
  }
  if (current.length > 0) out.push(current);
  return out;
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The fetch tasks for the waiting items of one download, in fetching order. */
export function fetchTasks(waiting: readonly StoredDownloadItem[]): FetchTask[] {
  const byKind = new Map<DownloadItemKind, StoredDownloadItem[]>();
  for (const item of waiting) pushTo(byKind, item.kind, item);
  const tasks: FetchTask[] = [];
  for (const kind of TASK_ORDER) {
    const items = byKind.get(kind) ?? [];
    if (items.length === 0) continue;
    if (kind === "sutra") {
      for (let i = 0; i < items.length; i += SUTRAS_PER_TASK) {
        tasks.push({ kind, items: items.slice(i, i + SUTRAS_PER_TASK) });
      }
    } else if (kind === "reel_text") {
      // A reel's forms travel together: batches are of reels, each with all its waiting forms.
      const byReel = new Map<string, StoredDownloadItem[]>();
      for (const item of items) {
        const reel = parseItemKey(item.key).id;
        pushTo(byReel, reel, item);
      }
      const reels = [...byReel.values()];
      const total = (group: StoredDownloadItem[]) => group.reduce((n, item) => n + item.bytes, 0);
      for (const batch of batches(reels, BATCH_MAX, total)) tasks.push({ kind, items: batch.flat() });
    } else if (kind === "page") {
      for (const batch of batches(items, BATCH_MAX, (item) => item.bytes)) tasks.push({ kind, items: batch });
    } else {
      for (const item of items) tasks.push({ kind, items: [item] });
    }
  }
  return tasks;
}
