/**
 * Full-canon search: the bench corpus (Jiaxing and Taishō, about 75 M characters) in a fresh
 * database, then exact-mode queries of 1, 2, 4 and 8 characters, common and rare, picked from the
 * text itself, timed through POST /v1/tripitaka/{uid}/search on a listening server (statistics and
 * the first page of snippets included) and as `rg -c -F` over a plain-text dump of the same text,
 * each from a process of its own (search-api-client.ts, rg-runner.ts):
 * each reel's searchable std_txt chars (punctuation out, as the index holds them), one file per reel.
 * Prints figures beside the targets; never fails on time.
 *   npm run bench:search
 *   npm run bench:search -- --only J           Jiaxing alone, for a quick run
 *   npm run bench:search -- --postgres         a throwaway PostgreSQL cluster
 *   npm run bench:search -- --reps 20 --rg-reps 10 --per-class 5 --seed 1
 *   npm run bench:search -- --no-rebuild       skip timing an index rebuild at the end
 *   npm run bench:search -- --api-client server  time the API by a fetch in the server's process,
 *                                              as the bench once did, for comparison
 *   npm run bench:search -- --work DIR         keep the database and dumps in DIR and use them
 *                                              again next time (the import skips unchanged files)
 *   npm run bench:search -- --replicate 2      then the collections twice more under codes of their
 *                                              own (bench/replicate.ts): about 220 M chars for J and
 *                                              T; every copy is searched and dumped as a tripitaka
 *                                              of its own (with its collection's queries), and the
 *                                              figures of the whole library follow the import's
 */
import { type ChildProcess, fork } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { envelope } from "../contract/envelope.ts";
import { searchResult } from "../contract/search.ts";
import { SEARCH_PAGE_SIZE_DEFAULT } from "../contract/search-options.ts";
import { normalizeSearchText } from "../contract/search-tokenizer.ts";
import { cbetaCollectionToTripitaka, type TxtType } from "../contract/tripitaka.ts";
import { buildApp } from "../server/app.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import { type CanonSources, importCanon } from "../server/import/import-canon.ts";
import { INDEX_COLUMNS, reindexAllSutras } from "../server/modules/search/index-writer.ts";
import { localStorage } from "../server/storage/local.ts";
import { describeReplicas, prepareReplicas, replicateOption } from "./replicate.ts";
import type { RgAnswer, RgRequest } from "./rg-runner.ts";
import type { ApiAnswer, ApiRequest } from "./search-api-client.ts";
import {
  type BenchQuery,
  classLabel,
  pickQueries,
  QUERY_KINDS,
  QUERY_LENGTHS,
  type QueryClass,
  type ReelText,
} from "./search-queries.ts";
import {
  corpusDir,
  databaseBytes,
  fmt,
  mib,
  openBenchDatabase,
  percentile,
  sampleMemory,
  searchStorageSizes,
  textBytes,
  unpackBenchCollection,
} from "./support.ts";

const args = process.argv.slice(2);
const value = (name: string): string | undefined =>
  args.includes(name) ? args[args.indexOf(name) + 1] : undefined;
const option = (name: string, fallback: number): number => Number(value(name) ?? fallback);
const usePostgres = args.includes("--postgres");
const apiClientInServer = value("--api-client") === "server";
const rebuild = !args.includes("--no-rebuild");
const only = value("--only");
const collections: ("J" | "T")[] = only === "J" || only === "T" ? [only] : ["J", "T"];
const apiReps = option("--reps", 20);
const rgReps = option("--rg-reps", 10);
const perClass = option("--per-class", 5);
const seed = option("--seed", 1);
const replicate = replicateOption(args);
const TXT_TYPE: TxtType = "std_txt";
/** Reels whose lines are read in one query when the text is dumped. */
const DUMP_BATCH = 200;

