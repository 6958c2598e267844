/**
 * The download manager's pack path: a download whose plan named a pack is installed from it by
 * Range requests (its manifest checked against the sum the plan gave), reading only the parts that
 * hold items of this download, since a server pack may hold pages, images or sutras the plan did
 * not ask for. A lost connection or a full disk stops the run as an item download would (the pack
 * stays on the download, and the next run goes on from the parts written); any other failure of
 * the pack (not served, a part that does not match, another canon version) drops the pack from the
 * download, and the manager fetches what is still waiting item by item.
 */
import type { StoredDownload } from "../../../contract/offline-library.ts";
import { PackError, type PackManifest } from "../../../contract/pack.ts";
import type { PackIndexToAdopt } from "../../../workers/search/api.ts";
import type { FontStore } from "../../features/fonts/fontStore.ts";
import { isQuotaExceeded, type OfflineLibrary } from "../library/db.ts";
import { packDownloadOf } from "../library/items.ts";
import { isNetworkFailure } from "../network.ts";
import { installPack } from "./install.ts";
import { readPackManifest, rememberManifestSha } from "./manifest.ts";
import { httpSource } from "./source.ts";

export type PlanPackDeps = {
  db: OfflineLibrary;
  fonts: FontStore;
  /** Merges the pack's search index; without it the search worker's next sync indexes the reels. */
  search?: { adoptPackIndex(index: PackIndexToAdopt): Promise<unknown> };
  /** Prefix of the pack's URL: "" in the browser, the server's address in tests. */
  origin: string;
  fetch?: typeof fetch;
  now(): number;
  onProgress?(): void;
};

/**
 * The manifest reduced to this download: its items, the parts that hold some of them, and the
 * index parts when there is a search worker to take them.
 */
function forDownload(
  manifest: PackManifest,
  download: StoredDownload,
  keys: string[],
  withIndex: boolean,
): PackManifest {
  const wanted = new Set(keys);
  return {
    ...manifest,
    downloads: [packDownloadOf(download, keys)],
    parts: manifest.parts.filter((part) =>
      part.kind === "index" ? withIndex : part.keys.some((key) => wanted.has(key)),
    ),
  };
}

/**
 * Installs the download's pack, leaving the download `downloading` for the manager's font step and
 * final check. Returns false when the pack failed and was dropped (the items are to be fetched).
 */
export async function installPlanPack(
  deps: PlanPackDeps,
  download: StoredDownload,
  signal: AbortSignal,
): Promise<boolean> {
  const pack = download.pack;
  if (!pack) return false;
  try {
    if (pack.url.startsWith("file:") || pack.bytes === undefined)
      throw new PackError("PACK_NOT_A_PACK", "a pack file can only be read where it was chosen");
    const url = pack.url.startsWith("/") ? `${deps.origin}${pack.url}` : pack.url;
    const source = httpSource(url, pack.bytes, deps.fetch ?? fetch);
    const manifest = await readPackManifest(source, pack.manifest_sha256, signal);
    const version = manifest.canon_versions[download.tripitaka_uid];
    if (download.canon_version && version !== download.canon_version)
      throw new PackError(
        "PACK_VERSION",
        `the pack holds canon version ${String(version)}, the plan ${download.canon_version}`,
      );
    const keys = (await deps.db.downloadItems.where("download_id").equals(download.id).toArray()).map(
      (item) => item.key,
    );
    const reduced = forDownload(manifest, download, keys, deps.search !== undefined);
    rememberManifestSha(reduced, pack.manifest_sha256);
    await installPack(
      {
        db: deps.db,
        fonts: deps.fonts,
        search: deps.search ?? { adoptPackIndex: async () => undefined },
        now: deps.now,
      },
      source,
      { signal, manifest: reduced, url: pack.url, complete: false, onProgress: () => deps.onProgress?.() },
    );
    return true;
  } catch (error) {
    if (signal.aborted || isNetworkFailure(error) || isQuotaExceeded(error)) throw error;
    await deps.db.downloads.update(download.id, { pack: null, updated_at: deps.now() });
    return false;
  }
}
