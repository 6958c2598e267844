/**
 * Reads of the offline library: the downloads, what one scope's download is, whether a reel, page
 * or sutra is on this device, and how much the library stores. Hooks re-run when the library
 * changes (Dexie live queries), so the storage panel and the download buttons follow a running
 * download.
 */
import { useLiveQuery } from "dexie-react-hooks";
import { type DownloadScope, downloadIdOf, type StoredDownload } from "../../../contract/offline-library.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import { type OfflineLibrary, offlineLibrary } from "./db.ts";
import { useLibraryExists } from "./presence.ts";

/** Newest first. */
export async function listDownloads(db: OfflineLibrary): Promise<StoredDownload[]> {
  return (await db.downloads.toArray()).sort((a, b) => b.created_at - a.created_at);
}

export function downloadOf(
  db: OfflineLibrary,
  tripitakaUid: string,
  scope: DownloadScope,
): Promise<StoredDownload | undefined> {
  return db.downloads.get(downloadIdOf(tripitakaUid, scope));
}

/** The text forms of a reel kept on this device. */
export async function localTxtTypes(db: OfflineLibrary, reelUid: string): Promise<TxtType[]> {
  return (await db.reelTexts.where("reel_uid").equals(reelUid).toArray()).map((row) => row.txt_type);
}

export async function isReelLocal(db: OfflineLibrary, reelUid: string, txtType?: TxtType): Promise<boolean> {
  if (txtType) return (await db.reelTexts.get([reelUid, txtType])) !== undefined;
  return (await db.reelTexts.where("reel_uid").equals(reelUid).count()) > 0;
}

export async function isPageLocal(db: OfflineLibrary, pageUid: string): Promise<boolean> {
  return (await db.pages.get(pageUid)) !== undefined;
}

/** A sutra is local when its catalogue entry, its contents and every one of its reels are. */
export async function isSutraLocal(db: OfflineLibrary, sutraUid: string): Promise<boolean> {
  const [sutra, catalog] = await Promise.all([db.sutras.get(sutraUid), db.catalogs.get(sutraUid)]);
  if (!sutra || !catalog) return false;
  const stored = new Set(
    (await db.reelTexts.where("sutra_uid").equals(sutraUid).toArray()).map((r) => r.reel_uid),
  );
  return catalog.catalog.reels.every((reel) => stored.has(reel.uid));
}

export type LibraryUsage = {
  downloads: number;
  /** Bytes of the rows the downloads list, each shared row counted once. */
  bytes: number;
};

export async function libraryUsage(db: OfflineLibrary): Promise<LibraryUsage> {
  const seen = new Map<string, number>();
  await db.downloadItems.each((item) => {
    if (item.state === "done") seen.set(item.key, item.bytes);
  });
  let bytes = 0;
  for (const size of seen.values()) bytes += size;
  return { downloads: await db.downloads.count(), bytes };
}

const NO_DOWNLOADS: StoredDownload[] = [];

// The hooks below read the library only once it exists: reading it would create it.

export function useDownloads(db: OfflineLibrary = offlineLibrary()): StoredDownload[] | undefined {
  const exists = useLibraryExists();
  return useLiveQuery(() => (exists ? listDownloads(db) : NO_DOWNLOADS), [db, exists]);
}

export function useDownloadOf(
  tripitakaUid: string,
  scope: DownloadScope,
  db: OfflineLibrary = offlineLibrary(),
): StoredDownload | null | undefined {
  const id = downloadIdOf(tripitakaUid, scope);
  const exists = useLibraryExists();
  return useLiveQuery(async () => (exists ? ((await db.downloads.get(id)) ?? null) : null), [db, id, exists]);
}

export function useLibraryUsage(db: OfflineLibrary = offlineLibrary()): LibraryUsage | undefined {
  const exists = useLibraryExists();
  return useLiveQuery(() => (exists ? libraryUsage(db) : { downloads: 0, bytes: 0 }), [db, exists]);
}
