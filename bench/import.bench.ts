/**
 * Import throughput: the whole Jiaxing collection (14.5 M CJK chars) into a fresh database.
 * Prints chars per second and peak memory, then the time of an unchanged second run.
 *   npm run bench:import                 SQLite
 *   npm run bench:import -- --postgres   a throwaway PostgreSQL cluster
 *   npm run bench:import -- --collection T
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { type CanonDb, openDatabase } from "../server/db/connect.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import { importCanon } from "../server/import/import-canon.ts";
import { localStorage } from "../server/storage/local.ts";
import { startPostgresCluster } from "../tests/support/postgres-cluster.ts";
import { corpusDir, fmt, sampleMemory, unpackBenchCollection } from "./support.ts";

const args = process.argv.slice(2);
const usePostgres = args.includes("--postgres");
const collection =
  args.includes("--collection") && args[args.indexOf("--collection") + 1] === "T" ? "T" : "J";

const xmlDir = unpackBenchCollection(collection);
const work = mkdtempSync(join(tmpdir(), "canon-bench-import-"));
const cluster = usePostgres ? await startPostgresCluster() : null;
const canon: CanonDb = cluster
  ? openDatabase({ kind: "postgres", url: cluster.url("postgres") })
  : openDatabase({ kind: "sqlite", file: join(work, "canon.db") });
const storage = localStorage(join(work, "storage"));
const corpus = corpusDir();
const sources = {
  root: xmlDir,
  xmlDirs: [xmlDir],
  metadataDir: join(corpus, "metadata"),
  gaijiDir: join(corpus, "gaiji"),
  pageImagesDir: null,
};

try {
  await migrateToLatest(canon.db, canon.dialect);
  const memory = sampleMemory();
  const started = performance.now();
  const report = await importCanon({ canon, storage, sources, withPageImages: false });
  const seconds = (performance.now() - started) / 1000;
  const peakMiB = memory.stop();
  const totals = await canon.db
    .selectFrom("reel")
    .select([sql<number>`count(*)`.as("reels"), sql<number>`sum(char_cnt)`.as("chars")])
    .executeTakeFirstOrThrow();
  const chars = Number(totals.chars);

  const again = performance.now();
  const second = await importCanon({ canon, storage, sources, withPageImages: false });
  const secondSeconds = (performance.now() - again) / 1000;

  console.log(`import bench: collection ${collection}, ${canon.dialect}`);
  console.log(
    `  files            ${report.files} (${report.failures.length} failed, ${report.warnings.length} unknown gaiji written as 〓)`,
  );
  console.log(`  sutras / reels   ${report.sutras} / ${totals.reels}`);
  console.log(`  lines            ${fmt(report.lines, 0)}`);
  console.log(`  characters       ${fmt(chars, 0)}`);
  console.log(`  time             ${fmt(seconds, 2)} s`);
  console.log(`  throughput       ${fmt(chars / seconds, 0)} chars/s`);
  console.log(
    `  phases           ${Object.entries(report.phaseMs)
      .map(([phase, ms]) => `${phase} ${fmt(ms / 1000, 1)} s`)
      .join(", ")}`,
  );
  console.log(`  peak RSS         ${fmt(peakMiB, 0)} MiB`);
  if (!cluster)
    console.log(`  database file    ${fmt(statSync(join(work, "canon.db")).size / 2 ** 20, 0)} MiB`);
  console.log(
    `  unchanged re-run ${fmt(secondSeconds, 2)} s (${second.unchanged} unchanged, ${second.sutras} written)`,
  );
  for (const failure of report.failures.slice(0, 10)) {
    console.log(`  failure: ${failure.file}:${failure.line ?? "?"}: ${failure.message}`);
  }
} finally {
  await canon.close();
  cluster?.stop();
  rmSync(work, { recursive: true, force: true });
}
