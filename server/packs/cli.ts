/**
 * `npm run pack:build -- <tripitaka uid | sutra uids… | group file> [options]`: builds a pack of the
 * configured canon (database and storage as the server reads them from the environment), stored
 * under `packs/` and served at /v1/packs/{name}, or written to a file with --out.
 *   --txt-types std_txt,sim_txt   text forms (default: std_txt, the download dialog's default)
 *   --pages / --no-pages          the pages' reader data (default: with pages, as the dialog)
 *   --images                      page scans and thumbnails too (implies pages)
 *   --name <name>                 a group's name (default: the group file's name)
 *   --out <file>                  write the pack to this file instead of registering it
 * Group files are described in server/packs/selection.ts.
 */
import { parseArgs } from "node:util";
import { type TxtType, txtTypes } from "../../contract/tripitaka.ts";
import { openDatabase } from "../db/connect.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { loadConfig } from "../env.ts";
import { ApiError } from "../errors.ts";
import { localStorage } from "../storage/local.ts";
import type { ObjectStorage } from "../storage/storage.ts";
import type { PackBuildDeps } from "./build-pack.ts";
import { IMPORT_PACK_FORMS } from "./import-packs.ts";
import { openPackFonts } from "./pack-fonts.ts";
import { PackContentError } from "./pack-rows.ts";
import { publishPack, writePackFile } from "./publish.ts";
import { describePack } from "./report.ts";
import { PackSelectionError, selectionOfArgs } from "./selection.ts";

const USAGE =
  "usage: npm run pack:build -- <tripitaka uid | sutra uids… | group file> " +
  "[--txt-types std_txt,sim_txt] [--pages | --no-pages] [--images] [--name <group name>] [--out <file>]";

function parseTxtTypes(value: string | undefined): TxtType[] {
  if (value === undefined) return IMPORT_PACK_FORMS.txtTypes;
  const asked = value
    .split(",")
    .map((type) => type.trim())
    .filter((type) => type !== "");
  const unknown = asked.filter((type) => !txtTypes.some((known) => known === type));
  if (asked.length === 0 || unknown.length > 0)
    throw new PackSelectionError(
      `--txt-types takes ${txtTypes.join(", ")}; not ${unknown.join(", ") || "empty"}`,
    );
  return txtTypes.filter((type) => asked.includes(type));
}

async function openStorage(config: ReturnType<typeof loadConfig>): Promise<ObjectStorage> {
  if (!config.storageUrl) return localStorage(config.storageDir);
  const { s3Storage, parseS3Url } = await import("../storage/s3.ts");
  return s3Storage(parseS3Url(config.storageUrl));
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    "txt-types": { type: "string" },
    pages: { type: "boolean" },
    "no-pages": { type: "boolean" },
    images: { type: "boolean" },
    name: { type: "string" },
    out: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help || positionals.length === 0) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}

const config = loadConfig();
const canon = openDatabase(config.database);
const storage = await openStorage(config);
const fonts = openPackFonts(config.fontFiles, storage, config.fonts.subsetWorkers);
try {
  await migrateToLatest(canon.db, canon.dialect);
  const forms = {
    txtTypes: parseTxtTypes(values["txt-types"]),
    withPages: values["no-pages"] ? false : (values.pages ?? IMPORT_PACK_FORMS.withPages),
    withImages: values.images ?? false,
  };
  if (values["no-pages"] && forms.withImages) throw new PackSelectionError("--images needs the pages");
  const selection = await selectionOfArgs(canon.db, positionals, values.name);
  if (!fonts.subsetter) console.warn("no font files found (FONT_FILES): the pack has no font subsets");
  const deps: PackBuildDeps = { db: canon.db, storage, fonts: fonts.subsetter, now: () => Date.now() };
  console.log(`building a pack of ${selection.label.split("|")[0]} (${selection.sutraUids.length} sutras)`);
  if (values.out) {
    const result = await writePackFile(deps, selection, forms, values.out);
    console.log(`wrote ${values.out}`);
    for (const line of describePack(result)) console.log(line);
  } else {
    const published = await publishPack(deps, selection, forms);
    console.log(`stored ${published.summary.name}, served at ${published.summary.url}`);
    for (const line of describePack(published.result)) console.log(line);
    for (const name of published.replaced) console.log(`  replaced ${name}`);
  }
} catch (error) {
  if (
    !(error instanceof PackSelectionError || error instanceof PackContentError || error instanceof ApiError)
  )
    throw error;
  console.error(`pack:build: ${error.message}`);
  process.exitCode = 1;
} finally {
  await fonts.close();
  await canon.close();
}
