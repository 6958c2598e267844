/**
 * Writes a pack to a file, or into storage under `packs/` registered in the `pack` table, where a
 * newer pack of the same selection replaces the older (its row and its file go).
 */
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { finished } from "node:stream/promises";
import type { Insertable } from "kysely";
import { PACK_EXTENSION, PACK_MEDIA_TYPE } from "../../contract/pack.ts";
import type { PackSink } from "../../contract/pack-codec.ts";
import type { PackSummary } from "../../contract/packs.ts";
import type { PackTable } from "../db/tables/pack.ts";
import {
  deletePackRows,
  insertPackRow,
  type PackRow,
  packRowsOfSelection,
} from "../modules/packs/pack-repository.ts";
import { packKey, packSummary, sutraUidsHash, txtTypesKey } from "../modules/packs/pack-service.ts";
import { buildPack, type PackBuildDeps, type PackBuildResult } from "./build-pack.ts";
import type { PackForms, PackSelection } from "./selection.ts";

export type PublishedPack = { summary: PackSummary; result: PackBuildResult; replaced: string[] };

/** Builds the pack into `file`, written as the parts are made. */
export async function writePackFile(
  deps: PackBuildDeps,
  selection: PackSelection,
  forms: PackForms,
  file: string,
): Promise<PackBuildResult> {
  const stream = createWriteStream(file);
  const sink: PackSink = {
    write: (bytes) =>
      new Promise<void>((resolve, reject) =>
        stream.write(bytes, (error) => (error ? reject(error) : resolve())),
      ),
  };
  try {
    const result = await buildPack(deps, selection, forms, sink);
    stream.end();
    await finished(stream);
    return result;
  } catch (error) {
    stream.destroy();
    throw error;
  }
}

/** The columns that name a selection: packs equal in them replace one another. */
export function selectionColumns(selection: PackSelection, forms: PackForms) {
  return {
    tripitaka_uid: selection.tripitakaUid,
    scope: JSON.stringify(selection.scope),
    sutra_uids_hash: sutraUidsHash(selection.sutraUids),
    txt_types: txtTypesKey(forms.txtTypes),
    with_pages: forms.withPages || forms.withImages ? 1 : 0,
    with_images: forms.withImages ? 1 : 0,
  } satisfies Partial<PackRow>;
}

/** `JS-tripitaka-std-pages-0a1b2c3d-m5x1k2pq.canonpack`: what it holds, its canon version, when. */
export function packName(
  selection: PackSelection,
  forms: PackForms,
  canonVersion: string,
  createdAt: number,
) {
  const { scope } = selection;
  const what =
    scope.kind === "tripitaka"
      ? "tripitaka"
      : scope.kind === "sutra"
        ? scope.sutra_uid
        : `group-${sutraUidsHash(selection.sutraUids).slice(0, 8)}`;
  const formsPart = txtTypesKey(forms.txtTypes).replaceAll("_txt", "").replaceAll(",", ".");
  const parts = forms.withImages ? "-images" : forms.withPages ? "-pages" : "";
  return `${selection.tripitakaUid}-${what}-${formsPart}${parts}-${canonVersion.slice(0, 8)}-${createdAt.toString(36)}${PACK_EXTENSION}`;
}

/** Builds the pack, stores it under `packs/`, registers it and removes the packs it replaces. */
export async function publishPack(
  deps: PackBuildDeps,
  selection: PackSelection,
  forms: PackForms,
): Promise<PublishedPack> {
  const { db, storage } = deps;
  if (!storage.putFile) throw new Error("this storage cannot store a pack file");
  const dir = await mkdtemp(join(tmpdir(), "pack-"));
  try {
    const file = join(dir, `pack${PACK_EXTENSION}`);
    const result = await writePackFile(deps, selection, forms, file);
    const createdAt = result.manifest.created_at;
    const name = packName(selection, forms, result.canonVersion, createdAt);
    const row: Insertable<PackTable> = {
      ...selectionColumns(selection, forms),
      name,
      file_key: packKey(name),
      label: selection.label,
      sutra_count: selection.sutraUids.length,
      canon_version: result.canonVersion,
      bytes: result.bytes,
      manifest_sha256: result.manifestSha256,
      created_at: createdAt,
    };
    await storage.putFile(row.file_key, file, PACK_MEDIA_TYPE);
    const older = (await packRowsOfSelection(db, row)).filter((old) => old.name !== name);
    await db.transaction().execute(async (trx) => {
      await deletePackRows(
        trx,
        older.map((old) => old.name),
      );
      await insertPackRow(trx, row);
    });
    for (const old of older) await storage.remove?.(old.file_key);
    return {
      summary: packSummary(row),
      result,
      replaced: older.map((old) => old.name),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
