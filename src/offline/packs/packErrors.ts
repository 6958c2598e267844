/**
 * What the reader is told when a pack is refused or its install stops: one message per PackError
 * code, a full disk, a stop asked for; and, for a pack of another canon version, both versions
 * and the download here that holds the other one.
 */
import type { I18n } from "@lingui/core";
import { PackError, type PackManifest } from "../../../contract/pack.ts";
import { isAbort } from "../../api/errors.ts";
import { tr } from "../../i18n/translate.ts";
import { isQuotaExceeded, type OfflineLibrary } from "../library/db.ts";
import { packText as t } from "./messages.ts";

export type VersionConflict = { tripitaka: string; pack: string; library: string; label: string };

/**
 * The first download here whose tripitaka the pack holds in another canon version (a download
 * being installed from this very pack does not count), the rule the install refuses a pack by.
 */
export async function versionConflict(
  db: OfflineLibrary,
  manifest: PackManifest,
  manifestSha256: string,
): Promise<VersionConflict | null> {
  for (const download of await db.downloads.toArray()) {
    const pack = manifest.canon_versions[download.tripitaka_uid];
    if (!pack || !download.canon_version || download.canon_version === pack) continue;
    if (download.pack?.manifest_sha256 === manifestSha256) continue;
    return {
      tripitaka: download.tripitaka_uid,
      pack,
      library: download.canon_version,
      label: download.label,
    };
  }
  return null;
}

/** The code shown on the message (`data-pack-error`) and the message itself. */
export function importErrorText(
  i18n: I18n,
  error: unknown,
  conflict: VersionConflict | null,
  script: (label: string) => string,
): { code: string; text: string } {
  if (isAbort(error)) return { code: "STOPPED", text: i18n._(t.importCancelled) };
  if (isQuotaExceeded(error)) return { code: "QUOTA_EXCEEDED", text: i18n._(t.importDiskFull) };
  if (error instanceof PackError) {
    switch (error.code) {
      case "PACK_NOT_A_PACK":
        return { code: error.code, text: i18n._(t.notAPack) };
      case "PACK_FORMAT":
        return { code: error.code, text: i18n._(t.newerFormat) };
      case "PACK_CHECKSUM":
        return { code: error.code, text: i18n._(t.damaged) };
      case "PACK_TRUNCATED":
        return { code: error.code, text: i18n._(t.truncated) };
      case "PACK_VERSION":
        return {
          code: error.code,
          text: conflict
            ? versionText(i18n, conflict, script)
            : tr(i18n, t.versionOther, { reason: error.message }),
        };
    }
  }
  const reason = error instanceof Error ? error.message : String(error);
  return { code: "OTHER", text: tr(i18n, t.importFailed, { reason }) };
}

export function versionText(
  i18n: I18n,
  conflict: VersionConflict,
  script: (label: string) => string,
): string {
  return tr(i18n, t.versionMismatch, { ...conflict, label: script(conflict.label) });
}
