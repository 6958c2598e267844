/**
 * The rows an install saves before its parts: the pack's downloads with their items (a download
 * installed again from the same pack keeps the parts it has written), and the font items whose
 * subsets the font cache holds already.
 */
import {
  type DownloadItemKind,
  downloadIdOf,
  type StoredDownload,
} from "../../../contract/offline-library.ts";
import type { PackManifest } from "../../../contract/pack.ts";
import type { FontStore } from "../../features/fonts/fontStore.ts";
import type { OfflineLibrary } from "../library/db.ts";
import { parseItemKey, startedDownload } from "../library/items.ts";
import { adoptStored, markItems, replaceDownload } from "../library/mutations.ts";

type SaveDeps = { db: OfflineLibrary; fonts: FontStore; now(): number };

/** Saves the pack's downloads and their items; returns their ids. */
export async function saveDownloads(
  deps: SaveDeps,
  manifest: PackManifest,
  pack: NonNullable<StoredDownload["pack"]>,
): Promise<string[]> {
  const { db } = deps;
  const itemBytes = new Map<string, number>();
  for (const part of manifest.parts) {
    for (const [at, key] of part.keys.entries()) itemBytes.set(key, part.item_bytes[at] ?? 0);
  }
  const ids: string[] = [];
  for (const entry of manifest.downloads) {
    const id = downloadIdOf(entry.tripitaka_uid, entry.scope);
    const previous = await db.downloads.get(id);
    const old = new Map(
      (await db.downloadItems.where("download_id").equals(id).toArray()).map((item) => [item.key, item]),
    );
    const planned = [...new Set(entry.keys)].map((key) => ({
      key,
      kind: parseItemKey(key).kind as DownloadItemKind,
      bytes: itemBytes.get(key) ?? old.get(key)?.bytes ?? 0,
    }));
    const now = deps.now();
    const resumed = previous?.pack?.manifest_sha256 === pack.manifest_sha256;
    const fresh: StoredDownload = {
      ...startedDownload(
        entry,
        planned.reduce((n, item) => n + item.bytes, 0),
        now,
      ),
      canon_version: manifest.canon_versions[entry.tripitaka_uid],
      pack: { ...pack, parts_done: resumed ? (previous?.pack?.parts_done ?? []) : [] },
    };
    const { releasedFonts } = await replaceDownload(db, fresh, planned, now);
    for (const key of releasedFonts) await deps.fonts.remove(key).catch(() => undefined);
    await adoptStored(db, id, deps.now());
    ids.push(id);
  }
  return ids;
}

/** Font items whose subset the font cache holds already are done. */
export async function adoptFonts(deps: SaveDeps, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const waiting = (await deps.db.downloadItems.where("download_id").equals(id).toArray()).filter(
      (item) => item.kind === "fonts" && item.state === "waiting",
    );
    const byFont = new Map<string, Map<string, number>>();
    const changes = [];
    for (const item of waiting) {
      const subset = parseItemKey(item.key).id;
      const fontName = subset.slice(0, subset.indexOf(":"));
      let records = byFont.get(fontName);
      if (!records) {
        records = new Map((await deps.fonts.read(fontName)).map((r) => [r.key, r.data.byteLength]));
        byFont.set(fontName, records);
      }
      const bytes = records.get(subset);
      if (bytes !== undefined) changes.push({ item, state: "done" as const, bytes });
    }
    await markItems(deps.db, id, changes, deps.now());
  }
}
