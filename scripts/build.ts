/**
 * Builds what `npm start` serves, each part only when its sources changed since it was last built:
 * the web app (Vite, into WEB_DIST_DIR or dist/, with Brotli and gzip copies of its text files,
 * scripts/precompress.ts) and the server as JavaScript (tsc with
 * tsconfig.server.json, into build/server/). A part's sources are fingerprinted (sha256 over every
 * file's path and content); the fingerprint of what an output was built from is kept under
 * build/fingerprints/ (not in the web build, which is served as it is).
 *   tsx scripts/build.ts [--force]
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative, resolve } from "node:path";
import { precompress } from "./precompress.ts";

const ROOT = resolve(import.meta.dirname, "..");
const FINGERPRINTS = join(ROOT, "build", "fingerprints");

type Part = {
  name: string;
  /** Files and folders (walked) whose content the output depends on. */
  sources: string[];
  out: string;
  /** A file every complete output holds. */
  marker: string;
  build(): Promise<void> | void;
};

function filesOf(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => entry.name !== "node_modules" && !entry.name.startsWith("."))
    .flatMap((entry) => filesOf(join(path, entry.name)));
}

function fingerprint(sources: readonly string[]): string {
  const hash = createHash("sha256");
  const files = sources.flatMap((source) => filesOf(join(ROOT, source))).sort();
  for (const file of files) {
    hash.update(relative(ROOT, file));
    hash.update("\0");
    hash.update(readFileSync(file));
    hash.update("\0");
  }
  return hash.digest("hex");
}

async function buildWeb(outDir: string): Promise<void> {
  // Vite keeps a NODE_ENV it finds set; anything but "production" ships React's development build.
  process.env.NODE_ENV = "production";
  const { build } = await import("vite");
  await build({ root: ROOT, mode: "production", logLevel: "warn", build: { outDir, emptyOutDir: true } });
  await precompress(outDir);
}

function buildServer(outDir: string): void {
  rmSync(outDir, { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  execFileSync(process.execPath, [tsc, "-p", join(ROOT, "tsconfig.server.json")], {
    cwd: ROOT,
    stdio: "inherit",
  });
}

const webDist = resolve(ROOT, process.env.WEB_DIST_DIR ?? "dist");
const serverOut = join(ROOT, "build", "server");

const parts: Part[] = [
  {
    name: "web app",
    sources: [
      "src",
      "workers",
      "contract",
      "public",
      "locales",
      "index.html",
      "vite.config.ts",
      // The build's own plugins (compile hints, message ids) and its precompression.
      "scripts",
      "lingui.config.ts",
      "tsconfig.json",
      "package-lock.json",
    ],
    out: webDist,
    marker: "index.html",
    build: () => buildWeb(webDist),
  },
  {
    name: "server",
    sources: [
      "server",
      "contract",
      // Pack building shares the search worker's index code.
      "workers/search",
      "tsconfig.json",
      "tsconfig.server.json",
      "package-lock.json",
    ],
    out: serverOut,
    marker: join("server", "main.js"),
    build: () => buildServer(serverOut),
  },
];

const force = process.argv.includes("--force");
mkdirSync(FINGERPRINTS, { recursive: true });
for (const part of parts) {
  const stamp = join(FINGERPRINTS, `${part.name.replace(/\W+/g, "-")}.txt`);
  // The output's place is part of what it was built as: another WEB_DIST_DIR is another build.
  const wanted = `${part.out}\n${fingerprint(part.sources)}`;
  const built = existsSync(stamp) ? readFileSync(stamp, "utf8").trim() : null;
  if (!force && built === wanted && existsSync(join(part.out, part.marker))) {
    console.log(`${part.name}: up to date (${relative(ROOT, part.out)})`);
    continue;
  }
  const started = Date.now();
  await part.build();
  writeFileSync(stamp, `${wanted}\n`);
  console.log(`${part.name}: built into ${relative(ROOT, part.out)} in ${Date.now() - started} ms`);
}
