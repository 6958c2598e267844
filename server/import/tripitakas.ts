/**
 * The tripitaka (edition) rows, from the edition catalogue `metadata/tripitakas/tripitaka-sample.csv`
 * (code, simplified name, short name, storage mode, images ready, image suffix). Traditional names
 * are derived with OpenCC. The 18 codes the screens list are marked `is_listed`; every CBETA
 * collection's edition (contract/tripitaka.ts) gets a row even without the catalogue.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { cbetaCollectionToTripitaka, listedTripitakaCodes } from "../../contract/tripitaka.ts";
import type { TripitakaTable } from "../db/schema.ts";

const LISTED: ReadonlySet<string> = new Set(listedTripitakaCodes);

const collectionOf = (code: string): string | null =>
  Object.entries(cbetaCollectionToTripitaka).find(([, tripitaka]) => tripitaka === code)?.[0] ?? null;

export function loadTripitakas(
  metadataDir: string | null,
  traditionalize: (text: string) => string,
): TripitakaTable[] {
  const rows: TripitakaTable[] = [];
  const file = metadataDir ? join(metadataDir, "tripitakas", "tripitaka-sample.csv") : null;
  if (file && existsSync(file)) {
    const lines = readFileSync(file, "utf8").split(/\r?\n/).slice(1);
    for (const line of lines) {
      const [code, name, shortName, storeMode, imgReady, , imgSuffix] = line.split(",");
      if (!code || !/^[A-Z]{2}$/.test(code) || !name) continue;
      rows.push({
        uid: code,
        name_sim: name,
        name_trad: traditionalize(name),
        short_name: shortName || name,
        store_mode: storeMode || "藏_册_页",
        img_ready: imgReady === "是" ? 1 : 0,
        img_suffix: imgSuffix || "jpg",
        cbeta_collection: collectionOf(code),
        is_listed: LISTED.has(code) ? 1 : 0,
        sn: rows.length + 1,
      });
    }
  }
  const known = new Set(rows.map((r) => r.uid));
  for (const [collection, code] of Object.entries(cbetaCollectionToTripitaka)) {
    if (known.has(code)) continue;
    rows.push({
      uid: code,
      name_sim: code,
      name_trad: code,
      short_name: code,
      store_mode: "藏_册_页",
      img_ready: 0,
      img_suffix: "jpg",
      cbeta_collection: collection,
      is_listed: LISTED.has(code) ? 1 : 0,
      sn: rows.length + 1,
    });
  }
  return rows;
}
