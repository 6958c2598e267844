/**
 * Offline search in real Chromium: the Jiaxing collection (bench corpus J, 14.5 M chars) imported
 * into a fresh SQLite database behind the real server; a page built with the web app
 * (bench/offline-harness.ts) downloads at least 5 M chars of it (std_txt, sutra by sutra) through
 * the app's download manager, then builds the search index in a worker with the engine of
 * workers/search.worker.ts. Prints the download time and stored bytes per million chars, the index
 * build time and size, the worker's heap, query latency p50/p95 inside the worker for 1-, 2-, 4-
 * and 8-char queries, common and rare (picked from the indexed text by bench/search-queries.ts),
 * and what a restart does (it must load the saved index, not build it again). Never fails on time.
 *   npm run bench:offline
 *   npm run bench:offline -- --min-chars 5000000 --reps 20 --per-class 5 --seed 1
 * With --pack it measures packs instead (bench/offline-pack.ts) over the same chars:
 *   npm run bench:offline -- --pack [--min-chars 5000000]
 * With --collections (J, T or J,T: the collections imported; J alone by default) and --pack, it
 * measures canon-scale installs through packs (bench/offline-scale.ts), over every sutra of the
 * collections unless --min-chars is given:
 *   npm run bench:offline -- --collections J,T --pack [--min-chars 14000000]
 * With --flexsearch as well, the first collection's queries also run through FlexSearch 0.8's
 * persistent IndexedDB index, built over the same reels (bench/flexsearch-compare.ts).
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { build } from "vite";
import { cbetaCollectionToTripitaka } from "../contract/tripitaka.ts";
import { openDatabase } from "../server/db/connect.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import { importCanon } from "../server/import/import-canon.ts";
import { localStorage } from "../server/storage/local.ts";
import { buildProduct, startServer } from "../tests/e2e/support/server.ts";
import { chromiumPath } from "../tests/support/chromium.ts";
import type { OfflineBenchPage } from "./offline-harness.ts";
import { BENCH_ADMIN, runPackBench } from "./offline-pack.ts";
import { printReport } from "./offline-report.ts";
import { runScaleBench } from "./offline-scale.ts";
import { corpusDir, fmt, unpackBenchCollection } from "./support.ts";
import {
  pageMemory,
  samplePageMemory,
  sampleWorkerMemory,
  type WorkerMemory,
  workerMemory,
} from "./worker-heap.ts";

const args = process.argv.slice(2);
const option = (name: string, fallback: number): number =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const minChars = option("--min-chars", 5_000_000);
const reps = option("--reps", 20);
const perClass = option("--per-class", 5);
const seed = option("--seed", 1);
const packMode = args.includes("--pack");
const collectionsArg = args.includes("--collections") ? args[args.indexOf("--collections") + 1] : undefined;
const collections = (collectionsArg ?? "J").split(",").map((c) => c.trim().toUpperCase());
for (const collection of collections)
  if (collection !== "J" && collection !== "T")
    throw new Error(`--collections: J, T or J,T, not ${collection}`);
/** With --collections and --pack, the packs of every collection (all of it unless --min-chars). */
const scaleMode = packMode && collectionsArg !== undefined;
const scaleChars = args.includes("--min-chars") ? minChars : Number.POSITIVE_INFINITY;
const tripitakaUids = collections.map((c) => cbetaCollectionToTripitaka[c] as string);
const TRIPITAKA = tripitakaUids[0] as string;
const ROOT = resolve(import.meta.dirname, "..");
const WORKER_SCRIPT = "offline-bench.worker";

const log = (line: string) => process.stderr.write(`${line}\n`);

async function importCollections(dataDir: string): Promise<number> {
  const xmlDirs = collections.map((c) => unpackBenchCollection(c as "J" | "T"));
  const canon = openDatabase({ kind: "sqlite", file: join(dataDir, "canon.db") });
  try {
    await migrateToLatest(canon.db, canon.dialect);
    const started = performance.now();
    const report = await importCanon({
      canon,
      storage: localStorage(join(dataDir, "storage")),
      sources: {
        // One collection's folder, or the folder of every collection's (as bench:search imports).
        root: xmlDirs.length === 1 ? dirname(xmlDirs[0] as string) : dirname(dirname(xmlDirs[0] as string)),
        xmlDirs,
        metadataDir: join(corpusDir(), "metadata"),
        gaijiDir: join(corpusDir(), "gaiji"),
        pageImagesDir: null,
      },
      withPageImages: false,
    });
    log(
      `imported ${collections.join(",")}: ${report.reels} reels, ${fmt(report.chars / 1e6, 1)} M chars in ${fmt((performance.now() - started) / 1000, 0)} s`,
    );
    return report.chars;
  } finally {
    await canon.close();
  }
}

