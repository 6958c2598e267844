/**
 * Writes to the offline library, each in one transaction so nothing is ever half-written: saving a
 * download and its items from a plan, storing fetched rows together with their items' state and
 * the download's counters, marking items stored or missing, and deleting a download with the rows
 * no other download needs.
 */
import type { OfflinePlan } from "../../../contract/offline.ts";
import type {
  DownloadStatus,
  StoredDownload,
  StoredDownloadItem,
  StoredReelApparatus,
} from "../../../contract/offline-library.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import type { OfflineLibrary } from "./db.ts";
import { downloadOfPlan, type PlannedItem, parseItemKey, planItems } from "./items.ts";
import { isRowKind, presentRows, type RowKind, rowAccess } from "./rows.ts";

/** A fetched and verified row with the item it fulfils; a reel text with its apparatus row (null: none). */
export type FetchedRow = {
  item: StoredDownloadItem;
  kind: RowKind;
  row: unknown;
  bytes: number;
  apparatus?: StoredReelApparatus | null;
};

const counters = (items: readonly StoredDownloadItem[]) => ({
  items_total: items.length,
  items_done: items.filter((item) => item.state === "done").length,
  bytes_stored: items.reduce((n, item) => n + (item.state === "done" ? item.bytes : 0), 0),
});

/**
 * Deletes the rows of `items` that no other download lists, and the items themselves. Returns the
 * font-cache keys no download needs any more (that cache is another database).
 */
async function release(db: OfflineLibrary, downloadId: string, items: readonly StoredDownloadItem[]) {
  const keys = items.map((item) => item.key);
  const listed = await db.downloadItems.where("key").anyOf(keys).toArray();
  const shared = new Set(listed.filter((item) => item.download_id !== downloadId).map((item) => item.key));
  const fontKeys: string[] = [];
  for (const item of items) {
    if (shared.has(item.key)) continue;
    if (isRowKind(item.kind)) {
      const access = rowAccess[item.kind];
      const key = access.primaryKey(item);
      await access.table(db).delete(key);
      if (item.kind === "reel_text") await db.apparatus.delete(key as [string, TxtType]);
    } else fontKeys.push(parseItemKey(item.key).id);
  }
  await db.downloadItems.bulkDelete(items.map((item): [string, string] => [downloadId, item.key]));
  return fontKeys;
}

/**
 * Saves (or replaces) the download of a plan's scope and lists its items. Items it had already
 * stored at the planned size stay stored; those the new plan drops are released. The plan's pack
 * (when the server has one that covers it) is kept on the row for the manager to install from.
 */
export function saveDownload(
  db: OfflineLibrary,
  plan: OfflinePlan,
  now: number,
): Promise<{ download: StoredDownload; releasedFonts: string[] }> {
  const pack = plan.pack
    ? {
        url: plan.pack.url,
        manifest_sha256: plan.pack.manifest_sha256,
        bytes: plan.pack.bytes,
        parts_done: [],
      }
    : null;
  const fresh: StoredDownload = { ...downloadOfPlan(plan, now), canon_version: plan.canon_version, pack };
  return replaceDownload(db, fresh, planItems(plan), now);
}

/**
 * Saves `fresh` (keeping the creation time of the download it replaces) with the items `planned`:
 * items already stored at the planned size stay done, items no longer planned are released (their
 * rows deleted unless another download lists them), and font items the plan does not name are
 * kept (the font step lists them after the texts). Returns the font-cache keys released.
 */
export async function replaceDownload(
  db: OfflineLibrary,
  fresh: StoredDownload,
  planned: readonly PlannedItem[],
  now: number,
): Promise<{ download: StoredDownload; releasedFonts: string[] }> {
  return db.transaction("rw", db.tables, async () => {
    const previous = await db.downloads.get(fresh.id);
    const old = await db.downloadItems.where("download_id").equals(fresh.id).toArray();
    const wanted = new Set(planned.map((item) => item.key));
    const oldByKey = new Map(old.map((item) => [item.key, item]));
    const releasedFonts = await release(
      db,
      fresh.id,
      old.filter((item) => item.kind !== "fonts" && !wanted.has(item.key)),
    );
    const items: StoredDownloadItem[] = planned.map((item) => {
      const kept = oldByKey.get(item.key);
      return kept && kept.state === "done" && kept.bytes === item.bytes
        ? kept
        : { download_id: fresh.id, ...item, state: "waiting" };
    });
    await db.downloadItems.bulkPut(items);
    const all = [...items, ...old.filter((item) => item.kind === "fonts" && !wanted.has(item.key))];
    const download: StoredDownload = {
      ...fresh,
      created_at: previous?.created_at ?? now,
      ...counters(all),
    };
    await db.downloads.put(download);
    return { download, releasedFonts };
  });
}

