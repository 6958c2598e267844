/**
 * The packs the server holds, as the routes and the offline plan see them: their summaries, the
 * pack that covers a plan, and the names and keys packs are registered under.
 */
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { PlanPack } from "../../../contract/offline.ts";
import type { DownloadScope } from "../../../contract/offline-library.ts";
import type { PackSummary } from "../../../contract/packs.ts";
import { type TxtType, txtTypes } from "../../../contract/tripitaka.ts";
import type { Database } from "../../db/schema.ts";
import { listPackRows, type PackRow, packRowsOfVersion } from "./pack-repository.ts";

type Db = Kysely<Database>;

/** Storage folder of the packs; a pack's key is `packs/{name}`. */
export const PACKS_FOLDER = "packs";
export const packKey = (name: string): string => `${PACKS_FOLDER}/${name}`;
export const packUrl = (name: string): string => `/v1/packs/${name}`;

/** The sha256 of sutra uids as a set: sorted, joined by newlines. */
export function sutraUidsHash(uids: readonly string[]): string {
  const sorted = [...new Set(uids)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash("sha256").update(sorted.join("\n")).digest("hex");
}

/** Text forms as a set, in the canonical order, comma-joined. */
export const txtTypesKey = (types: readonly TxtType[]): string =>
  txtTypes.filter((type) => types.includes(type)).join(",");

const formsOf = (key: string): TxtType[] => txtTypes.filter((type) => key.split(",").includes(type));

export function packSummary(row: PackRow): PackSummary {
  return {
    name: row.name,
    url: packUrl(row.name),
    tripitaka_uid: row.tripitaka_uid,
    scope: JSON.parse(row.scope) as DownloadScope,
    label: row.label,
    txt_types: formsOf(row.txt_types),
    with_pages: row.with_pages === 1,
    with_images: row.with_images === 1,
    sutra_count: row.sutra_count,
    canon_version: row.canon_version,
    bytes: row.bytes,
    manifest_sha256: row.manifest_sha256,
    created_at: row.created_at,
  };
}

/** The packs held, without those carrying page scans unless `scansOffered`. */
export async function listPacks(
  db: Db,
  tripitakaUid: string | undefined,
  scansOffered: boolean,
): Promise<PackSummary[]> {
  const rows = await listPackRows(db, tripitakaUid);
  return rows.filter((row) => scansOffered || row.with_images !== 1).map(packSummary);
}

export type CoverQuery = {
  tripitakaUid: string;
  canonVersion: string;
  sutraUids: readonly string[];
  txtTypes: readonly TxtType[];
  withPages: boolean;
  withImages: boolean;
  /** The plan takes every page of the tripitaka (a whole-tripitaka download), not only its reels'. */
  allPages: boolean;
  /** Packs that carry page scans may be offered (the site does not limit page-image views). */
  scansOffered: boolean;
};

/**
 * The newest pack that covers a plan exactly: same tripitaka and canon version, the same sutras and
 * text forms as sets, and the pages and images asked for (a plan of every page of a tripitaka needs
 * a pack of the whole tripitaka, which has them too).
 */
export async function coveringPack(db: Db, query: CoverQuery): Promise<PlanPack | null> {
  const sutras = sutraUidsHash(query.sutraUids);
  const forms = txtTypesKey(query.txtTypes);
  for (const row of await packRowsOfVersion(db, query.tripitakaUid, query.canonVersion)) {
    if (row.sutra_uids_hash !== sutras || row.txt_types !== forms) continue;
    if (query.withPages && row.with_pages !== 1) continue;
    if (query.withImages && row.with_images !== 1) continue;
    if (!query.scansOffered && row.with_images === 1) continue;
    const wholeTripitaka = (JSON.parse(row.scope) as DownloadScope).kind === "tripitaka";
    if (query.withPages && query.allPages && !wholeTripitaka) continue;
    return {
      url: packUrl(row.name),
      bytes: row.bytes,
      manifest_sha256: row.manifest_sha256,
      canon_version: row.canon_version,
    };
  }
  return null;
}