/** The bench page and its worker, built beside the app so the server serves them. */
async function buildHarness(outDir: string): Promise<void> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({
      configFile: false,
      root: ROOT,
      mode: "production",
      logLevel: "warn",
      worker: { format: "es" },
      build: {
        outDir,
        emptyOutDir: false,
        rollupOptions: { input: { harness: join(ROOT, "bench/offline-harness.html") } },
      },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

type Bench = { [K in keyof OfflineBenchPage]: Awaited<ReturnType<OfflineBenchPage[K]>> };

async function openHarness(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => "offlineBench" in window);
}

const call = <K extends keyof OfflineBenchPage>(
  page: Page,
  name: K,
  ...params: Parameters<OfflineBenchPage[K]>
) =>
  page.evaluate(
    ([method, list]) => {
      const bench = (window as unknown as { offlineBench: Record<string, (...a: unknown[]) => unknown> })
        .offlineBench;
      return bench[method]?.(...list);
    },
    [name, params] as const,
  ) as Promise<Bench[K]>;

const workDir = mkdtempSync(join(tmpdir(), "canon-bench-offline-"));
const dataDir = join(workDir, "data");
mkdirSync(dataDir, { recursive: true });
const webDistDir = join(workDir, "dist");
try {
  const importedChars = await importCollections(dataDir);
  log("building the web app and the bench page ...");
  buildProduct(webDistDir);
  await buildHarness(webDistDir);
  const server = await startServer({
    workDir,
    webDistDir,
    env: {
      JWT_SECRET: "bench-secret-0123456789-0123456789-0123456789",
      ADMIN_USERNAME: BENCH_ADMIN.username,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
    },
  });
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    if (scaleMode) {
      await runScaleBench({
        browser,
        baseUrl: server.baseUrl,
        harnessUrl: `${server.baseUrl}/bench/offline-harness.html`,
        dataDir,
        tripitakaUids,
        minChars: scaleChars,
        reps,
        perClass,
        seed,
        call,
        log,
        flexsearch: args.includes("--flexsearch"),
      });
    } else if (packMode) {
      await runPackBench({
        browser,
        baseUrl: server.baseUrl,
        harnessUrl: `${server.baseUrl}/bench/offline-harness.html`,
        dataDir,
        tripitakaUid: TRIPITAKA,
        minChars,
        call,
        log,
      });
    } else await measureDownloadAndIndex(browser, server.baseUrl, importedChars);
  } finally {
    await browser.close();
    await server.stop();
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

async function measureDownloadAndIndex(browser: Browser, baseUrl: string, importedChars: number) {
  const context = await browser.newContext({ locale: "zh-CN", serviceWorkers: "block" });
  const page = await context.newPage();
  page.setDefaultTimeout(1_800_000);
  const url = `${baseUrl}/bench/offline-harness.html`;
  await openHarness(page, url);
  log(`downloading at least ${fmt(minChars / 1e6, 1)} M chars through the download manager ...`);
  const pageSampler = await samplePageMemory(context, page);
  const download = await call(page, "download", TRIPITAKA, minChars);
  log(`downloaded in ${fmt(download.ms / 1000, 1)} s; building the index ...`);
  const memoryNow = () => workerMemory(context, page, WORKER_SCRIPT);
  const buildSampler = await sampleWorkerMemory(context, page, WORKER_SCRIPT);
  const index = await call(page, "index");
  const buildPeak = await buildSampler.stop();
  const pagePeak = await pageSampler.stop();
  const memory = {
    built: await memoryNow(),
    queried: null as WorkerMemory | null,
    loaded: null as WorkerMemory | null,
  };
  const pageHeap = {
    peak: pagePeak as WorkerMemory | null,
    built: await pageMemory(context, page),
    queried: null as WorkerMemory | null,
    loaded: null as WorkerMemory | null,
  };
  log(`indexed in ${fmt(index.ms / 1000, 1)} s; timing queries ...`);
  const picked = await call(page, "pick", { seed, perClass });
  // Picking read every text into the worker: collected before the queries' peak is sampled.
  await memoryNow();
  const querySampler = await sampleWorkerMemory(context, page, WORKER_SCRIPT);
  const queries = await call(page, "time", picked, { reps, tripitakaUid: TRIPITAKA });
  const queryPeak = await querySampler.stop();
  memory.queried = await memoryNow();
  pageHeap.queried = await pageMemory(context, page);

  log("restarting: a new page and worker on the saved index ...");
  await openHarness(page, url);
  const load = await call(page, "load");
  memory.loaded = await memoryNow();
  pageHeap.loaded = await pageMemory(context, page);
  const first = await call(page, "first", TRIPITAKA, "佛");
  const resync = await call(page, "resync");
  const heap = {
    built: memory.built?.heap ?? null,
    queried: memory.queried?.heap ?? null,
    loaded: memory.loaded?.heap ?? null,
  };
  await context.close();
  printReport({
    importedChars,
    download,
    index,
    queries,
    heap,
    memory: { ...memory, buildPeak, queryPeak },
    page: pageHeap,
    restart: { load, first, resync },
    reps,
    perClass,
    seed,
  });
}
