/**
 * The search's SQLite extension (search_hits.c), compiled with the system's C compiler against the
 * headers of the SQLite that better-sqlite3 ships. `npm ci` builds it (postinstall); opening a
 * SQLite database builds it again when it is missing or older than its source.
 *   tsx server/db/sqlite-extension/build.ts
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const SOURCE = "server/db/sqlite-extension/search_hits.c";

/** The project's root: the nearest folder above this module holding the C source (this module also runs compiled, from build/server/). */
function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, SOURCE))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`${SOURCE} not found above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return dir;
}

const root = projectRoot();
const source = join(root, SOURCE);
const suffix = process.platform === "darwin" ? "dylib" : process.platform === "win32" ? "dll" : "so";

/** Where the built extension lives: build/ at the project's root, out of the source tree. */
export const searchExtensionFile = join(root, "build", "sqlite", `search_hits.${suffix}`);

function sqliteHeaders(): string {
  const pkg = createRequire(import.meta.url).resolve("better-sqlite3/package.json");
  return join(dirname(pkg), "deps", "sqlite3");
}

const isStale = (): boolean =>
  !existsSync(searchExtensionFile) || statSync(searchExtensionFile).mtimeMs < statSync(source).mtimeMs;

/** Compiles the extension unless an up-to-date one is built; returns its file. */
export function ensureSearchExtension(): string {
  if (!isStale()) return searchExtensionFile;
  mkdirSync(dirname(searchExtensionFile), { recursive: true });
  // Built beside its final name and renamed, so processes opening databases at once never load
  // a half-written file.
  const partial = `${searchExtensionFile}.${process.pid}.tmp`;
  const compiler = process.env.CC ?? "cc";
  try {
    execFileSync(compiler, ["-O2", "-fPIC", "-shared", "-I", sqliteHeaders(), source, "-o", partial], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    renameSync(partial, searchExtensionFile);
  } catch (error) {
    rmSync(partial, { force: true });
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(
      `could not compile the SQLite search extension with \`${compiler}\` (a C compiler is needed, as for better-sqlite3): ${detail}`,
    );
  }
  return searchExtensionFile;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(`SQLite search extension: ${ensureSearchExtension()}`);
}
