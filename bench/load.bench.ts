/**
 * The site under load: virtual readers and searchers (bench/load-clients.ts: reels, pages, scans,
 * search, sutra lists, catalogues and outbox writes, with a pause between requests) against
 *   sqlite    one compiled server process on the embedded SQLite file and local storage;
 *   postgres  two processes on one PostgreSQL database behind HAProxy (deploy/haproxy.cfg), the
 *             storage folder shared.
 * The canon is the starter set (with its page scans) and the whole Jiaxing collection (or the
 * collections `--collections` names, each `--replicate N` times more under codes of its own,
 * bench/replicate.ts: J,T with 2 copies is about 220 M chars, the whole canon's size). For each
 * client count: a warm-up, then `--seconds` measured; prints throughput, p50/p95/p99 and the
 * slowest answer, errors, requests over 2 s and the server processes' peak resident memory.
 * Never fails on time.
 *   npm run bench:load
 *   npm run bench:load -- --clients 50,200 --seconds 60 --think-ms 250 --only sqlite|postgres --small
 *   npm run bench:load -- --collections J,T --replicate 2
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { sql } from "kysely";
import { type CanonDb, openDatabase } from "../server/db/connect.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import { importCanon, resolveCanonSources } from "../server/import/import-canon.ts";
import { hashPassword } from "../server/modules/auth/passwords.ts";
import { insertUser } from "../server/modules/auth/user-repository.ts";
import { localStorage } from "../server/storage/local.ts";
import { type Haproxy, startHaproxy } from "../tests/support/haproxy.ts";
import { startPostgresCluster } from "../tests/support/postgres-cluster.ts";
import { type ServerProcess, startServerProcess } from "../tests/support/server-process.ts";
import { type LoadFigures, type LoadPools, runLoad } from "./load-clients.ts";
import { type BenchCollection, describeReplicas, prepareReplicas, replicateOption } from "./replicate.ts";
import { corpusDir, fmt, percentile, unpackBenchCollection } from "./support.ts";

const args = process.argv.slice(2);
const value = (name: string): string | undefined =>
  args.includes(name) ? args[args.indexOf(name) + 1] : undefined;
const clientCounts = (value("--clients") ?? "50,200").split(",").map(Number);
const seconds = Number(value("--seconds") ?? 60);
const thinkMs = Number(value("--think-ms") ?? 250);
const warmUpSeconds = Number(value("--warm-up") ?? 10);
const seed = Number(value("--seed") ?? 1);
const only = value("--only");
const small = args.includes("--small");
const collections = (value("--collections") ?? "J").split(",") as BenchCollection[];
if (!collections.every((c) => c === "J" || c === "T")) throw new Error("--collections takes J, T or J,T");
const replicate = replicateOption(args);
const READERS = 20;
const PASSWORD = "bench-reader-pass1";

const COLLECTION_NAMES: Record<BenchCollection, string> = { J: "Jiaxing", T: "Taishō" };

/** What the run imports: `starter canon + Jiaxing + Taishō, each 2 times more`. */
function canonName(): string {
  if (small) return "starter canon";
  const copies = replicate > 0 ? `, each ${replicate} times more` : "";
  return `starter canon + ${collections.map((c) => COLLECTION_NAMES[c]).join(" + ")}${copies}`;
}

type Shape = { name: string; url: string; pids: number[]; stop(): Promise<void> };

async function prepareCanon(canon: CanonDb, storageDir: string, workDir: string): Promise<void> {
  await migrateToLatest(canon.db, canon.dialect);
  const starter = resolveCanonSources(corpusDir());
  const xmlDirs = small ? starter.xmlDirs : [...starter.xmlDirs, ...collections.map(unpackBenchCollection)];
  const started = performance.now();
  const report = await importCanon({
    canon,
    storage: localStorage(storageDir),
    sources: { ...starter, xmlDirs, personsDir: null },
  });
  process.stderr.write(
    `  imported ${report.sutras} sutras, ${fmt(report.chars / 1e6, 2)} M chars in ${fmt((performance.now() - started) / 1000)} s\n`,
  );
  if (!small && replicate > 0) {
    const copies = prepareReplicas(collections, replicate, starter.metadataDir as string, starter, workDir);
    const copiesStarted = performance.now();
    const copied = await importCanon({
      canon,
      storage: localStorage(storageDir),
      sources: { ...copies.sources, personsDir: null },
    });
    process.stderr.write(
      `  imported copies ${describeReplicas(copies.replicas)}: ${copied.sutras} sutras, ${fmt(copied.chars / 1e6, 2)} M chars in ${fmt((performance.now() - copiesStarted) / 1000)} s\n`,
    );
  }
  const passwordHash = await hashPassword(PASSWORD);
  for (let i = 0; i < READERS; i++)
    await insertUser(canon.db, {
      username: `reader${i}`,
      nickname: `讀者${i}`,
      email: `reader${i}@example.org`,
      phone: null,
      passwordHash,
      roles: ["reader"],
      now: Date.now(),
    });
}

