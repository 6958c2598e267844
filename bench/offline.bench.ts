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
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { build } from "vite";
import { openDatabase } from "../server/db/connect.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import { importCanon } from "../server/import/import-canon.ts";
import { localStorage } from "../server/storage/local.ts";
import { buildProduct, startServer } from "../tests/e2e/support/server.ts";
import { chromiumPath } from "../tests/support/chromium.ts";
import type { OfflineBenchPage } from "./offline-harness.ts";
import { BENCH_ADMIN, runPackBench } from "./offline-pack.ts";
import { printReport } from "./offline-report.ts";
import { corpusDir, fmt, unpackBenchCollection } from "./support.ts";
import { workerHeap } from "./worker-heap.ts";

const args = process.argv.slice(2);
const option = (name: string, fallback: number): number =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const minChars = option("--min-chars", 5_000_000);
const reps = option("--reps", 20);
const perClass = option("--per-class", 5);
const seed = option("--seed", 1);
const packMode = args.includes("--pack");
const TRIPITAKA = "JS";
const ROOT = resolve(import.meta.dirname, "..");
const WORKER_SCRIPT = "offline-bench.worker";

const log = (line: string) => process.stderr.write(`${line}\n`);

async function importJiaxing(dataDir: string): Promise<number> {
  const xmlDir = unpackBenchCollection("J");
  const canon = openDatabase({ kind: "sqlite", file: join(dataDir, "canon.db") });
  try {
    await migrateToLatest(canon.db, canon.dialect);
    const started = performance.now();
    const report = await importCanon({
      canon,
      storage: localStorage(join(dataDir, "storage")),
      sources: {
        root: dirname(xmlDir),
        xmlDirs: [xmlDir],
        metadataDir: join(corpusDir(), "metadata"),
        gaijiDir: join(corpusDir(), "gaiji"),
        pageImagesDir: null,
      },
      withPageImages: false,
    });
    log(
      `imported J: ${report.reels} reels, ${fmt(report.chars / 1e6, 1)} M chars in ${fmt((performance.now() - started) / 1000, 0)} s`,
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
  const importedChars = await importJiaxing(dataDir);
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
    if (packMode) {
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
  const download = await call(page, "download", TRIPITAKA, minChars);
  log(`downloaded in ${fmt(download.ms / 1000, 1)} s; building the index ...`);
  const index = await call(page, "index");
  const heap = {
    built: await workerHeap(context, page, WORKER_SCRIPT),
    queried: 0 as number | null,
    loaded: 0 as number | null,
  };
  log(`indexed in ${fmt(index.ms / 1000, 1)} s; timing queries ...`);
  const queries = await call(page, "queries", { seed, perClass, reps, tripitakaUid: TRIPITAKA });
  heap.queried = await workerHeap(context, page, WORKER_SCRIPT);

  log("restarting: a new page and worker on the saved index ...");
  await openHarness(page, url);
  const load = await call(page, "load");
  heap.loaded = await workerHeap(context, page, WORKER_SCRIPT);
  const first = await call(page, "first", TRIPITAKA, "佛");
  const resync = await call(page, "resync");
  await context.close();
  printReport({
    importedChars,
    download,
    index,
    queries,
    heap,
    restart: { load, first, resync },
    reps,
    perClass,
    seed,
  });
}
