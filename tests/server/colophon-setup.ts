/**
 * Set-up shared by the colophon tests: reading one work of the Jiaxing canon (from the starter
 * set, or from the bench archive, extracted to memory and never written into the repository) and
 * writing it into a test database with the importer's own parser, sutra writer and colophon rows.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTextFormConverter } from "../../contract/text-forms.ts";
import type { CanonDb } from "../../server/db/connect.ts";
import { loadAuthorityCatalog } from "../../server/import/authority-catalog.ts";
import { parseCbetaXml } from "../../server/import/cbeta-parser.ts";
import { colophonRows, replaceColophons } from "../../server/import/colophons/colophon-writer.ts";
import { loadGaiji } from "../../server/import/gaiji.ts";
import { sutraToWrite } from "../../server/import/line-rows.ts";
import { prepareSutra } from "../../server/import/prepare-sutra.ts";
import { writeSutra } from "../../server/import/sutra-writer.ts";
import { corpusDir } from "../support/corpus.ts";

/** A starter file of the Jiaxing canon: `J39/J39nB470`. */
export const starterXml = (path: string): string =>
  readFileSync(join(corpusDir(), "starter", "cbeta-p5a", "J", `${path}.xml`), "utf8");

/** Files of the bench archive of the Jiaxing canon (`J21/J21nB110`), read in one pass. */
export function benchXmls(paths: readonly string[]): Map<string, string> {
  const dir = mkdtempSync(join(tmpdir(), "colophon-bench-"));
  try {
    const archive = join(corpusDir(), "bench", "cbeta-p5a-J.tar.xz");
    execFileSync("tar", ["-xJf", archive, "-C", dir, ...paths.map((path) => `J/${path}.xml`)]);
    return new Map(paths.map((path) => [path, readFileSync(join(dir, "J", `${path}.xml`), "utf8")]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Imports one single-file work of the Jiaxing canon (edition JS) as the importer does. */
export async function importWork(canon: CanonDb, name: string, xml: string, now: number): Promise<string> {
  const gaiji = loadGaiji(join(corpusDir(), "gaiji"));
  const converter = createTextFormConverter(gaiji.forms);
  const parsed = parseCbetaXml(xml, name, gaiji);
  const entry = loadAuthorityCatalog(join(corpusDir(), "metadata")).entry("J", parsed.workNo);
  const sutra = prepareSutra([parsed], "JS", entry, converter);
  await writeSutra(canon.db, sutraToWrite(sutra), {
    sourceFile: `J/${name}.xml`,
    sourceHash: `test-${name}`,
    now,
    converter,
    dialect: canon.dialect,
    alongside: (trx) => replaceColophons(trx, sutra.uid, colophonRows([xml], [parsed], sutra, gaiji)),
  });
  return sutra.uid;
}