/** Han runs of 2 to 4 chars from random lines, searched in their own tripitaka. */
async function pickPools(canon: CanonDb, baseUrl: string): Promise<Omit<LoadPools, "tokens">> {
  const random = sql`random()`;
  const reels = await canon.db
    .selectFrom("reel")
    .innerJoin("sutra", "sutra.uid", "reel.sutra_uid")
    .select(["reel.uid as uid", "sutra.tripitaka_uid as tripitaka"])
    .orderBy(random)
    .limit(2000)
    .execute();
  const sutras = await canon.db
    .selectFrom("sutra")
    .select(["uid", "tripitaka_uid as tripitaka"])
    .orderBy(random)
    .limit(1000)
    .execute();
  const pages = await canon.db.selectFrom("page").select("uid").orderBy(random).limit(2000).execute();
  const scanned = await canon.db
    .selectFrom("page")
    .select("uid")
    .where("img_path", "is not", null)
    .orderBy(random)
    .limit(50)
    .execute();
  const scans: string[] = [];
  for (const page of scanned) {
    const answer = (await (await fetch(`${baseUrl}/v1/img/${page.uid}`)).json()) as {
      result: { url: string };
    };
    scans.push(new URL(answer.result.url, baseUrl).pathname);
  }
  const lines = await canon.db
    .selectFrom("line")
    .innerJoin("reel", "reel.uid", "line.reel_uid")
    .innerJoin("sutra", "sutra.uid", "reel.sutra_uid")
    .select(["line.std_txt as text", "sutra.tripitaka_uid as tripitaka"])
    .orderBy(random)
    .limit(600)
    .execute();
  const keywords: LoadPools["keywords"] = [];
  for (const [i, line] of lines.entries()) {
    const run = (line.text.match(/\p{Script=Han}{4,}/gu) ?? [])[0];
    if (!run) continue;
    const chars = Array.from(run);
    const length = 2 + (i % 3);
    const at = i % Math.max(1, chars.length - length);
    keywords.push({ text: chars.slice(at, at + length).join(""), tripitaka: line.tripitaka });
  }
  const tripitakas = [...new Set(sutras.map((s) => s.tripitaka))];
  return { reels, sutras, pages: pages.map((p) => p.uid), scans, tripitakas, keywords };
}

