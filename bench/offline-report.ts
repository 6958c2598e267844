/** The figures bench/offline.bench.ts prints, beside their targets. */
import type { IndexStatus } from "../workers/search/api.ts";
import type { QueryTiming, Timed } from "./offline-bench.worker.ts";
import { QUERY_KINDS, QUERY_LENGTHS } from "./search-queries.ts";
import { fmt, percentile } from "./support.ts";
import type { WorkerMemory } from "./worker-heap.ts";

export type OfflineReport = {
  importedChars: number;
  download: {
    ms: number;
    sutras: number;
    chars: number;
    textBytes: number;
    bytesStored: number;
    statuses: string[];
    usage: number;
  };
  index: Timed<IndexStatus> & { usage: number; saved: { texts: number; postings: number; rows: number } };
  queries: QueryTiming[];
  /** The worker's JS heap after the build, after the queries, and after a restart's load. */
  heap: { built: number | null; queried: number | null; loaded: number | null };
  /** The same with array buffers, and the highest sampled during the build and the queries. */
  memory: {
    built: WorkerMemory | null;
    queried: WorkerMemory | null;
    loaded: WorkerMemory | null;
    buildPeak: (WorkerMemory & { total: number }) | null;
    queryPeak: (WorkerMemory & { total: number }) | null;
  };
  /** The page's own JS heap: the highest sampled during the download and the build, then after each step. */
  page: {
    peak: WorkerMemory | null;
    built: WorkerMemory | null;
    queried: WorkerMemory | null;
    loaded: WorkerMemory | null;
  };
  restart: { load: Timed<IndexStatus>; first: Timed<number>; resync: Timed<IndexStatus> };
  reps: number;
  perClass: number;
  seed: number;
};

const mib = (bytes: number) => `${fmt(bytes / 2 ** 20, 1)} MiB`;
const ms = (value: number) => (Number.isNaN(value) ? "—" : `${fmt(value, 1)} ms`);
const mark = (met: boolean) => (met ? "met" : "MISSED");
const heap = (bytes: number | null) => (bytes === null ? "not measurable" : mib(bytes));

/** The queries' latency per class and mode, their targets, and their agreement with a text scan. */
export function printQueries(report: Pick<OfflineReport, "queries" | "reps">): void {
  console.log(
    `  queries inside the worker (page 1 of 20 with snippets and statistics; ${report.reps} runs each):`,
  );
  console.log(
    `    ${"class".padEnd(16)}${"mode".padEnd(7)}${"p50".padStart(10)}${"p95".padStart(10)}  target`,
  );
  for (const mode of ["exact", "fuzzy"] as const) {
    for (const length of QUERY_LENGTHS) {
      for (const kind of QUERY_KINDS) {
        const picked = report.queries.filter(
          (q) => q.mode === mode && q.length === length && q.kind === kind,
        );
        const times = picked.flatMap((q) => q.times).sort((a, b) => a - b);
        const [p50, p95] = [percentile(times, 50), percentile(times, 95)];
        const target = length === 1 ? "" : `p50<20 ${mark(p50 < 20)}`;
        console.log(
          `    ${`${length} char ${kind}`.padEnd(16)}${mode.padEnd(7)}${ms(p50).padStart(10)}${ms(p95).padStart(10)}  ${target}`,
        );
      }
    }
  }
  printQueryTargets(report);
  const differing = report.queries.filter((q) => q.mode === "exact" && q.found !== q.reels);
  console.log(
    `  exact answers agree with a scan of the indexed text for ${report.queries.filter((q) => q.mode === "exact").length - differing.length} of ${report.queries.filter((q) => q.mode === "exact").length} queries`,
  );
  if (differing.length > 0)
    console.log(
      `  answers differing   ${differing.map((q) => `${q.text} (${q.found} reels, the scan ${q.reels})`).join("  ")}`,
    );
  const shown = report.queries
    .filter((q) => q.mode === "exact")
    .map((q) => `${q.text} (${q.found} reels, ${q.hits} hits)`);
  console.log(`  queries: ${shown.join("  ")}`);
}

/** The query targets over every class: p50 ≤ 20 ms, p95 ≤ 100 ms (1-char common p95 ≤ 300 ms). */
function printQueryTargets(report: Pick<OfflineReport, "queries">): void {
  const worst = { p50: 0, p95: 0, common1: 0 };
  for (const mode of ["exact", "fuzzy"] as const) {
    for (const length of QUERY_LENGTHS) {
      for (const kind of QUERY_KINDS) {
        const times = report.queries
          .filter((q) => q.mode === mode && q.length === length && q.kind === kind)
          .flatMap((q) => q.times)
          .sort((a, b) => a - b);
        const [p50, p95] = [percentile(times, 50), percentile(times, 95)];
        worst.p50 = Math.max(worst.p50, p50);
        if (length === 1 && kind === "common") worst.common1 = Math.max(worst.common1, p95);
        else worst.p95 = Math.max(worst.p95, p95);
      }
    }
  }
  console.log(
    `  query targets       worst p50 ${ms(worst.p50)} (≤ 20 ms: ${mark(worst.p50 <= 20)}); worst p95 ${ms(worst.p95)} (≤ 100 ms: ${mark(worst.p95 <= 100)}); 1-char common p95 ${ms(worst.common1)} (≤ 300 ms: ${mark(worst.common1 <= 300)})`,
  );
}

