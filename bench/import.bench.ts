/**
 * Import throughput: the whole Jiaxing collection (14.5 M CJK chars) into a fresh database.
 * Prints chars per second and peak memory, then the time of an unchanged second run.
 *   npm run bench:import                 SQLite
 *   npm run bench:import -- --postgres   a throwaway PostgreSQL cluster
 *   npm run bench:import -- --collection T
 *   npm run bench:import -- --replicate 2   after the lines above, the collection imported twice
 *                                           more under codes of its own (bench/replicate.ts): the
 *                                           copies' time and rate, then the whole library's time,
 *                                           throughput, peak RSS, database and index size
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { migrateToLatest } from "../server/db/migrate.ts";
import { importCanon } from "../server/import/import-canon.ts";
import { localStorage } from "../server/storage/local.ts";
import { describeReplicas, prepareReplicas, replicateOption } from "./replicate.ts";
import {
  corpusDir,
  databaseBytes,
  fmt,
  mib,
  openBenchDatabase,
  sampleMemory,
  searchStorageSizes,
  textBytes,
  unpackBenchCollection,
} from "./support.ts";

const args = process.argv.slice(2);
const usePostgres = args.includes("--postgres");
const collection =
  args.includes("--collection") && args[args.indexOf("--collection") + 1] === "T" ? "T" : "J";
const replicate = replicateOption(args);

const xmlDir = unpackBenchCollection(collection);
const work = mkdtempSync(join(tmpdir(), "canon-bench-import-"));
const { canon, cluster, sqliteFile } = await openBenchDatabase(work, usePostgres);
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
  // The copies' files are written before anything is timed.
  const replicas =
    replicate > 0 ? prepareReplicas([collection], replicate, sources.metadataDir, sources, work) : null;
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

  if (replicas) {
    const copyMemory = sampleMemory();
    const copies = performance.now();
    const copied = await importCanon({ canon, storage, sources: replicas.sources, withPageImages: false });
    const copiesSeconds = (performance.now() - copies) / 1000;
    const peakAllMiB = Math.max(peakMiB, copyMemory.stop());
    const all = await canon.db
      .selectFrom("reel")
      .select([sql<number>`count(*)`.as("reels"), sql<number>`sum(char_cnt)`.as("chars")])
      .executeTakeFirstOrThrow();
    const allChars = Number(all.chars);
    const allSeconds = seconds + copiesSeconds;
    const database = await databaseBytes(canon, sqliteFile);
    const index = await searchStorageSizes(canon);
    const std = await textBytes(canon, ["std_txt"]);
    console.log(`  replicas         ${replicate} × ${collection}: ${describeReplicas(replicas.replicas)}`);
    console.log(
      `  replica files    ${copied.files} (${copied.failures.length} failed); sutras / reels ${copied.sutras} / ${copied.reels}`,
    );
    console.log(`  replica chars    ${fmt(allChars - chars, 0)} (all ${fmt(allChars, 0)})`);
    console.log(`  replica time     ${fmt(copiesSeconds, 2)} s`);
    console.log(`  replica rate     ${fmt((allChars - chars) / copiesSeconds, 0)} chars/s`);
    console.log(
      `  replica phases   ${Object.entries(copied.phaseMs)
        .map(([phase, ms]) => `${phase} ${fmt(ms / 1000, 1)} s`)
        .join(", ")}`,
    );
    console.log(
      `  all: time        ${fmt(allSeconds, 2)} s (first import of ${collection}, then the copies)`,
    );
    console.log(`  all: throughput  ${fmt(allChars / allSeconds, 0)} chars/s`);
    console.log(`  all: peak RSS    ${fmt(peakAllMiB, 0)} MiB`);
    console.log(
      `  all: database    ${mib(database.bytes)}${cluster ? " (pg_database_size)" : `, WAL ${mib(database.wal)}`}`,
    );
    console.log(`  all: index       ${mib(index.bytes)} (${fmt(index.bytes / std, 2)}× std_txt ${mib(std)})`);
    for (const failure of copied.failures.slice(0, 10)) {
      console.log(`  replica failure: ${failure.file}:${failure.line ?? "?"}: ${failure.message}`);
    }
  }
} finally {
  await canon.close();
  cluster?.stop();
  rmSync(work, { recursive: true, force: true });
}