async function signIn(baseUrl: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < READERS; i++) {
    const response = await fetch(`${baseUrl}/v1/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: `reader${i}`, password: PASSWORD }),
    });
    const answer = (await response.json()) as { code: number; msg: string; result: { access_token: string } };
    if (answer.code !== 0) throw new Error(`sign-in failed: ${answer.msg}`);
    tokens.push(answer.result.access_token);
  }
  return tokens;
}

const serverEnv = {
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  JWT_SECRET: "the-load-benchmark-key-0123456789abcdef",
  AUTH_RATE_LIMIT: "100000",
  WEB_DIST_DIR: join(tmpdir(), "no-web-app"),
  CANON_DIR: join(tmpdir(), "no-canon"),
};

async function sqliteShape(work: string): Promise<{ shape: Shape; canon: CanonDb }> {
  const file = join(work, "sqlite", "canon.db");
  const storageDir = join(work, "sqlite", "storage");
  const canon = openDatabase({ kind: "sqlite", file });
  await prepareCanon(canon, storageDir, join(work, "replicas"));
  const server = await startServerProcess({
    entry: "build",
    env: { ...serverEnv, SQLITE_FILE: file, STORAGE_DIR: storageDir },
  });
  return {
    canon,
    shape: { name: "sqlite, 1 process", url: server.url, pids: [server.pid], stop: () => server.stop() },
  };
}

async function postgresShape(work: string): Promise<{ shape: Shape; canon: CanonDb }> {
  const cluster = await startPostgresCluster();
  const url = cluster.url("postgres");
  const storageDir = join(work, "postgres", "storage");
  const canon = openDatabase({ kind: "postgres", url });
  await prepareCanon(canon, storageDir, join(work, "replicas"));
  const env = { ...serverEnv, DATABASE_URL: url, STORAGE_DIR: storageDir, TRUST_PROXY: "127.0.0.1" };
  const servers: ServerProcess[] = await Promise.all([
    startServerProcess({ entry: "build", env }),
    startServerProcess({ entry: "build", env }),
  ]);
  const proxy: Haproxy = await startHaproxy(servers.map((s) => s.port));
  return {
    canon,
    shape: {
      name: "postgres, 2 processes + HAProxy",
      url: proxy.url,
      pids: servers.map((s) => s.pid),
      async stop() {
        await proxy.stop();
        await Promise.all(servers.map((s) => s.stop()));
        await canon.close();
        cluster.stop();
      },
    },
  };
}

/** Resident memory of a process in MiB, from /proc. */
function rssMiB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

function sampleServers(pids: number[]): { stop(): number[] } {
  const peaks = pids.map(rssMiB);
  const timer = setInterval(() => {
    pids.forEach((pid, i) => {
      peaks[i] = Math.max(peaks[i] as number, rssMiB(pid));
    });
  }, 500);
  return {
    stop() {
      clearInterval(timer);
      return peaks;
    },
  };
}

function report(shape: string, clients: number, figures: LoadFigures, peaks: number[]): void {
  const all = [...figures.byKind.values()].flatMap((k) => k.latencies).sort((a, b) => a - b);
  const errors = [...figures.byKind.values()].reduce((sum, k) => sum + k.errors, 0);
  const slow = all.filter((ms) => ms > 2000).length;
  console.log(
    `| ${shape} | ${clients} | ${all.length} | ${fmt(all.length / figures.seconds, 0)} | ${errors} | ` +
      `${fmt(percentile(all, 50))} | ${fmt(percentile(all, 95))} | ${fmt(percentile(all, 99))} | ` +
      `${fmt(all.at(-1) ?? Number.NaN)} | ${slow} | ${peaks.map((p) => fmt(p, 0)).join(" + ")} |`,
  );
  for (const [kind, k] of figures.byKind) {
    const sorted = [...k.latencies].sort((a, b) => a - b);
    console.log(
      `|   ${kind} | | ${k.count} | | ${k.errors} | ${fmt(percentile(sorted, 50))} | ${fmt(percentile(sorted, 95))} | ` +
        `${fmt(percentile(sorted, 99))} | ${fmt(sorted.at(-1) ?? Number.NaN)} | | |`,
    );
  }
  for (const example of figures.errorExamples) console.log(`    error: ${example}`);
}

async function main(): Promise<void> {
  process.stderr.write("building the server (npm run build) ...\n");
  execFileSync(process.execPath, [resolve("node_modules/tsx/dist/cli.mjs"), "scripts/build.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const work = mkdtempSync(join(tmpdir(), "canon-load-"));
  mkdirSync(join(work, "sqlite"), { recursive: true });
  console.log(
    `bench:load: ${seconds} s per run after ${warmUpSeconds} s warm-up, pause 0–${2 * thinkMs} ms between a client's requests, ${canonName()}`,
  );
  console.log(
    "| shape | clients | requests | req/s | errors | p50 ms | p95 ms | p99 ms | max ms | > 2 s | server RSS peak MiB |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|");
  const shapes = [
    ...(only === "postgres" ? [] : [sqliteShape]),
    ...(only === "sqlite" ? [] : [postgresShape]),
  ];
  try {
    for (const makeShape of shapes) {
      process.stderr.write(`preparing ${makeShape.name} ...\n`);
      const { shape, canon } = await makeShape(work);
      try {
        const pools = { ...(await pickPools(canon, shape.url)), tokens: await signIn(shape.url) };
        for (const clients of clientCounts) {
          // The measured run goes on over the warm-up's connections, as readers' browsers keep theirs.
          const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
          const run = { baseUrl: shape.url, clients, thinkMs, pools, agent };
          await runLoad({ ...run, seconds: warmUpSeconds, seed });
          const memory = sampleServers(shape.pids);
          const figures = await runLoad({ ...run, seconds, seed: seed + 1 });
          agent.destroy();
          report(shape.name, clients, figures, memory.stop());
        }
      } finally {
        await shape.stop();
        if (canon.dialect === "sqlite") await canon.close();
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
