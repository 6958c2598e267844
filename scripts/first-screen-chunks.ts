/**
 * A Vite plugin: the code a first screen loads before its first render comes in a dozen files,
 * not in one file for each set of parts that happen to share a module. Left to itself, the bundler
 * gave a reel forty chunks, most under a kilobyte: forty requests on a cold start, forty reads of
 * the cache and forty preload links on a warm one, each costing the page's thread and the browser
 * more than its bytes.
 *
 * Which modules a first screen runs is only known once the bundler has shaken the unused exports
 * out (a screen imports three components of a library whose index names three hundred), so the
 * build runs twice: a probe build, not written, whose chunks say which modules the entry, the app
 * and each first screen load (contract/app-screens.ts), then the build itself, whose code-splitting
 * groups put those modules together:
 *   - `entry`: what the entry (src/main.tsx) imports; it runs before anything else;
 *   - `app`: what the app proper loads, less the entry's;
 *   - `screen-<names>`: what only first screens load, one chunk for each set of screens that load
 *     it (`screen-reel`, `screen-home-search`), so that no screen loads another's code, and lazy
 *     parts loaded under those screens alone (the reel's reading guide) import from it;
 *   - what lazy parts share with first screens and may load under other screens (a dialog the
 *     home and the feedback drawer both open) stays split as the bundler split it, so that the
 *     part does not load a screen's code with it;
 *   - a small piece of the last two, which imports nothing but what the app loads, goes with the
 *     app's code: a few kilobytes more for every screen against a request less.
 * What is imported lazily (the app, each screen, lazy parts) keeps a chunk of its own.
 */
import type { Plugin, Rollup } from "vite";
import { APP_MODULE, SCREEN_MODULES } from "../contract/app-screens.ts";

const ENTRY_MODULE = "src/main.tsx";

/** Set while the probe build runs, so that its configuration leaves out what only the real build needs. */
export const FIRST_SCREEN_PROBE_ENV = "CANON_FIRST_SCREEN_PROBE";

export const isFirstScreenProbe = (): boolean => process.env[FIRST_SCREEN_PROBE_ENV] === "1";

/** A set of screens' code smaller than this (bytes, before minifying) is loaded with the app's. */
const SMALL_GROUP_BYTES = 24_000;

/** A chunk left as it is but smaller than this (bytes, before minifying) is loaded with the app's. */
const TINY_CHUNK_BYTES = 4_000;

export type ProbeChunk = Pick<
  Rollup.OutputChunk,
  | "fileName"
  | "imports"
  | "dynamicImports"
  | "facadeModuleId"
  | "isEntry"
  | "isDynamicEntry"
  | "moduleIds"
  | "modules"
>;

const SCREEN_NAMES = Object.keys(SCREEN_MODULES).sort() as (keyof typeof SCREEN_MODULES)[];

/** Every set of first screens, the larger first. */
function screenSets(): string[][] {
  const sets: string[][] = [];
  for (let mask = 1; mask < 1 << SCREEN_NAMES.length; mask++)
    sets.push(SCREEN_NAMES.filter((_name, index) => mask & (1 << index)));
  return sets.sort((a, b) => b.length - a.length);
}

/** Every group's name, the more widely loaded first. */
const GROUP_NAMES: readonly string[] = [
  "entry",
  "app",
  ...screenSets().map((set) => `screen-${set.join("-")}`),
];

/** The chunks a chunk loads before it runs: itself and its static imports, recursively. */
function loadedWith(byFile: Map<string, ProbeChunk>, root: ProbeChunk | undefined): Set<string> {
  const files = new Set<string>();
  const pending = root ? [root.fileName] : [];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    pending.push(...(byFile.get(file)?.imports ?? []));
  }
  return files;
}

/** Where a chunk may load: under these first screens, or (`ANYWHERE`) under any screen at all. */
const ANYWHERE = "*";

/**
 * For every chunk, the first screens under which it may be loaded: `ANYWHERE` for what the entry
 * and the app load; else those of the parts whose loading brings it in (a screen's own chunk: that
 * screen; a lazy part: wherever a chunk that imports it may be loaded), found by iterating until
 * nothing changes (lazy parts load lazy parts).
 */
function whereLoaded(
  chunks: readonly ProbeChunk[],
  byFile: Map<string, ProbeChunk>,
  always: Set<string>,
  screenOfRoot: Map<string, string>,
): Map<string, Set<string>> {
  const importers = new Map<string, string[]>();
  const partsBringing = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, key: string, value: string) => {
    const values = map.get(key);
    if (values) values.push(value);
    else map.set(key, [value]);
  };
  for (const chunk of chunks) for (const file of chunk.dynamicImports) add(importers, file, chunk.fileName);
  for (const part of chunks.filter((chunk) => chunk.isDynamicEntry))
    for (const file of loadedWith(byFile, part)) add(partsBringing, file, part.fileName);

  const where = new Map(chunks.map((chunk) => [chunk.fileName, new Set<string>()]));
  for (const file of always) where.get(file)?.add(ANYWHERE);
  for (let changed = true; changed; ) {
    changed = false;
    for (const chunk of chunks) {
      const places = where.get(chunk.fileName) ?? new Set();
      const before = places.size;
      for (const part of partsBringing.get(chunk.fileName) ?? []) {
        const screen = screenOfRoot.get(part);
        if (screen) places.add(screen);
        else
          for (const importer of importers.get(part) ?? [])
            for (const place of where.get(importer) ?? []) places.add(place);
      }
      changed ||= places.size !== before;
    }
  }
  return where;
}

