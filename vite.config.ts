import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { lingui } from "@lingui/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type Rollup } from "vite";
import { VitePWA, type VitePWAOptions } from "vite-plugin-pwa";
import {
  catalogueTexts,
  FIRST_SCREEN_TEXT_IDS,
  FIRST_SCREEN_TEXTS_FILE,
} from "./contract/first-screen-texts.ts";
import { firstScreenCompileHints } from "./scripts/compile-hints.ts";
import {
  FIRST_SCREEN_PROBE_ENV,
  firstScreenChunkGroups,
  isFirstScreenProbe,
  type ProbeChunk,
} from "./scripts/first-screen-chunks.ts";
import { griffelAheadOfTime } from "./scripts/griffel-ahead-of-time.ts";
import { griffelCssExtraction } from "./scripts/griffel-css-extraction.ts";
import { messageIdsOnly } from "./scripts/message-ids-only.ts";
import { locales } from "./src/i18n/locale.ts";
import { OFFLINE_PARTS_FILE } from "./src/offline/pwa/offlineParts.ts";
import { manifestPath, webManifest } from "./src/offline/pwa/webManifest.ts";
import { buildDarkTheme, buildLightTheme } from "./src/theme/themeBuild.ts";

type ManifestTransform = NonNullable<VitePWAOptions["injectManifest"]["manifestTransforms"]>[number];

/**
 * One web manifest per interface language. vite-plugin-pwa writes a single manifest, so its own
 * generation is off and this plugin writes the three (and serves them on the dev server).
 */
function webManifests(): Plugin {
  const files = locales.map((locale) => ({
    fileName: manifestPath(locale).slice(1),
    source: `${JSON.stringify(webManifest(locale), null, 2)}\n`,
  }));
  return {
    name: "canon-web-manifests",
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const file = files.find((entry) => request.url === `/${entry.fileName}`);
        if (!file) return next();
        response.setHeader("content-type", "application/manifest+json");
        response.end(file.source);
      });
    },
    generateBundle() {
      for (const file of files)
        this.emitFile({ type: "asset", fileName: file.fileName, source: file.source });
    },
  };
}

/**
 * The precache holds the app shell only: every file outside assets/ (index.html, offline.html,
 * icons, manifests) and the assets the built index.html loads itself (the entry script, its static
 * imports and styles). Lazy route chunks, locale catalogues and workers are cached when first used.
 */
function shellOnly(outDir: () => string): ManifestTransform {
  return (entries) => {
    const html = readFileSync(resolve(outDir(), "index.html"), "utf8");
    const shell = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]));
    const manifest = entries.filter((entry) => !entry.url.startsWith("assets/") || shell.has(entry.url));
    return { manifest, warnings: [] };
  };
}

/**
 * offline-parts.json lists the scripts and styles of the build a reader may need (lazy parts,
 * locale catalogues, workers), so the app can have them cached for offline use when the reader
 * downloads scriptures (src/offline/pwa/offlineParts.ts) without putting them in the install-time
 * precache. The screens that work only with the server (the administrators' and the research
 * tools), and what only they load (the statistics chart, the people graph), are left out: a chunk
 * is listed when the entry reaches it without passing through one of them.
 */
const ONLINE_ONLY_SCREENS = [
  "/src/features/admin/",
  "/src/features/char-image/",
  "/src/features/char-type/",
  "/src/features/colophon/",
  "/src/features/people/",
];

function importedByChunk(bundle: Rollup.OutputBundle, css: string): boolean {
  return Object.values(bundle).some(
    (chunk) => chunk.type === "chunk" && (chunk.viteMetadata?.importedCss.has(css) ?? false),
  );
}

function offlinePartsList(): Plugin {
  return {
    name: "canon-offline-parts",
    apply: "build",
    generateBundle(_options, bundle) {
      const onlineOnly = (file: string): boolean => {
        const chunk = bundle[file];
        const module = chunk?.type === "chunk" ? (chunk.facadeModuleId ?? "") : "";
        return ONLINE_ONLY_SCREENS.some((folder) => module.includes(folder));
      };
      const reached = new Set<string>();
      const visit = (file: string): void => {
        const chunk = bundle[file];
        if (!chunk || reached.has(file) || onlineOnly(file)) return;
        reached.add(file);
        if (chunk.type !== "chunk") return;
        for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
        for (const css of chunk.viteMetadata?.importedCss ?? []) visit(css);
      };
      for (const [file, chunk] of Object.entries(bundle))
        if (chunk.type === "chunk" && chunk.isEntry) visit(file);
      const unreached = (file: string): boolean => {
        const chunk = bundle[file];
        if (chunk?.type === "chunk") return !reached.has(file);
        // A style no reached chunk imports belongs to the online-only screens alone.
        return /\.css$/.test(file) && !reached.has(file) && importedByChunk(bundle, file);
      };
      const parts = Object.keys(bundle)
        .filter((file) => file.startsWith("assets/") && /\.(?:js|css)$/.test(file) && !unreached(file))
        .map((file) => `/${file}`)
        .sort();
      this.emitFile({ type: "asset", fileName: OFFLINE_PARTS_FILE, source: `${JSON.stringify(parts)}\n` });
    },
  };
}