type Tripitaka = {
  uid: string;
  dir: string;
  reels: ReelText[];
  chars: number;
  queries: BenchQuery[];
  /** A copy's (--replicate) original tripitaka. */
  of?: string;
};
type Timings = Map<string, number[]>;
/** Reels found for a query: the API's reels_count and rg's matching files (-1 until known). */
type Agreement = { api: number; rg: number };
type Agreements = Map<BenchQuery, Agreement>;

/**
 * The rg runner (rg-runner.ts) and the API client (search-api-client.ts), started before the
 * database is opened.
 */
const benchDir = dirname(fileURLToPath(import.meta.url));
const rgRunner = fork(join(benchDir, "rg-runner.ts"), [], { execArgv: ["--import", "tsx"] });
const apiClient = fork(join(benchDir, "search-api-client.ts"), [], { execArgv: ["--import", "tsx"] });

/** A child's answer to one message. */
function ask<Answer extends object>(
  child: ChildProcess,
  message: RgRequest | ApiRequest,
): Promise<Exclude<Answer, { error: string }>> {
  return new Promise((resolve, reject) => {
    child.once("message", (answer: Answer) => {
      if ("error" in answer) reject(new Error(String(answer.error)));
      else resolve(answer as Exclude<Answer, { error: string }>);
    });
    child.send(message);
  });
}

const xmlDirs = collections.map(unpackBenchCollection);
const keptWork = value("--work");
const work = keptWork ?? mkdtempSync(join(tmpdir(), "canon-bench-search-"));
const { canon, cluster, sqliteFile } = await openBenchDatabase(work, usePostgres);
const storage = localStorage(join(work, "storage"));
const sources: CanonSources = {
  root: dirname(dirname(xmlDirs[0] as string)),
  xmlDirs,
  metadataDir: join(corpusDir(), "metadata"),
  gaijiDir: join(corpusDir(), "gaiji"),
  pageImagesDir: null,
};

/** Reads each reel's searchable text and writes it to `dir`, one file (of one line) per reel. */
async function dumpReels(
  tripitakaUid: string,
  dir: string,
): Promise<{ reels: ReelText[]; chars: number; bytes: number }> {
  mkdirSync(dir, { recursive: true });
  const rows = await canon.db
    .selectFrom("reel")
    .innerJoin("sutra", "sutra.uid", "reel.sutra_uid")
    .select(["reel.uid", "reel.char_cnt"])
    .where("sutra.tripitaka_uid", "=", tripitakaUid)
    .execute();
  const uids = rows.map((row) => row.uid).sort();
  const reels: ReelText[] = [];
  let bytes = 0;
  for (let i = 0; i < uids.length; i += DUMP_BATCH) {
    const batch = uids.slice(i, i + DUMP_BATCH);
    const rows = await canon.db
      .selectFrom("line")
      .select((eb) => ["reel_uid", eb.ref(TXT_TYPE).as("text")])
      .where("reel_uid", "in", batch)
      .orderBy("reel_uid")
      .orderBy("reel_seq")
      .execute();
    const lines = new Map<string, string[]>();
    for (const row of rows) {
      const list = lines.get(row.reel_uid as string) ?? [];
      list.push(normalizeSearchText(row.text));
      lines.set(row.reel_uid as string, list);
    }
    for (const uid of batch) {
      const text = (lines.get(uid) ?? []).join("");
      writeFileSync(join(dir, `${uid}.txt`), `${text}\n`);
      bytes += Buffer.byteLength(text) + 1;
      reels.push({ uid, text });
    }
  }
  return { reels, chars: rows.reduce((sum, row) => sum + row.char_cnt, 0), bytes };
}

const apiBody = (keyword: string) =>
  JSON.stringify({
    keyword,
    search_mode: "exact",
    // The queries come from the stored std_txt: converting them again could change them.
    trans_mode: "none",
    txt_type: TXT_TYPE,
    page_no: 1,
    page_size: SEARCH_PAGE_SIZE_DEFAULT,
  });

/**
 * One search, timed by the client process; with `--api-client server`, by a fetch in this process,
 * as the bench first timed it (the figures then carry that client's own work).
 */
