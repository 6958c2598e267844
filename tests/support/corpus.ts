import { existsSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * The canon corpus the tests read (never copied into the repository): CANON_DIR, else the
 * `shared/corpus` folder beside this checkout, else the workplace's shared folder.
 */
export function corpusDir(): string {
  if (process.env.CANON_DIR) return resolve(process.env.CANON_DIR);
  const candidates = [resolve("../shared/corpus"), "/work/shared/corpus"];
  const found = candidates.find((dir) => existsSync(dir));
  if (!found) throw new Error(`canon corpus not found: set CANON_DIR (looked in ${candidates.join(", ")})`);
  return found;
}

/** Import sources of folders of CBETA XML with the corpus's metadata and gaiji, without page images. */
export function xmlSources(root: string, xmlDirs: string[] = [root]) {
  return {
    root,
    xmlDirs,
    metadataDir: join(corpusDir(), "metadata"),
    gaijiDir: join(corpusDir(), "gaiji"),
    pageImagesDir: null,
  };
}
