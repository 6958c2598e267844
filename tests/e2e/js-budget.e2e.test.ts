/**
 * The JavaScript budget of the reader's first routes, read from Vite's manifest of the build the
 * browser tests' global set-up made (`.vite/manifest.json`, written with `build.manifest: true`).
 * A route loads the static-import closure of its root modules (each manifest entry's `file` and,
 * recursively, its `imports`; `dynamicImports` load later, on demand) and the zh-CN catalogue;
 * their gzip sizes (level 9) add up to the route's weight. A module imported eagerly where it used
 * to load on demand shows here as a route over its budget, with the files that grew it.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Manifest } from "vite";
import { describe, expect, inject, it } from "vitest";
import { SCREEN_MODULES } from "../../contract/app-screens.ts";
import { COMPILE_HINT } from "../../scripts/compile-hints.ts";
import { LATER_CATALOGUE_FOLDERS } from "../../src/i18n/catalogueGroups.ts";

/**
 * Each route's budget: KiB of JavaScript after gzip (level 9), catalogue included. (Not exported:
 * the linter forbids exports from a test file, which would run its tests wherever it is imported.)
 */
const JS_BUDGET_KIB = { reel: 200, home: 330, search: 314 } as const;
/**
 * The most files each route may load: each is a request on a cold start and a read of the cache
 * and a preload link on a warm one (the build groups a first screen's code, scripts/first-screen-chunks.ts).
 */
const MAX_ROUTE_FILES = { reel: 12, home: 56, search: 48 } as const;

type RouteName = keyof typeof JS_BUDGET_KIB;

const ENTRY = ["index.html", "src/app/start.tsx"];
/** A route's root modules, as the manifest keys them (source paths). */
const ROUTE_ROOTS: Record<RouteName, readonly string[]> = {
  reel: [...ENTRY, "src/app/routes/ReelScreen.tsx"],
  home: [...ENTRY, "src/app/routes/TripitakaScreen.tsx"],
  search: [...ENTRY, "src/features/search/SearchScreen.tsx"],
};
/** Every route shows its text in the default interface language. */
const CATALOGUE = "locales/zh-CN/messages.po";

type RouteFile = { file: string; gzipBytes: number };

function readManifest(distDir: string): Manifest {
  const path = join(distDir, ".vite", "manifest.json");
  if (!existsSync(path))
    throw new Error(
      `${path} missing: the web build writes it only with build.manifest: true (vite.config.ts)`,
    );
  return JSON.parse(readFileSync(path, "utf8")) as Manifest;
}

/**
 * The files a route loads before it shows: the output files of its roots and of everything they
 * import statically, each once. A root the manifest does not hold fails the route by name.
 */