/**
 * The interface texts the server draws in a first screen's page (contract/first-screen-texts.ts),
 * copied out of each language's catalogue into one file beside index.html.
 */
function firstScreenTexts(): Plugin {
  return {
    name: "canon-first-screen-texts",
    apply: "build",
    generateBundle() {
      const texts = Object.fromEntries(
        locales.map((locale) => [
          locale,
          catalogueTexts(
            readFileSync(new URL(`./locales/${locale}/messages.po`, import.meta.url), "utf8"),
            FIRST_SCREEN_TEXT_IDS,
          ),
        ]),
      );
      this.emitFile({
        type: "asset",
        fileName: FIRST_SCREEN_TEXTS_FILE,
        source: `${JSON.stringify(texts)}\n`,
      });
    },
  };
}

let resolvedOutDir = "dist";

/**
 * This configuration built again, not written, to learn which modules the first screens load
 * (scripts/first-screen-chunks.ts); the probe leaves out the service worker and the written files'
 * touches, which do not change the chunks.
 */
async function probeBuild(): Promise<ProbeChunk[]> {
  const { build } = await import("vite");
  process.env[FIRST_SCREEN_PROBE_ENV] = "1";
  try {
    const result = await build({
      configFile: new URL(import.meta.url).pathname,
      mode: "production",
      logLevel: "warn",
      build: { write: false, emptyOutDir: false, sourcemap: false, manifest: false },
    });
    const outputs = Array.isArray(result) ? result : [result];
    return outputs.flatMap((output) =>
      "output" in output ? output.output.filter((file) => file.type === "chunk") : [],
    );
  } finally {
    delete process.env[FIRST_SCREEN_PROBE_ENV];
  }
}

const firstScreen = firstScreenChunkGroups(probeBuild);
const probing = isFirstScreenProbe();

// Lingui: the app uses message descriptors with explicit ids (no macros), so no Babel pass is
// needed; @vitejs/plugin-react 6 no longer runs Babel plugins. The lingui plugin compiles the
// `.po` catalogues the app imports into message modules at build time.
export default defineConfig({
  // The Fluent themes, built here so the browser neither builds them nor carries Fluent's palettes
  // (src/theme/themes.ts, darkTheme.ts).
  define: {
    __CANON_LIGHT_THEME__: JSON.stringify(buildLightTheme()),
    __CANON_DARK_THEME__: JSON.stringify(buildDarkTheme()),
  },
  plugins: [
    messageIdsOnly(),
    firstScreenCompileHints(),
    firstScreen.plugin,
    griffelAheadOfTime(),
    react(),
    griffelCssExtraction(),
    lingui(),
    webManifests(),
    offlinePartsList(),
    firstScreenTexts(),
    {
      name: "canon-out-dir",
      configResolved(config) {
        resolvedOutDir = resolve(config.root, config.build.outDir);
      },
    },
    !probing &&
      VitePWA({
        strategies: "injectManifest",
        srcDir: "workers",
        filename: "sw.ts",
        // The app registers the worker itself (src/offline/pwa) and links its manifests.
        injectRegister: false,
        manifest: false,
        includeManifestIcons: false,
        injectManifest: {
          globPatterns: ["**/*.{html,js,css,png,svg,webmanifest}"],
          manifestTransforms: [shellOnly(() => resolvedOutDir)],
          // A classic script: the worker is registered without `type: "module"`.
          rollupFormat: "iife",
        },
      }),
  ],
  // The manifest lets the JavaScript budget check (tests/e2e/js-budget.e2e.test.ts) follow each
  // route's imports.
  build: {
    outDir: "dist",
    sourcemap: true,
    // The app's code is one file (scripts/first-screen-chunks.ts), over 500 kB before compression;
    // the JavaScript budget check weighs each route after compression.
    chunkSizeWarningLimit: 800,
    manifest: true,
    // The contract's small rule modules (limits, enumerations) are read by the route tree and by
    // many screens: one chunk, rather than a request of a few hundred bytes for each.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [...firstScreen.groups, { name: "rules", test: /[\\/]contract[\\/][a-z-]+-rules\.ts$/ }],
        },
      },
    },
  },
  worker: { format: "es" },
  server: { proxy: { "/v1": "http://127.0.0.1:8080", "/storage": "http://127.0.0.1:8080" } },
});
