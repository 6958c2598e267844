/**
 * Packs built after an import (`npm run canon:import -- <dir> --packs`): one per tripitaka, in the
 * forms the download dialog asks by default (IMPORT_PACK_FORMS), built only when the tripitaka's
 * canon version differs from that of its last such pack.
 */
import { DEFAULT_TXT_TYPE } from "../../contract/tripitaka.ts";
import { ApiError } from "../errors.ts";
import { tripitakaCanonVersion } from "../modules/packs/canon-version.ts";
import { packRowsOfSelection } from "../modules/packs/pack-repository.ts";
import type { PackBuildDeps } from "./build-pack.ts";
import { PackContentError } from "./pack-rows.ts";
import { type PublishedPack, publishPack, selectionColumns } from "./publish.ts";
import { type PackForms, type PackSelection, selectTripitaka } from "./selection.ts";

/** The download dialog's defaults: the reader's text form (standard by default) and the pages. */
export const IMPORT_PACK_FORMS: PackForms = {
  txtTypes: [DEFAULT_TXT_TYPE],
  withPages: true,
  withImages: false,
};

export type ImportPacksReport = {
  built: PublishedPack[];
  /** Tripitakas left as they were, and why. */
  skipped: { tripitaka_uid: string; why: string }[];
};

/** Packs of the given tripitakas (default: every tripitaka). */
export async function buildImportPacks(
  deps: PackBuildDeps,
  options: { forms?: PackForms; tripitakaUids?: readonly string[] } = {},
): Promise<ImportPacksReport> {
  const { db } = deps;
  const forms = options.forms ?? IMPORT_PACK_FORMS;
  const report: ImportPacksReport = { built: [], skipped: [] };
  const all = (await db.selectFrom("tripitaka").select("uid").orderBy("uid").execute()).map((row) => row.uid);
  const wanted = options.tripitakaUids;
  for (const uid of wanted ? all.filter((one) => wanted.includes(one)) : all) {
    let selection: PackSelection;
    try {
      selection = await selectTripitaka(db, uid);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      report.skipped.push({ tripitaka_uid: uid, why: error.message });
      continue;
    }
    const version = await tripitakaCanonVersion(db, uid);
    const current = await packRowsOfSelection(db, selectionColumns(selection, forms));
    if (current.some((row) => row.canon_version === version)) {
      report.skipped.push({ tripitaka_uid: uid, why: `its pack is of the current canon version ${version}` });
      continue;
    }
    try {
      report.built.push(await publishPack(deps, selection, forms));
    } catch (error) {
      if (!(error instanceof PackContentError)) throw error;
      report.skipped.push({ tripitaka_uid: uid, why: error.message });
    }
  }
  return report;
}