async function searchOnce(base: string, tripitakaUid: string, keyword: string, answer = false) {
  const url = `${base}/v1/tripitaka/${tripitakaUid}/search`;
  let timed: Exclude<ApiAnswer, { error: string }>;
  if (apiClientInServer) {
    const started = performance.now();
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: apiBody(keyword),
    });
    const body = await response.text();
    timed = { ms: performance.now() - started, status: response.status, body };
  } else timed = await ask<ApiAnswer>(apiClient, { url, body: apiBody(keyword), answer });
  if (timed.status !== 200)
    throw new Error(`search ${keyword}: HTTP ${timed.status} ${(timed.body ?? "").slice(0, 200)}`);
  return { ms: timed.ms, body: timed.body ?? "" };
}

const rgOnce = (dir: string, keyword: string) => ask<RgAnswer>(rgRunner, { dir, keyword });

const record = (timings: Timings, query: QueryClass, ms: number) => {
  const key = classLabel(query);
  timings.set(key, [...(timings.get(key) ?? []), ms]);
};

function agreementOf(agreements: Agreements, query: BenchQuery): Agreement {
  const found = agreements.get(query) ?? { api: -1, rg: -1 };
  agreements.set(query, found);
  return found;
}

/**
 * Once over every query to warm up and check answers, then rounds of every query through rg and
 * through the API in turn, so both are timed under the same load of this shared machine:
 * `rgReps` and `apiReps` rounds.
 */
async function timeBoth(
  base: string,
  tripitaka: Tripitaka,
  agreements: Agreements,
): Promise<{ api: Timings; rg: Timings }> {
  const parse = envelope(searchResult);
  for (const query of tripitaka.queries) {
    const { body } = await searchOnce(base, tripitaka.uid, query.text, true);
    agreementOf(agreements, query).api = parse.parse(JSON.parse(body)).result.stats.reels_count;
    agreementOf(agreements, query).rg = (await rgOnce(tripitaka.dir, query.text)).files;
  }
  const api: Timings = new Map();
  const rg: Timings = new Map();
  for (let rep = 0; rep < Math.max(apiReps, rgReps); rep++) {
    // A round of rg, then one of the API: each tool runs on after itself (rg's reading leaves
    // the CPU's caches cold for the next search), and both see the machine's load of the moment.
    for (const query of rep < rgReps ? tripitaka.queries : [])
      record(rg, query, (await rgOnce(tripitaka.dir, query.text)).ms);
    for (const query of rep < apiReps ? tripitaka.queries : [])
      record(api, query, (await searchOnce(base, tripitaka.uid, query.text)).ms);
  }
  return { api, rg };
}

const sorted = (values: number[] | undefined): number[] => [...(values ?? [])].sort((a, b) => a - b);
const millis = (value: number): string => (Number.isNaN(value) ? "—" : `${fmt(value, 1)} ms`);
const mark = (met: boolean): string => (met ? "met" : "MISSED");

/** A library of at least this many chars is measured against the whole canon's targets. */
const WHOLE_CANON_CHARS = 150_000_000;

/**
 * The targets of a query class: with the whole canon's size (`whole`), every class p50 ≤ 20 ms and
 * p95 ≤ 100 ms, 1-char common p95 ≤ 300 ms; at J + T's, every multi-char class p50 ≤ 10 ms and
 * ≥ 5× rg, 1-char common p95 ≤ 50 ms.
 */
function targetNote(query: QueryClass, p50: number, p95: number, ratio: number, whole: boolean): string {
  const commonChar = query.length === 1 && query.kind === "common";
  if (whole) {
    return commonChar
      ? `p50≤20 ${mark(p50 <= 20)}, p95≤300 ${mark(p95 <= 300)}`
      : `p50≤20 ${mark(p50 <= 20)}, p95≤100 ${mark(p95 <= 100)}`;
  }
  if (commonChar) return `p95≤50 ${mark(p95 <= 50)}`;
  if (query.length === 1) return `p50≤20 ${mark(p50 <= 20)}, p95≤100 ${mark(p95 <= 100)}`;
  const latency = `p50≤10 ${mark(p50 <= 10)}`;
  return Number.isNaN(ratio) ? latency : `${latency}, ≥5× ${mark(ratio >= 5)}`;
}

