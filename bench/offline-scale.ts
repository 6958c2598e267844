/**
 * `npm run bench:offline -- --collections J,T --pack`: offline search at canon scale through packs.
 * Of each collection's tripitaka, its sutras in catalogue order (all of them, or until the chars
 * left of --min-chars), as one reader's group, are packed by the server (publishPack, std_txt) and
 * installed one after another in one browser profile through the app's download manager; then
 * queries are timed per tripitaka and class in the engine's worker, and the page restarted. Prints
 * install time, stored bytes per M chars, the worker's and the page's heap (peak during the
 * install, after it, after the queries, after a restart), restart to first answer, and query
 * p50/p95 per class and mode, beside the targets. Never fails on time.
 *
 * The install runs in the app's search worker (workers/search.worker.ts); the queries and the
 * restart in the bench's worker (offline-bench.worker.ts), the same engine on the same databases.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { isSutraUid } from "../contract/ids.ts";
import type { FlexComparison } from "./flexsearch-compare.ts";
import type { QueryStages, QueryTiming } from "./offline-bench.worker.ts";
import type { OfflineBenchPage } from "./offline-harness.ts";
import { adminToken, buildGroupPack, GROUP, profile, sutrasOf } from "./offline-pack.ts";
import { printQueries } from "./offline-report.ts";
import type { BenchQuery } from "./search-queries.ts";
import { fmt, percentile } from "./support.ts";
import {
  pageMemory,
  samplePageMemory,
  sampleWorkerMemory,
  type WorkerMemory,
  workerMemory,
} from "./worker-heap.ts";

type Call = <K extends keyof OfflineBenchPage>(
  page: Page,
  name: K,
  ...params: Parameters<OfflineBenchPage[K]>
) => Promise<Awaited<ReturnType<OfflineBenchPage[K]>>>;

export type ScaleBenchOptions = {
  browser: Browser;
  baseUrl: string;
  harnessUrl: string;
  dataDir: string;
  tripitakaUids: string[];
  /** Chars to install over all the tripitakas, in order (Infinity: all of them). */
  minChars: number;
  reps: number;
  perClass: number;
  seed: number;
  call: Call;
  log(line: string): void;
  /** Also runs the first tripitaka's queries through FlexSearch's IndexedDB index (bench/flexsearch-compare.ts). */
  flexsearch?: boolean;
};

/** The app's search worker and the bench's (by their scripts' names). */
const APP_WORKER = "search.worker";
const BENCH_WORKER = "offline-bench.worker";

const mib = (bytes: number) => `${fmt(bytes / 2 ** 20, 1)} MiB`;
const s = (ms: number) => `${fmt(ms / 1000, 1)} s`;
const mark = (met: boolean) => (met ? "met" : "MISSED");
const heapOf = (memory: WorkerMemory | null) => (memory === null ? "not measurable" : mib(memory.heap));
const totalOf = (memory: WorkerMemory | null) => (memory === null ? 0 : memory.heap + memory.buffers);

type Peak = (WorkerMemory & { total: number }) | null;
const peakOf = (peak: Peak) =>
  peak === null ? "not measurable" : `heap ${mib(peak.heap)}, with array buffers ${mib(peak.total)}`;

/** Where the 1-char common queries' time goes, per mode: the median over the queries of each stage. */
function printStages(stages: readonly QueryStages[]): void {
  const median = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    );
  for (const mode of ["exact", "fuzzy"] as const) {
    const mine = stages.filter((stage) => stage.mode === mode);
    if (mine.length === 0) continue;
    const part = (pick: (stage: QueryStages) => number) => fmt(median(mine.map(pick)), 1);
    console.log(
      `  1 char common ${mode.padEnd(6)} stages, p50 ms: lists read ${part((s) => s.lists)}, reels counted ${part((s) => s.count)}, rest of the answer ${part((s) => s.rest)}`,
    );
  }
}

