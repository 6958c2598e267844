/**
 * Reel API latency under concurrent load: the starter canon (plus the Jiaxing collection with
 * --jiaxing) in a fresh database, the real server on a loopback port, and GET /v1/reel/{uid} for the
 * reels whose length is closest to 10,000 characters.
 *   npm run bench:reel
 *   npm run bench:reel -- --postgres --concurrency 16 --requests 4000
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { buildApp } from "../server/app.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import { importCanon, resolveCanonSources } from "../server/import/import-canon.ts";
import { localStorage } from "../server/storage/local.ts";
import { corpusDir, fmt, openBenchDatabase, percentile } from "./support.ts";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const usePostgres = args.includes("--postgres");
const concurrency = option("--concurrency", 8);
const requests = option("--requests", 3000);
const TARGET_CHARS = 10_000;

const work = mkdtempSync(join(tmpdir(), "canon-bench-reel-"));
const { canon, cluster } = await openBenchDatabase(work, usePostgres);
const storage = localStorage(join(work, "storage"));

async function timeRequests(base: string, uids: string[], count: number, parallel: number) {
  const latencies: number[] = [];
  let next = 0;
  let bytes = 0;
  const worker = async () => {
    while (next < count) {
      const uid = uids[next++ % uids.length]!;
      const started = performance.now();
      const response = await fetch(`${base}/v1/reel/${uid}?txt_type=std_txt`);
      const body = await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (!response.ok) throw new Error(`GET reel ${uid}: ${response.status}`);
      bytes += body.byteLength;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: parallel }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { latencies, seconds, bytes };
}

try {
  await migrateToLatest(canon.db, canon.dialect);
  const sources = resolveCanonSources(corpusDir());
  await importCanon({ canon, storage, sources, withPageImages: false });
  const reels = await canon.db
    .selectFrom("reel")
    .select(["uid", "char_cnt"])
    .orderBy(sql`abs(char_cnt - ${TARGET_CHARS})`)
    .limit(5)
    .execute();
  const app = await buildApp({ canon, storage, fontFiles: [], logLevel: "silent" });
  const address = await app.listen({ host: "127.0.0.1", port: 0 });
  try {
    await timeRequests(
      address,
      reels.map((r) => r.uid),
      200,
      concurrency,
    );
    const single = await timeRequests(
      address,
      reels.map((r) => r.uid),
      500,
      1,
    );
    const loaded = await timeRequests(
      address,
      reels.map((r) => r.uid),
      requests,
      concurrency,
    );
    const line = (label: string, run: typeof single) =>
      console.log(
        `  ${label.padEnd(22)} p50 ${fmt(percentile(run.latencies, 50), 2)} ms  p95 ${fmt(percentile(run.latencies, 95), 2)} ms  p99 ${fmt(percentile(run.latencies, 99), 2)} ms  ${fmt(run.latencies.length / run.seconds, 0)} req/s`,
      );
    console.log(
      `reel bench: ${canon.dialect}, reels ${reels.map((r) => `${r.uid} (${r.char_cnt})`).join(", ")}`,
    );
    console.log(`  response size          ${fmt(single.bytes / single.latencies.length / 1024, 1)} KiB`);
    line("1 client", single);
    line(`${concurrency} concurrent clients`, loaded);
  } finally {
    await app.close();
  }
} finally {
  await canon.close();
  cluster?.stop();
  rmSync(work, { recursive: true, force: true });
}
