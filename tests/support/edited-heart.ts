/**
 * A re-import of one changed sutra: the Heart Sutra (T08n0251, reel TS0251_1) copied from the
 * starter canon into `folder`, `from` replaced by `to` throughout, and imported into `canon`.
 * The tests of several processes use it to change what searches find.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { CanonDb } from "../../server/db/connect.ts";
import { type ImportReport, importCanon } from "../../server/import/import-canon.ts";
import type { ObjectStorage } from "../../server/storage/storage.ts";
import { corpusDir, xmlSources } from "./corpus.ts";

export async function importEditedHeart(options: {
  canon: CanonDb;
  storage: ObjectStorage;
  folder: string;
  from: string;
  to: string;
}): Promise<ImportReport> {
  const volume = join(options.folder, "T", "T08");
  mkdirSync(volume, { recursive: true });
  const heart = join(volume, "T08n0251.xml");
  cpSync(join(corpusDir(), "starter", "cbeta-p5a", "T", "T08", "T08n0251.xml"), heart);
  writeFileSync(heart, readFileSync(heart, "utf8").replaceAll(options.from, options.to));
  return importCanon({
    canon: options.canon,
    storage: options.storage,
    sources: xmlSources(options.folder),
  });
}
