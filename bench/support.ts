/** Shared helpers for the benchmarks: corpus paths, unpacking, percentiles, memory sampling. */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { corpusDir } from "../tests/support/corpus.ts";

export { corpusDir };

/** Unpacks a bench archive (`J` or `T`) once into the temp folder and returns its XML folder. */
export function unpackBenchCollection(collection: "J" | "T"): string {
  const archive = join(corpusDir(), "bench", `cbeta-p5a-${collection}.tar.xz`);
  if (!existsSync(archive)) throw new Error(`bench archive not found: ${archive}`);
  const target = join(tmpdir(), "canon-bench", collection);
  const marker = join(target, ".unpacked");
  if (!existsSync(marker)) {
    mkdirSync(target, { recursive: true });
    process.stderr.write(`unpacking ${archive} ...\n`);
    execFileSync("tar", ["-xJf", archive, "-C", target], { stdio: "inherit" });
    writeFileSync(marker, new Date().toISOString());
  }
  return join(target, collection);
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

/** Samples resident memory while a task runs; returns the peak in MiB. */
export function sampleMemory(): { stop(): number } {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);
      return peak / (1024 * 1024);
    },
  };
}

export const fmt = (n: number, digits = 1): string =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