/**
 * Stores fetched rows and marks their items done, with the download's counters, in one
 * transaction. Nothing is written when the download was deleted meanwhile (returns false).
 */
export async function storeRows(
  db: OfflineLibrary,
  downloadId: string,
  rows: readonly FetchedRow[],
  now: number,
): Promise<boolean> {
  const tables = [...new Set(rows.map((entry) => rowAccess[entry.kind].table(db)))];
  const apparatus = rows.filter((entry) => entry.apparatus !== undefined);
  if (apparatus.length > 0) tables.push(db.apparatus);
  return db.transaction("rw", [db.downloads, db.downloadItems, ...tables], async () => {
    const download = await db.downloads.get(downloadId);
    if (!download) return false;
    await putApparatus(db, apparatus);
    const current = await db.downloadItems.bulkGet(
      rows.map((entry): [string, string] => [downloadId, entry.item.key]),
    );
    let done = 0;
    let bytes = 0;
    for (const [at, entry] of rows.entries()) {
      await rowAccess[entry.kind].table(db).put(entry.row);
      const was = current[at];
      if (was?.state === "done") bytes -= was.bytes;
      else done += 1;
      bytes += entry.bytes;
    }
    await db.downloadItems.bulkPut(
      rows.map((entry) => ({ ...entry.item, state: "done", bytes: entry.bytes })),
    );
    await db.downloads.update(downloadId, {
      items_done: download.items_done + done,
      bytes_stored: download.bytes_stored + bytes,
      updated_at: now,
    });
    return true;
  });
}

/**
 * A row of a pack part, ready to store: its item key, table and the bytes its item counts. A font
 * subset (kept in the font cache, not here) comes with no row: only its item is marked done. A reel
 * text may come with its apparatus row (null: it has none; left out: the pack does not say).
 */
export type PackRow =
  | { key: string; kind: RowKind; row: unknown; bytes: number; apparatus?: StoredReelApparatus | null }
  | { key: string; kind: "fonts"; row: null; bytes: number };

/**
 * Stores one verified pack part in one transaction: its rows, their items done in each download
 * that lists them, those downloads' counters, and the part added to their `pack.parts_done`.
 * Nothing is written when every download was deleted meanwhile (returns false).
 */
export async function storePackPart(
  db: OfflineLibrary,
  downloadIds: readonly string[],
  partId: number,
  rows: readonly PackRow[],
  now: number,
): Promise<boolean> {
  const tables = [
    ...new Set(rows.flatMap((entry) => (entry.kind === "fonts" ? [] : [rowAccess[entry.kind].table(db)]))),
  ];
  const apparatus = rows.flatMap((entry) =>
    entry.kind === "reel_text" && entry.apparatus !== undefined ? [entry] : [],
  );
  if (apparatus.length > 0) tables.push(db.apparatus);
  return db.transaction("rw", [db.downloads, db.downloadItems, ...tables], async () => {
    const downloads = (await db.downloads.bulkGet([...downloadIds])).filter(
      (d): d is StoredDownload => d !== undefined,
    );
    if (downloads.length === 0) return false;
    const byKind = new Map<RowKind, unknown[]>();
    for (const entry of rows) {
      if (entry.kind === "fonts") continue;
      const list = byKind.get(entry.kind);
      if (list) list.push(entry.row);
      else byKind.set(entry.kind, [entry.row]);
    }
    for (const [kind, list] of byKind) await rowAccess[kind].table(db).bulkPut(list);
    await putApparatus(db, apparatus);
    for (const download of downloads) {
      const current = await db.downloadItems.bulkGet(
        rows.map((entry): [string, string] => [download.id, entry.key]),
      );
      let done = 0;
      let bytes = 0;
      const changed: StoredDownloadItem[] = [];
      for (const [at, entry] of rows.entries()) {
        const was = current[at];
        if (!was) continue;
        if (was.state === "done") bytes -= was.bytes;
        else done += 1;
        bytes += entry.bytes;
        changed.push({ ...was, state: "done", bytes: entry.bytes });
      }
      await db.downloadItems.bulkPut(changed);
      const pack = download.pack
        ? { ...download.pack, parts_done: [...new Set([...download.pack.parts_done, partId])] }
        : download.pack;
      await db.downloads.update(download.id, {
        items_done: download.items_done + done,
        bytes_stored: download.bytes_stored + bytes,
        pack,
        updated_at: now,
      });
    }
    return true;
  });
}

