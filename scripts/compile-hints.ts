/**
 * A Vite plugin: the chunks a first screen loads before its first render (the entry, the app
 * proper and the four first screens, with all they import statically, contract/app-screens.ts)
 * start with V8's compile hint `//# allFunctionsCalledOnLoad`. Chromium then compiles their
 * functions while the files download, on another thread, instead of one by one on the page's
 * thread as each is first called, which is most of the work of a first load.
 *
 * The hint goes on each file's first line once the files are written, since Vite puts its own
 * first line (`__vite__mapDeps`) into chunks at the end of generation; the source map gets an
 * empty first line to match.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin, Rollup } from "vite";
import { APP_MODULE, SCREEN_MODULES } from "../contract/app-screens.ts";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";
const ENTRY_MODULE = "src/main.tsx";

/** The code with the hint on a first line of its own. */
export const withCompileHint = (code: string): string =>
  code.startsWith(COMPILE_HINT) ? code : `${COMPILE_HINT}\n${code}`;

/** A source map of code that got one more first line. */
export function shiftedOneLine(mapJson: string): string {
  const map = JSON.parse(mapJson) as { mappings: string };
  return JSON.stringify({ ...map, mappings: `;${map.mappings}` });
}

/**
 * The chunks of `bundle` a first screen loads: those of the root modules and, recursively, the
 * chunks they import statically (what the server preloads, server/plugins/web-page.ts).
 */
export function firstScreenChunks(bundle: Rollup.OutputBundle, roots: readonly string[]): Set<string> {
  const chunks = new Set<string>();
  const visit = (fileName: string): void => {
    const chunk = bundle[fileName];
    if (chunk?.type !== "chunk" || chunks.has(fileName)) return;
    chunks.add(fileName);
    for (const next of chunk.imports) visit(next);
  };
  // The entry's chunk (index.html's script) is the entry module's, whatever its facade.
  const isRoot = (chunk: Rollup.OutputChunk) =>
    chunk.isEntry || roots.some((root) => chunk.facadeModuleId?.endsWith(`/${root}`));
  for (const chunk of Object.values(bundle))
    if (chunk.type === "chunk" && isRoot(chunk)) visit(chunk.fileName);
  return chunks;
}

export function firstScreenCompileHints(): Plugin {
  let hinted = new Set<string>();
  return {
    name: "canon-first-screen-compile-hints",
    apply: "build",
    generateBundle(_options, bundle) {
      hinted = firstScreenChunks(bundle, [ENTRY_MODULE, APP_MODULE, ...Object.values(SCREEN_MODULES)]);
    },
    writeBundle(options) {
      const dir = options.dir ?? "dist";
      for (const fileName of hinted) {
        const path = join(dir, fileName);
        const code = readFileSync(path, "utf8");
        if (code.startsWith(COMPILE_HINT)) continue;
        writeFileSync(path, withCompileHint(code));
        try {
          writeFileSync(`${path}.map`, shiftedOneLine(readFileSync(`${path}.map`, "utf8")));
        } catch {
          // A chunk without a map file: nothing to shift.
        }
      }
    },
  };
}