function printTable(
  tripitakas: Tripitaka[],
  api: Map<string, Timings>,
  rg: Map<string, Timings>,
  whole: boolean,
) {
  const header = [
    "tripitaka",
    "query class",
    "API p50",
    "API p95",
    "rg p50",
    "rg p95",
    "rg/API p50",
    " targets",
  ];
  const widths = [9, 14, 10, 10, 10, 10, 10];
  const row = (cells: string[]) =>
    console.log(
      `  ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ")}`,
    );
  row(header);
  for (const tripitaka of tripitakas) {
    for (const length of QUERY_LENGTHS) {
      for (const kind of QUERY_KINDS) {
        const key = classLabel({ length, kind });
        const a = sorted(api.get(tripitaka.uid)?.get(key));
        const r = sorted(rg.get(tripitaka.uid)?.get(key));
        const [a50, a95, r50, r95] = [
          percentile(a, 50),
          percentile(a, 95),
          percentile(r, 50),
          percentile(r, 95),
        ];
        const ratio = r50 / a50;
        const cells = [tripitaka.uid, key, millis(a50), millis(a95), millis(r50), millis(r95)];
        cells.push(Number.isNaN(ratio) ? "—" : `${fmt(ratio, 1)}×`);
        row([...cells, ` ${a.length > 0 ? targetNote({ length, kind }, a50, a95, ratio, whole) : ""}`]);
      }
    }
  }
}

function printQueries(tripitakas: Tripitaka[], agreements: Agreements) {
  console.log("queries (reels holding it in the dump; API reels_count / rg files where they differ):");
  for (const tripitaka of tripitakas) {
    if (tripitaka.of) {
      const differing = tripitaka.queries.flatMap((q) => {
        const a = agreements.get(q);
        return a && a.api >= 0 && a.api !== a.rg ? [`${q.text} (${q.reels} api ${a.api}/rg ${a.rg})`] : [];
      });
      console.log(
        `  ${tripitaka.uid} the queries of ${tripitaka.of}, its copy; API and rg differ on ${differing.length > 0 ? differing.join("  ") : "none"}`,
      );
      continue;
    }
    for (const length of QUERY_LENGTHS) {
      for (const kind of QUERY_KINDS) {
        const picked = tripitaka.queries.filter((q) => q.length === length && q.kind === kind);
        const shown = picked.map((q) => {
          const a = agreements.get(q);
          const differs = a && a.api >= 0 && a.api !== a.rg ? ` api ${a.api}/rg ${a.rg}` : "";
          return `${q.text} (${q.reels}${differs})`;
        });
        console.log(`  ${tripitaka.uid} ${classLabel({ length, kind }).padEnd(14)} ${shown.join("  ")}`);
      }
    }
  }
  const checked = [...agreements.values()].filter((a) => a.api >= 0 && a.rg >= 0);
  const differing = checked.filter((a) => a.api !== a.rg).length;
  console.log(
    `  API reels_count equals rg's file count for ${checked.length - differing} of ${checked.length}`,
  );
}

/** The copies' import and the whole library's figures, for --replicate. */
type ReplicaFigures = {
  lines: string[];
  failures: { file: string; line: number | null; message: string }[];
};