export async function runScaleBench(options: ScaleBenchOptions): Promise<void> {
  const { call, log } = options;
  const token = await adminToken(options.baseUrl);
  const page = await profile(options, token);
  const context: BrowserContext = page.context();

  const groups: { tripitakaUid: string; group: string; sutraUids: string[]; chars: number }[] = [];
  let left = options.minChars;
  for (const tripitakaUid of options.tripitakaUids) {
    if (left <= 0) break;
    const listed = await sutrasOf(options.baseUrl, tripitakaUid, left);
    left -= listed.chars;
    // A reader's group takes only uids of the contract's shape (not e.g. Taishō's TS0150A).
    const sutraUids = listed.sutraUids.filter(isSutraUid);
    if (sutraUids.length < listed.sutraUids.length)
      log(
        `  ${tripitakaUid}: ${listed.sutraUids.length - sutraUids.length} sutras left out, their uids not taken by groups`,
      );
    const chars = listed.chars;
    const group = `${GROUP}${tripitakaUid}`;
    await call(page, "prepareGroup", tripitakaUid, group, sutraUids);
    groups.push({ tripitakaUid, group, sutraUids, chars });
  }
  const builds: { ms: number; bytes: number; indexBytes: number }[] = [];
  for (const { tripitakaUid, group, sutraUids, chars } of groups) {
    log(
      `building the pack of ${sutraUids.length} sutras of ${tripitakaUid} (${fmt(chars / 1e6, 1)} M chars) ...`,
    );
    builds.push(await buildGroupPack(options, sutraUids, group));
  }

  log("installing the packs through the download manager, one profile ...");
  const workerSampler = await sampleWorkerMemory(context, page, APP_WORKER);
  const pageSampler = await samplePageMemory(context, page);
  const started = performance.now();
  const installs: Awaited<ReturnType<OfflineBenchPage["downloadGroup"]>>[] = [];
  for (const { tripitakaUid, group } of groups) {
    installs.push(await call(page, "downloadGroup", tripitakaUid, group));
    log(`  ${tripitakaUid} installed after ${s(performance.now() - started)}`);
  }
  const installMs = performance.now() - started;
  const installPeak = { worker: await workerSampler.stop(), page: await pageSampler.stop() };
  const installed = {
    worker: await workerMemory(context, page, APP_WORKER),
    page: await pageMemory(context, page),
  };

  const tables = await call(page, "storedTables");

  log("timing queries in the bench's worker ...");
  const queries: {
    tripitakaUid: string;
    picked: BenchQuery[];
    timings: QueryTiming[];
    stages: QueryStages[];
  }[] = [];
  let queryPeak = { worker: null as Peak, page: null as Peak };
  for (const { tripitakaUid } of groups) {
    const picked = await call(page, "pick", { seed: options.seed, perClass: options.perClass, tripitakaUid });
    // Picking read the tripitaka's texts into the worker: collected before the peak is sampled.
    await workerMemory(context, page, BENCH_WORKER);
    const workerPeak = await sampleWorkerMemory(context, page, BENCH_WORKER);
    const pagePeak = await samplePageMemory(context, page);
    const timings = await call(page, "time", picked, { reps: options.reps, tripitakaUid });
    const [w, p] = [await workerPeak.stop(), await pagePeak.stop()];
    queryPeak = {
      worker: (queryPeak.worker?.total ?? 0) >= (w?.total ?? 0) ? queryPeak.worker : w,
      page: (queryPeak.page?.total ?? 0) >= p.total ? queryPeak.page : p,
    };
    const common = picked.filter((query) => query.length === 1 && query.kind === "common");
    const stages = await call(page, "stages", common, { reps: options.reps, tripitakaUid });
    queries.push({ tripitakaUid, picked, timings, stages });
  }
  const queried = {
    worker: await workerMemory(context, page, BENCH_WORKER),
    page: await pageMemory(context, page),
  };

  log("restarting: a new page and worker on the saved index ...");
  await page.goto(options.harnessUrl);
  await page.waitForFunction(() => "offlineBench" in window);
  const load = await call(page, "load");
  const loaded = {
    worker: await workerMemory(context, page, BENCH_WORKER),
    page: await pageMemory(context, page),
  };
  const first = await call(page, "first", groups[0]?.tripitakaUid ?? "JS", "佛");
  const resync = await call(page, "resync");
  const flex =
    options.flexsearch && queries[0] ? await compareWithFlexSearch(options, context, page, queries[0]) : null;
  await context.close();

  const chars = installs.reduce((n, i) => n + i.chars, 0);
  const millions = chars / 1e6;
  const textBytes = installs.reduce((n, i) => n + i.textBytes, 0);
  const usage = installs.reduce((n, i) => n + i.usage, 0);
  const packBytes = builds.reduce((n, b) => n + b.bytes, 0);
  console.log(
    `\noffline bench at scale: ${groups.map((g) => `${g.tripitakaUid} ${g.sutraUids.length} sutras`).join(", ")}; ${fmt(millions, 2)} M chars (std_txt) through packs; seed ${options.seed}, ${options.perClass} queries per class`,
  );
  builds.forEach((built, i) => {
    console.log(
      `  pack build (server) ${groups[i]?.tripitakaUid}: ${s(built.ms)}; ${mib(built.bytes)} (index ${mib(built.indexBytes)})`,
    );
  });
  installs.forEach((install, i) => {
    console.log(
      `  install ${String(groups[i]?.tripitakaUid).padEnd(11)} ${s(install.ms)} downloaded and installed, searchable after ${s(install.searchableMs)}; ${fmt(install.chars / 1e6, 2)} M chars; pack used: ${install.byPack ? "yes" : "NO"}; ${install.indexed} reels indexed on the device; ${install.status}`,
    );
  });
  console.log(
    `  install             ${s(installMs)} for ${fmt(millions, 2)} M chars, ${mib(packBytes)} of packs (target J + T ≤ 3 min: ${mark(installMs <= 180_000)})`,
  );
  console.log(
    `  stored (IndexedDB)  +${mib(usage)} by estimate() (${mib(usage / millions)} per M chars): ${fmt(usage / textBytes, 2)}× the raw text, ${mib(textBytes)} UTF-8 (target ≤ 1.5×: ${mark(usage <= 1.5 * textBytes)})`,
  );
  console.log(
    `  stored by table     ${tables
      .filter((t) => t.bytes >= 2 ** 20)
      .map(
        (t) => `${t.database}.${t.table} ${mib(t.bytes)} (${fmt(t.bytes / textBytes, 2)}×, ${t.rows} rows)`,
      )
      .join("; ")} (values as V8 writes them, before LevelDB's compression)`,
  );
  console.log(
    `  worker heap         ${heapOf(installed.worker)} after the build, ${heapOf(queried.worker)} after the queries, ${heapOf(loaded.worker)} after a restart's load`,
  );
  console.log(
    `  worker memory       ${mib(totalOf(installed.worker))} after the install, ${mib(totalOf(queried.worker))} after the queries, ${mib(totalOf(loaded.worker))} after a restart's load (JS heap + array buffers)`,
  );
  const workerHighest = Math.max(installPeak.worker?.total ?? 0, queryPeak.worker?.total ?? 0);
  const workerHeapHighest = Math.max(installPeak.worker?.heap ?? 0, queryPeak.worker?.heap ?? 0);
  console.log(
    `  worker peak         ${peakOf(installPeak.worker)} during the install; ${peakOf(queryPeak.worker)} during the queries (sampled every 250 ms; target ≤ 150 MiB: JS heap ${mark(workerHeapHighest <= 150 * 2 ** 20)}, with array buffers ${mark(workerHighest <= 150 * 2 ** 20)})`,
  );
  const workerRest = Math.max(totalOf(installed.worker), totalOf(queried.worker), totalOf(loaded.worker));
  console.log(
    `  worker at rest      ${mib(workerRest)} at most, after the install, the queries or a restart (target ≤ 100 MiB: ${mark(workerRest <= 100 * 2 ** 20)})`,
  );
  console.log(
    `  page heap           ${heapOf(installed.page)} after the install, ${heapOf(queried.page)} after the queries, ${heapOf(loaded.page)} after a restart's load`,
  );
  console.log(
    `  page peak           ${peakOf(installPeak.page)} during the install (target ≤ 150 MiB: JS heap ${mark((installPeak.page?.heap ?? 0) <= 150 * 2 ** 20)}, with array buffers ${mark((installPeak.page?.total ?? 0) <= 150 * 2 ** 20)}); ${peakOf(queryPeak.page)} during the queries`,
  );
  for (const { tripitakaUid, timings, stages } of queries) {
    console.log(`  ${tripitakaUid}:`);
    printQueries({ queries: timings, reps: options.reps });
    printStages(stages);
  }
  if (queries.length > 1) {
    console.log("  all tripitakas:");
    printQueries({ queries: queries.flatMap((q) => q.timings), reps: options.reps });
  }
  const work = resync.value.work;
  console.log(
    `  restart             loaded ${load.value.work.loaded} reels in ${fmt(load.ms, 1)} ms; first query ${fmt(first.ms, 1)} ms; sync after it: ${work.indexed} indexed, ${work.dropped} dropped, ${work.segmentsBuilt} segments built`,
  );
  const rebuilt = work.indexed > 0 || work.segmentsBuilt > 0;
  console.log(`  restart rebuilt the index: ${rebuilt ? "YES (target: no) MISSED" : "no (target: no) met"}`);
  const answer = load.ms + first.ms;
  console.log(
    `  restart to answer   ${fmt(answer, 1)} ms (load and first query; target ≤ 1 s: ${mark(answer <= 1000)})`,
  );
  if (flex) printFlexSearch(flex, textBytes, queries[0]?.timings ?? []);
}