/** Stores each reel text's apparatus row, or removes the one it had when it now has none. */
async function putApparatus(
  db: OfflineLibrary,
  rows: readonly { row: unknown; apparatus?: StoredReelApparatus | null }[],
) {
  const kept = rows.flatMap((entry) => (entry.apparatus ? [entry.apparatus] : []));
  const none = rows.flatMap((entry) => {
    if (entry.apparatus !== null) return [];
    const text = entry.row as { reel_uid: string; txt_type: TxtType };
    return [[text.reel_uid, text.txt_type] as [string, TxtType]];
  });
  if (kept.length > 0) await db.apparatus.bulkPut(kept);
  if (none.length > 0) await db.apparatus.bulkDelete(none);
}

/** Marks items done (their rows are stored already, e.g. by another download) or waiting again. */
export async function markItems(
  db: OfflineLibrary,
  downloadId: string,
  changes: readonly { item: StoredDownloadItem; state: "done" | "waiting"; bytes: number }[],
  now: number,
): Promise<void> {
  if (changes.length === 0) return;
  await db.transaction("rw", [db.downloads, db.downloadItems], async () => {
    if (!(await db.downloads.get(downloadId))) return;
    await db.downloadItems.bulkPut(
      changes.map((c) => ({ ...c.item, download_id: downloadId, state: c.state, bytes: c.bytes })),
    );
    const items = await db.downloadItems.where("download_id").equals(downloadId).toArray();
    await db.downloads.update(downloadId, { ...counters(items), updated_at: now });
  });
}

/** Marks done the waiting items whose rows another download (or an earlier run) stored. */
export async function adoptStored(db: OfflineLibrary, downloadId: string, now: number): Promise<void> {
  const waiting = (await db.downloadItems.where("download_id").equals(downloadId).toArray()).filter(
    (item) => item.state === "waiting",
  );
  const present = await presentRows(db, waiting);
  const changes = waiting.flatMap((item) => {
    const bytes = present.get(item.key);
    return bytes === undefined ? [] : [{ item, state: "done" as const, bytes }];
  });
  await markItems(db, downloadId, changes, now);
}

/**
 * Ends a pack install: the pack is cleared from the downloads and each is complete when all its
 * items are stored (or left `downloading` for the item-by-item download to fetch the rest).
 */
export async function endPackInstall(
  db: OfflineLibrary,
  downloadIds: readonly string[],
  complete: boolean,
  now: number,
): Promise<StoredDownload[]> {
  return db.transaction("rw", db.downloads, async () => {
    const out: StoredDownload[] = [];
    for (const download of await db.downloads.bulkGet([...downloadIds])) {
      if (!download) continue;
      const whole = complete && download.items_done === download.items_total;
      const ended: StoredDownload = {
        ...download,
        pack: null,
        status: whole ? "complete" : download.status,
        error: whole ? null : download.error,
        updated_at: now,
      };
      await db.downloads.put(ended);
      out.push(ended);
    }
    return out;
  });
}

/** Drops items the server cannot supply (a font subset where no font is configured). */
export async function dropItems(
  db: OfflineLibrary,
  downloadId: string,
  items: readonly StoredDownloadItem[],
  now: number,
): Promise<void> {
  await db.transaction("rw", [db.downloads, db.downloadItems], async () => {
    await db.downloadItems.bulkDelete(items.map((item): [string, string] => [downloadId, item.key]));
    const rest = await db.downloadItems.where("download_id").equals(downloadId).toArray();
    await db.downloads.update(downloadId, { ...counters(rest), updated_at: now });
  });
}

export async function setStatus(
  db: OfflineLibrary,
  downloadId: string,
  status: DownloadStatus,
  now: number,
  error: string | null = null,
): Promise<void> {
  await db.downloads.update(downloadId, { status, error, updated_at: now });
}

/**
 * Moves a running download (`downloading` or `verifying`) on to `status`; false when it is not
 * running any more (paused or deleted meanwhile), in which case nothing changes.
 */
export async function advance(
  db: OfflineLibrary,
  downloadId: string,
  status: DownloadStatus,
  now: number,
  error: string | null = null,
): Promise<boolean> {
  return db.transaction("rw", db.downloads, async () => {
    const download = await db.downloads.get(downloadId);
    if (!download || (download.status !== "downloading" && download.status !== "verifying")) return false;
    await db.downloads.update(downloadId, { status, error, updated_at: now });
    return true;
  });
}

/** Deletes a download and every row only it needed; returns the font-cache keys to delete. */
export async function deleteDownload(db: OfflineLibrary, downloadId: string): Promise<string[]> {
  return db.transaction("rw", db.tables, async () => {
    const items = await db.downloadItems.where("download_id").equals(downloadId).toArray();
    const fontKeys = await release(db, downloadId, items);
    await db.downloads.delete(downloadId);
    return fontKeys;
  });
}