function staticClosure(manifest: Manifest, route: string, roots: readonly string[]): Set<string> {
  const missing = roots.filter((root) => !(root in manifest));
  if (missing.length > 0)
    throw new Error(`${route} route: not in the build's manifest: ${missing.join(", ")}`);
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string, from: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${route} route: ${from} imports ${key}, which the manifest does not hold`);
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next, key);
  };
  for (const root of roots) visit(root, "the route");
  return files;
}

const kib = (bytes: number): string => (bytes / 1024).toFixed(1);

describe("the JavaScript each first route loads", () => {
  const distDir = inject("e2eWebDistDir");
  const gzipped = new Map<string, number>();
  const gzipBytes = (file: string): number => {
    let size = gzipped.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(distDir, file)), { level: 9 }).byteLength;
      gzipped.set(file, size);
    }
    return size;
  };

  for (const route of Object.keys(JS_BUDGET_KIB) as RouteName[]) {
    it(`${route}: within ${JS_BUDGET_KIB[route]} KiB gzip and ${MAX_ROUTE_FILES[route]} files`, () => {
      const manifest = readManifest(distDir);
      const closure = staticClosure(manifest, route, [...ROUTE_ROOTS[route], CATALOGUE]);
      const files: RouteFile[] = [...closure]
        .map((file) => ({ file, gzipBytes: gzipBytes(file) }))
        .sort((a, b) => b.gzipBytes - a.gzipBytes);
      const total = files.reduce((sum, f) => sum + f.gzipBytes, 0);
      const budget = JS_BUDGET_KIB[route];
      const largest = files
        .slice(0, 10)
        .map((f) => `    ${kib(f.gzipBytes).padStart(7)} KiB  ${f.file}`)
        .join("\n");
      const report = [
        `${route} route JS: ${kib(total)} KiB gzip in ${files.length} files (budget ${budget} KiB gzip, at most ${MAX_ROUTE_FILES[route]} files)`,
        "  largest files:",
        largest,
        "",
      ].join("\n");
      expect(Number(kib(total)), report).toBeLessThanOrEqual(budget);
      expect(files.length, report).toBeLessThanOrEqual(MAX_ROUTE_FILES[route]);
    });
  }
});

/** The source modules bundled into a built file, by its source map, as paths from the repository. */
function sourcesOf(distDir: string, file: string): string[] {
  const mapPath = join(distDir, `${file}.map`);
  if (!existsSync(mapPath)) return [];
  const map = JSON.parse(readFileSync(mapPath, "utf8")) as { sources: string[] };
  return map.sources.map((source) => source.replace(/^(?:\.\.\/)+/, ""));
}

describe("the texts each first route shows", () => {
  const distDir = inject("e2eWebDistDir");

  for (const route of Object.keys(ROUTE_ROOTS) as RouteName[]) {
    it(`${route}: none of its code defines texts of the catalogue that loads later`, () => {
      const closure = staticClosure(readManifest(distDir), route, ROUTE_ROOTS[route]);
      const laterTexts = [...closure]
        .flatMap((file) => sourcesOf(distDir, file))
        .filter((source) => LATER_CATALOGUE_FOLDERS.some((folder) => source.startsWith(`${folder}/`)))
        .filter((source) => existsSync(source) && readFileSync(source, "utf8").includes("/*i18n*/"));
      // Such a module's texts would show untranslated until the later catalogue arrives: load it
      // as a lazy part with { texts: "later" } instead (src/ui/lazyPart.tsx).
      expect(laterTexts).toEqual([]);
    });
  }
});

describe("the code each first route loads", () => {
  const distDir = inject("e2eWebDistDir");

  for (const route of Object.keys(ROUTE_ROOTS) as RouteName[]) {
    it(`${route}: every file is compiled as it downloads (V8's compile hint on its first line)`, () => {
      const closure = staticClosure(readManifest(distDir), route, ROUTE_ROOTS[route]);
      const scripts = [...closure].filter((file) => file.endsWith(".js"));
      const unhinted = scripts.filter(
        (file) => !readFileSync(join(distDir, file), "utf8").startsWith(`${COMPILE_HINT}\n`),
      );
      expect(scripts.length).toBeGreaterThan(0);
      expect(unhinted).toEqual([]);
    });
  }

  it("leaves the files no first route loads without the hint", () => {
    const manifest = readManifest(distDir);
    const firstRouteFiles = staticClosure(manifest, "any first", [
      ...ENTRY,
      ...Object.values(SCREEN_MODULES),
    ]);
    const later = Object.values(manifest)
      .map((chunk) => chunk.file)
      .filter((file) => file.endsWith(".js") && !firstRouteFiles.has(file));
    const hinted = later.filter((file) => readFileSync(join(distDir, file), "utf8").startsWith(COMPILE_HINT));
    expect(later.length).toBeGreaterThan(0);
    expect(hinted).toEqual([]);
  });
});

describe("the styles of the built app", () => {
  const distDir = inject("e2eWebDistDir");

  it("are CSS resolved when the app is built: no file carries Griffel's style compiler", () => {
    const scripts = Object.values(readManifest(distDir))
      .map((chunk) => chunk.file)
      .filter((file) => file.endsWith(".js"));
    // `resolveStyleRules` and stylis turn style objects into CSS; scripts/griffel-ahead-of-time.ts
    // does that at build time, so a page only inserts the rules.
    const compilers = scripts.filter((file) =>
      sourcesOf(distDir, file).some(
        (source) =>
          source.includes("node_modules/stylis/") ||
          source.includes("@griffel/core/src/runtime/resolveStyleRules"),
      ),
    );
    expect(scripts.length).toBeGreaterThan(0);
    expect(compilers).toEqual([]);
  });
});
