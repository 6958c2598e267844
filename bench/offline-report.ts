/** The figures bench/offline.bench.ts prints, beside the issue's targets. */
import type { IndexStatus } from "../workers/search/api.ts";
import type { QueryTiming, Timed } from "./offline-bench.worker.ts";
import { QUERY_KINDS, QUERY_LENGTHS } from "./search-queries.ts";
import { fmt, percentile } from "./support.ts";

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
  index: Timed<IndexStatus> & { usage: number; saved: { texts: number; segments: number } };
  queries: QueryTiming[];
  /** The worker's JS heap after the build, after the queries, and after a restart's load. */
  heap: { built: number | null; queried: number | null; loaded: number | null };
  restart: { load: Timed<IndexStatus>; first: Timed<number>; resync: Timed<IndexStatus> };
  reps: number;
  perClass: number;
  seed: number;
};

const mib = (bytes: number) => `${fmt(bytes / 2 ** 20, 1)} MiB`;
const ms = (value: number) => (Number.isNaN(value) ? "—" : `${fmt(value, 1)} ms`);
const mark = (met: boolean) => (met ? "met" : "MISSED");
const heap = (bytes: number | null) => (bytes === null ? "not measurable" : mib(bytes));

function printQueries(report: OfflineReport): void {
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
  const differing = report.queries.filter((q) => q.mode === "exact" && q.found !== q.reels);
  console.log(
    `  exact answers agree with a scan of the indexed text for ${report.queries.filter((q) => q.mode === "exact").length - differing.length} of ${report.queries.filter((q) => q.mode === "exact").length} queries`,
  );
  const shown = report.queries
    .filter((q) => q.mode === "exact")
    .map((q) => `${q.text} (${q.found} reels, ${q.hits} hits)`);
  console.log(`  queries: ${shown.join("  ")}`);
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
    `  index size          IndexedDB usage +${mib(index.usage)}; saved texts ${mib(index.saved.texts * 2)} (UTF-16), FlexSearch segments ${mib(index.saved.segments * 2)} (JSON, UTF-16)`,
  );
  console.log(
    `  worker heap         ${heap(report.heap.built)} after the build, ${heap(report.heap.queried)} after the queries, ${heap(report.heap.loaded)} after a restart's load`,
  );
  printQueries(report);
  const work = restart.resync.value.work;
  const rebuilt = work.indexed > 0 || work.segmentsBuilt > 0;
  console.log(
    `  restart             loaded ${restart.load.value.work.loaded} reels in ${ms(restart.load.ms)}; first query ${ms(restart.first.ms)}; sync after it: ${work.indexed} indexed, ${work.dropped} dropped, ${work.segmentsBuilt} segments built`,
  );
  console.log(`  restart rebuilt the index: ${rebuilt ? "YES (target: no) MISSED" : "no (target: no) met"}`);
}