try {
  // The copies' files are written before anything is timed.
  const replicas =
    replicate > 0
      ? prepareReplicas(collections, replicate, sources.metadataDir as string, sources, work)
      : null;
  await migrateToLatest(canon.db, canon.dialect);
  const memory = replicas ? sampleMemory() : null;
  const importStarted = performance.now();
  const report = await importCanon({ canon, storage, sources, withPageImages: false });
  const importSeconds = (performance.now() - importStarted) / 1000;
  for (const failure of report.failures.slice(0, 5))
    console.error(`import failure: ${failure.file}:${failure.line ?? "?"}: ${failure.message}`);
  // The collections' own figures, before any copy is imported.
  const sizes = await searchStorageSizes(canon);
  const indexedForms = INDEX_COLUMNS.map((column) => `${column}_txt` as const);
  const text = await textBytes(canon, indexedForms);
  const stdText = await textBytes(canon, [TXT_TYPE]);

  let copies: ReplicaFigures | null = null;
  if (replicas) {
    const copiesStarted = performance.now();
    const copied = await importCanon({ canon, storage, sources: replicas.sources, withPageImages: false });
    const copiesSeconds = (performance.now() - copiesStarted) / 1000;
    const peakMiB = memory?.stop() ?? Number.NaN;
    const allSizes = await searchStorageSizes(canon);
    const allStd = await textBytes(canon, [TXT_TYPE]);
    const database = await databaseBytes(canon, sqliteFile);
    const totals = await canon.db
      .selectFrom("reel")
      .select(sql<number>`sum(char_cnt)`.as("chars"))
      .executeTakeFirstOrThrow();
    const allChars = Number(totals.chars);
    const allSeconds = importSeconds + copiesSeconds;
    copies = {
      failures: copied.failures,
      lines: [
        `  replicas            ${replicate} × ${collections.join(" and ")}: ${describeReplicas(replicas.replicas)}`,
        `  replica import      ${fmt(copiesSeconds, 1)} s (${copied.sutras} sutras, ${copied.reels} reels, ${fmt(copied.chars, 0)} chars, ${fmt(copied.chars / copiesSeconds, 0)} chars/s, ${copied.failures.length} failures)`,
        `  all: chars          ${fmt(allChars, 0)}`,
        `  all: import         ${fmt(allSeconds, 1)} s (the collections, then the copies), ${fmt(allChars / allSeconds, 0)} chars/s`,
        `  all: peak RSS       ${fmt(peakMiB, 0)} MiB (during the imports)`,
        `  all: database       ${mib(database.bytes)}${cluster ? " (pg_database_size)" : `, WAL ${mib(database.wal)}`}`,
        `  all: index          ${mib(allSizes.bytes)} (${fmt(allSizes.bytes / allStd, 2)}× ${TXT_TYPE} ${mib(allStd)}; target ≤ 2×: ${mark(allSizes.bytes <= 2 * allStd)})`,
      ],
    };
  }

  const tripitakas: Tripitaka[] = [];
  let dumpFiles = 0;
  let dumpBytes = 0;
  for (const collection of collections) {
    const uid = cbetaCollectionToTripitaka[collection] as string;
    const dir = join(work, "dump", uid);
    const { reels, chars, bytes } = await dumpReels(uid, dir);
    const picking = performance.now();
    const queries = pickQueries(reels, seed, perClass);
    const pickSeconds = (performance.now() - picking) / 1000;
    process.stderr.write(
      `${uid}: ${reels.length} reels dumped, queries picked in ${fmt(pickSeconds, 1)} s\n`,
    );
    tripitakas.push({ uid, dir, reels, chars, queries });
    dumpFiles += reels.length;
    dumpBytes += bytes;
  }
  // A copy holds its collection's texts: it is asked the same queries (objects of its own, as
  // answers are told apart by query) and keeps no texts in memory.
  for (const replica of replicas?.replicas ?? []) {
    const original = tripitakas.find((t) => t.uid === replica.ofTripitaka) as Tripitaka;
    const dir = join(work, "dump", replica.code);
    const { reels, chars, bytes } = await dumpReels(replica.code, dir);
    process.stderr.write(`${replica.code}: ${reels.length} reels dumped\n`);
    const queries = original.queries.map((query) => ({ ...query }));
    tripitakas.push({ uid: replica.code, dir, reels: [], chars, queries, of: original.uid });
    dumpFiles += reels.length;
    dumpBytes += bytes;
  }
  copies?.lines.push(
    `  all: dump           ${dumpFiles} files, ${mib(dumpBytes)} (${join(work, "dump")}/<tripitaka>; rg runs over each tripitaka's folder)`,
  );

  const agreements: Agreements = new Map();
  const rg = new Map<string, Timings>();
  const api = new Map<string, Timings>();
  const app = await buildApp({ canon, storage, fontFiles: [], logLevel: "error" });
  try {
    const base = await app.listen({ host: "127.0.0.1", port: 0 });
    for (const tripitaka of tripitakas) {
      const timed = await timeBoth(base, tripitaka, agreements);
      api.set(tripitaka.uid, timed.api);
      rg.set(tripitaka.uid, timed.rg);
    }
  } finally {
    await app.close();
  }
  // Last, as it leaves replaced entries behind that would weigh on the sizes and timings above.
  const rebuildStarted = performance.now();
  if (rebuild) await reindexAllSutras(canon.db, canon.dialect);
  const rebuildSeconds = (performance.now() - rebuildStarted) / 1000;

  const corpusLabel = tripitakas
    .filter((t) => !t.of)
    .map((t) => `${t.uid} ${fmt(t.chars / 1e6, 1)} M chars`)
    .join(", ");
  console.log(`search bench: ${canon.dialect}; ${corpusLabel}; ${TXT_TYPE}, exact mode, seed ${seed}`);
  console.log(
    `  ${perClass} queries per class; API ${apiReps} runs, rg ${rgReps} runs each after one warm-up run, in alternate rounds`,
  );
  console.log(
    `  API client          ${apiClientInServer ? "fetch in the server's process (--api-client server)" : "a process of its own (node:http, kept-alive), as rg runs from one"}`,
  );
  // The library's own count: a kept --work library skips the import of files it holds already.
  const held = await canon.db
    .selectFrom("reel")
    .select(sql<number>`sum(char_cnt)`.as("chars"))
    .executeTakeFirstOrThrow();
  const libraryChars = Number(held.chars);
  const whole = libraryChars >= WHOLE_CANON_CHARS;
  console.log(
    `  targets             ${whole ? "the whole canon's size" : "J + T's size"} (${fmt(libraryChars / 1e6, 1)} M chars)`,
  );
  printTable(tripitakas, api, rg, whole);
  const ratio = (over: number) => `${fmt(sizes.bytes / over, 2)}×`;
  console.log(`  index size          ${mib(sizes.bytes)} (${sizes.objects.join(", ")})`);
  console.log(
    `  text size (UTF-8)   ${mib(text)} (${indexedForms.join(" + ")}); ${TXT_TYPE} alone ${mib(stdText)}`,
  );
  console.log(
    `  index / text        ${ratio(text)}; over ${TXT_TYPE} alone ${ratio(stdText)} (target ≤ 2×: ${mark(sizes.bytes <= 2 * stdText)})`,
  );
  console.log(
    `  import with index   ${fmt(importSeconds, 1)} s (${report.sutras} sutras, ${report.reels} reels, ${fmt(report.chars, 0)} chars, ${report.failures.length} failures, ${report.warnings.length} unknown gaiji)`,
  );
  for (const line of copies?.lines ?? []) console.log(line);
  for (const failure of copies?.failures.slice(0, 5) ?? [])
    console.log(`  replica import failure: ${failure.file}:${failure.line ?? "?"}: ${failure.message}`);
  if (rebuild)
    console.log(
      `  index rebuild       ${fmt(rebuildSeconds, 1)} s (every sutra re-indexed from its stored lines)`,
    );
  printQueries(tripitakas, agreements);
} finally {
  await canon.close();
  rgRunner.kill();
  apiClient.kill();
  cluster?.stop();
  if (!keptWork) rmSync(work, { recursive: true, force: true });
}