type FlexRun = { tripitakaUid: string; comparison: FlexComparison; heapGrowth: number | null };

async function compareWithFlexSearch(
  options: ScaleBenchOptions,
  context: BrowserContext,
  page: Page,
  run: { tripitakaUid: string; picked: BenchQuery[] },
): Promise<FlexRun> {
  options.log(
    `FlexSearch over ${run.tripitakaUid}: building its IndexedDB index and timing the same queries ...`,
  );
  const before = await workerMemory(context, page, BENCH_WORKER);
  const comparison = await options.call(page, "flexsearch", run.picked, {
    reps: options.reps,
    tripitakaUid: run.tripitakaUid,
  });
  const after = await workerMemory(context, page, BENCH_WORKER);
  const heapGrowth = before && after ? after.heap + after.buffers - before.heap - before.buffers : null;
  return { tripitakaUid: run.tripitakaUid, comparison, heapGrowth };
}

function printFlexSearch(run: FlexRun, textBytes: number, ours: readonly QueryTiming[]): void {
  const { comparison: c } = run;
  console.log(
    `  flexsearch          ${run.tripitakaUid}: ${c.reels} reels, ${fmt(c.chars / 1e6, 2)} M chars; built in ${s(c.buildMs)}; stored +${mib(c.storedBytes)} (${fmt(c.storedBytes / textBytes, 2)}× all the raw text installed); worker held +${run.heapGrowth === null ? "?" : mib(run.heapGrowth)} after it; restart to first answer ${fmt(c.restartFirstMs, 1)} ms`,
  );
  console.log(
    "  flexsearch queries  (p50 ms: FlexSearch alone, with its candidates counted, this index's exact answer; reels it named of those holding the keyword; hits counted, and this index's)",
  );
  const p50 = (times: readonly number[]) =>
    [...times].sort((a, b) => a - b)[Math.floor((times.length - 1) / 2)] ?? 0;
  for (const q of c.queries) {
    const mine = ours.find((t) => t.text === q.text && t.mode === "exact");
    console.log(
      `    ${q.text.padEnd(9, "　")} ${fmt(p50(q.searchMs), 1).padStart(8)} ${fmt(p50(q.countedMs), 1).padStart(9)} ${fmt(mine ? p50(mine.times) : Number.NaN, 1).padStart(8)}   ${q.named}/${q.holding} (${q.candidates} named in all); hits ${q.hits}, ${mine?.hits ?? "?"}`,
    );
  }
}
