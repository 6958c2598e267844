/**
 * What refuses a pack before anything of it is written: a manifest that lists nothing to install or
 * items of unknown kinds, and a canon version other than that of the downloads already here.
 */
import type { DownloadItemKind } from "../../../contract/offline-library.ts";
import { PackError, type PackManifest } from "../../../contract/pack.ts";
import type { OfflineLibrary } from "../library/db.ts";
import { parseItemKey } from "../library/items.ts";

const ITEM_KINDS: readonly DownloadItemKind[] = [
  "reel_text",
  "page",
  "blob",
  "sutra",
  "catalog",
  "books",
  "fonts",
  "tripitaka",
];
const isItemKind = (kind: string): kind is DownloadItemKind => (ITEM_KINDS as string[]).includes(kind);

/** Refuses a pack of another canon version than downloads of the same tripitaka already here. */
export async function checkVersions(
  db: OfflineLibrary,
  manifest: PackManifest,
  sha256: string,
): Promise<void> {
  for (const download of await db.downloads.toArray()) {
    const packVersion = manifest.canon_versions[download.tripitaka_uid];
    if (!packVersion || !download.canon_version || download.canon_version === packVersion) continue;
    if (download.pack?.manifest_sha256 === sha256) continue;
    throw new PackError(
      "PACK_VERSION",
      `the pack holds ${download.tripitaka_uid} in canon version ${packVersion}, but this library holds ` +
        `“${download.label}” of ${download.tripitaka_uid} in version ${download.canon_version}; ` +
        "delete that download first or use a pack of the same version",
    );
  }
}

/** Refuses a manifest that lists no download, or an item of a kind this library does not hold. */
export function checkDownloads(manifest: PackManifest): void {
  if (!Array.isArray(manifest.downloads) || manifest.downloads.length === 0)
    throw new PackError("PACK_NOT_A_PACK", "the pack lists nothing to install");
  for (const entry of manifest.downloads) {
    const bad = entry.keys.find((key) => !isItemKind(parseItemKey(key).kind));
    if (bad !== undefined) throw new PackError("PACK_NOT_A_PACK", `the pack lists an unknown item ${bad}`);
  }
}