const bytesOf = (chunk: ProbeChunk | undefined): number =>
  Object.values(chunk?.modules ?? {}).reduce((sum, module) => sum + module.renderedLength, 0);

/** The group of each module a first screen loads, read from the probe build's chunks. */
export function firstScreenGroups(chunks: readonly ProbeChunk[]): Map<string, string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const facade = (source: string) => chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/${source}`));
  const entry = loadedWith(
    byFile,
    chunks.find((chunk) => chunk.isEntry),
  );
  const app = loadedWith(byFile, facade(APP_MODULE));
  const screens = SCREEN_NAMES.map((name) => {
    const root = facade(SCREEN_MODULES[name]);
    return { name, root: root?.fileName, files: loadedWith(byFile, root) };
  });
  const where = whereLoaded(
    chunks,
    byFile,
    new Set([...entry, ...app]),
    new Map(screens.flatMap(({ name, root }) => (root ? [[root, name] as const] : []))),
  );

  // Each chunk a first screen loads: with the entry's, the app's or some screens' code, or (a
  // chunk a lazy part may load under another screen, which would then load all that code) left
  // as it is.
  const groupOfFile = new Map<string, string | null>();
  for (const file of [...entry, ...app, ...screens.flatMap((screen) => [...screen.files])]) {
    if (groupOfFile.has(file)) continue;
    const names: string[] = screens.filter((screen) => screen.files.has(file)).map((screen) => screen.name);
    const onlyUnderThem = [...(where.get(file) ?? [])].every((place) => names.includes(place));
    const group = entry.has(file) ? "entry" : app.has(file) ? "app" : `screen-${names.join("-")}`;
    groupOfFile.set(file, group.startsWith("screen-") && !onlyUnderThem ? null : group);
  }
  // A small file goes with the app's code, when all it imports is loaded with the app already.
  const groupBytes = new Map<string, number>();
  for (const [file, group] of groupOfFile)
    if (group) groupBytes.set(group, (groupBytes.get(group) ?? 0) + bytesOf(byFile.get(file)));
  const small = (file: string, group: string | null): boolean =>
    group === null
      ? bytesOf(byFile.get(file)) < TINY_CHUNK_BYTES
      : (groupBytes.get(group) ?? 0) < SMALL_GROUP_BYTES;
  const withApp = (file: string): boolean => ["entry", "app"].includes(groupOfFile.get(file) ?? "");
  for (let moved = true; moved; ) {
    moved = false;
    for (const [file, group] of groupOfFile) {
      if (group === "entry" || group === "app" || !small(file, group)) continue;
      if (!(byFile.get(file)?.imports ?? []).every(withApp)) continue;
      groupOfFile.set(file, "app");
      moved = true;
    }
  }

  // What is imported lazily (the app, the screens, lazy parts) keeps a chunk of its own, which the
  // manifest names by its source and which an import() loads without a group's other code.
  const roots = new Set(chunks.flatMap((chunk) => (chunk.isDynamicEntry && chunk.facadeModuleId) || []));
  const groups = new Map<string, string>();
  for (const [file, group] of groupOfFile) {
    const chunk = byFile.get(file);
    if (!chunk || group === null) continue;
    for (const id of chunk.moduleIds) {
      // So does the entry's own code (index.html's script).
      const entryItself = chunk.isEntry && (id === chunk.facadeModuleId || id.endsWith(`/${ENTRY_MODULE}`));
      if (!roots.has(id) && !entryItself) groups.set(id, group);
    }
  }
  return groups;
}

/**
 * The plugin, which runs the probe build (`probe`) before the real build starts, and the groups that
 * read what it found (for `build.rolldownOptions.output.codeSplitting.groups`). In the probe build
 * itself neither does anything.
 */
export function firstScreenChunkGroups(probe: () => Promise<readonly ProbeChunk[]>): {
  plugin: Plugin;
  groups: {
    name: string;
    priority: number;
    test: (id: string) => boolean;
    includeDependenciesRecursively: boolean;
  }[];
} {
  let groupOf = new Map<string, string>();
  const plugin: Plugin = {
    name: "canon-first-screen-chunks",
    apply: (_config, { command }) => command === "build" && !isFirstScreenProbe(),
    // Before the build proper starts (a hook of Vite's, which the bundler does not time).
    async configResolved(config) {
      if (!config.build.watch) groupOf = firstScreenGroups(await probe());
    },
  };
  const groups = GROUP_NAMES.map((name, index) => ({
    name,
    priority: GROUP_NAMES.length - index,
    test: (id: string) => groupOf.get(id) === name,
    // A screen's code imports what lazy parts share with it rather than take it in.
    includeDependenciesRecursively: !name.startsWith("screen-"),
  }));
  return { plugin, groups };
}
