import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** Where each part of a canon corpus lives (the layout of `../shared/corpus`). */
export type CanonSources = {
  /** The folder the corpus was resolved from; failures are reported relative to it. */
  root: string;
  /** Folders holding CBETA XML, laid out as `<collection>/<volume>/<file>.xml`. */
  xmlDirs: string[];
  metadataDir: string | null;
  gaijiDir: string | null;
  pageImagesDir: string | null;
  /** The persons folder: TEI biographies and the SNA tables (none: no persons are imported). */
  personsDir?: string | null;
  /**
   * CBETA collections beside contract/tripitaka.ts's, each with the tripitaka its texts are
   * imported as (the benchmarks' copies of a collection under codes of their own, bench/replicate.ts).
   */
  collections?: Readonly<Record<string, string>>;
};

const dirIfExists = (path: string): string | null => (existsSync(path) ? path : null);

/**
 * Accepts either a whole corpus folder (with `starter/cbeta-p5a`, `metadata`, `gaiji`,
 * `page-images`, `persons`) or a bare folder of CBETA XML (such as an unpacked collection archive).
 */
export function resolveCanonSources(dir: string): CanonSources {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new Error(`canon folder not found: ${dir}`);
  }
  const starter = join(dir, "starter", "cbeta-p5a");
  return {
    root: dir,
    xmlDirs: [existsSync(starter) ? starter : dir],
    metadataDir: dirIfExists(join(dir, "metadata")),
    gaijiDir: dirIfExists(join(dir, "gaiji")),
    pageImagesDir: dirIfExists(join(dir, "page-images")),
    personsDir: dirIfExists(join(dir, "persons")),
  };
}

/** Every CBETA XML file under the folders, in a stable order (collection, volume, work). */
export function listCbetaFiles(xmlDirs: string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/^[A-Z]+\d+n[A-Za-z0-9]+\.xml$/.test(entry.name)) files.push(path);
    }
  };
  for (const dir of xmlDirs) walk(dir);
  return files.sort();
}

export const displayPath = (sources: CanonSources, file: string): string =>
  relative(sources.root, file) || file;