const total = (memory: WorkerMemory | null) => (memory === null ? null : memory.heap + memory.buffers);

function printMemory(report: OfflineReport): void {
  const { memory } = report;
  console.log(
    `  worker memory       ${heap(total(memory.built))} after the build, ${heap(total(memory.queried))} after the queries, ${heap(total(memory.loaded))} after a restart's load (JS heap + array buffers)`,
  );
  const peak = (p: OfflineReport["memory"]["buildPeak"]) =>
    p === null ? "not measurable" : `heap ${mib(p.heap)}, with array buffers ${mib(p.total)}`;
  const highest = Math.max(memory.buildPeak?.total ?? 0, memory.queryPeak?.total ?? 0);
  console.log(
    `  worker peak         ${peak(memory.buildPeak)} during the build; ${peak(memory.queryPeak)} during the queries (sampled every 250 ms; target ≤ 150 MiB: ${mark(highest <= 150 * 2 ** 20)})`,
  );
  const rest = Math.max(total(memory.queried) ?? 0, total(memory.loaded) ?? 0);
  console.log(
    `  worker at rest      ${mib(rest)} at most, after the queries or a restart (target ≤ 100 MiB: ${mark(rest <= 100 * 2 ** 20)})`,
  );
}

export function printReport(report: OfflineReport): void {
  const { download, index, restart } = report;
  const millions = download.chars / 1e6;
  console.log(
    `offline bench: JS (Jiaxing, ${fmt(report.importedChars / 1e6, 1)} M chars imported); seed ${report.seed}, ${report.perClass} queries per class`,
  );
  console.log(
    `  download            ${fmt(download.ms / 1000, 1)} s for ${fmt(millions, 2)} M chars (std_txt) in ${download.sutras} sutra downloads through the app's download manager`,
  );
  console.log(`                      downloads: ${download.statuses.join(", ")}`);
  console.log(
    `  stored (row JSON)   ${mib(download.bytesStored)} (${mib(download.bytesStored / millions)} per M chars): ${fmt(download.bytesStored / download.textBytes, 2)}× the raw text, ${mib(download.textBytes)} UTF-8`,
  );
  console.log(
    `  stored (IndexedDB)  +${mib(download.usage)} by estimate() (${mib(download.usage / millions)} per M chars): ${fmt(download.usage / download.textBytes, 2)}× the raw text (target ≤ 2×: ${mark(download.usage <= 2 * download.textBytes)})`,
  );
  console.log(
    `  index build         ${fmt(index.ms / 1000, 1)} s for ${index.value.reels} reels, ${fmt(index.value.chars / 1e6, 2)} M searchable chars (${index.value.work.segmentsBuilt} segments)`,
  );
  console.log(
    `  index size          IndexedDB usage +${mib(index.usage)}; saved texts ${mib(index.saved.texts * 2)} (UTF-16), posting rows ${mib(index.saved.postings)} in ${index.saved.rows} rows (varints)`,
  );
  console.log(
    `  worker heap         ${heap(report.heap.built)} after the build, ${heap(report.heap.queried)} after the queries, ${heap(report.heap.loaded)} after a restart's load`,
  );
  printMemory(report);
  const page = report.page;
  console.log(
    `  page heap           ${heap(page.peak?.heap ?? null)} at most during the download and the build (sampled every 250 ms; target ≤ 150 MiB: ${mark((page.peak?.heap ?? 0) <= 150 * 2 ** 20)}); ${heap(page.built?.heap ?? null)} after the build, ${heap(page.queried?.heap ?? null)} after the queries, ${heap(page.loaded?.heap ?? null)} after a restart's load`,
  );
  printQueries(report);
  const work = restart.resync.value.work;
  const rebuilt = work.indexed > 0 || work.segmentsBuilt > 0;
  console.log(
    `  restart             loaded ${restart.load.value.work.loaded} reels in ${ms(restart.load.ms)}; first query ${ms(restart.first.ms)}; sync after it: ${work.indexed} indexed, ${work.dropped} dropped, ${work.segmentsBuilt} segments built`,
  );
  console.log(`  restart rebuilt the index: ${rebuilt ? "YES (target: no) MISSED" : "no (target: no) met"}`);
  const answer = restart.load.ms + restart.first.ms;
  console.log(
    `  restart to answer   ${ms(answer)} (load and first query; target ≤ 1 s: ${mark(answer <= 1000)})`,
  );
}
