/**
 * The operation log at the scale of a busy site: a year of tracking events (10 million by
 * default, bench/oplog-events.ts) into a fresh database, then the statistics read from the rollups.
 * Prints ingest throughput, through `POST /v1/track` (app.inject, 8 requests at a time, for the
 * first events) and through the writer (the rest, in its batches), the rollup tables'
 * rows and sizes, and p50/p95 of count, trend (hour, day, month) and group list (userid,
 * event_id, day, and userid of one event) and the list's first page for ranges of 1, 30 and 365
 * days in Asia/Shanghai, each at different positions.
 * Prints figures beside the targets; never fails on time.
 *   npm run bench:oplog
 *   npm run bench:oplog -- --postgres                    a throwaway PostgreSQL cluster
 *   npm run bench:oplog -- --events 1000000 --route-sample 20000 --runs 20 --seed 1 --concurrency 8
 *   npm run bench:oplog -- --route-only                  only the tracking route's throughput
 *   npm run bench:oplog -- --work DIR                    keep the SQLite database in DIR; run again,
 *                                                        it times the statistics without ingesting
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import type { InjectOptions } from "fastify";
import { sql } from "kysely";
import { type App, buildApp } from "../server/app.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import { ensureAdmin } from "../server/modules/auth/admin.ts";
import { signAccessToken } from "../server/modules/auth/tokens.ts";
import type { OplogEvent } from "../server/modules/oplog/event-store.ts";
import { DEFAULT_FLUSH_AT_EVENTS } from "../server/modules/oplog/oplog-writer.ts";
import { seededRandom } from "../server/seeded-random.ts";
import { localStorage } from "../server/storage/local.ts";
import { generateEvents } from "./oplog-events.ts";
import { fmt, openBenchDatabase, percentile } from "./support.ts";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const usePostgres = args.includes("--postgres");
const EVENTS = option("--events", 10_000_000);
const DAYS = option("--days", 365);
const ROUTE_SAMPLE = Math.min(EVENTS, option("--route-sample", 200_000));
const RUNS = option("--runs", 20);
const CONCURRENCY = option("--concurrency", 8);
const SEED = option("--seed", 1);
const USERS = 50_000;
const VISITORS = 1_000_000;
const ADDRESSES = 300_000;
const VOCABULARY = 20_000;
const START = Date.UTC(2024, 11, 31, 16);
const DAY_MS = 86_400_000;
/** The writer's batch size, and how many may wait before the bench waits. */
const WRITER_BATCH = DEFAULT_FLUSH_AT_EVENTS;
const WAITING_BATCHES = 4;
const GENERATED_CHUNK = 100_000;
const SECRET = "bench-secret-of-the-oplog-benchmark-0123456789";
const ROLLUP_TABLES = [
  "oplog",
  "oplog_event_rollup",
  "oplog_user_rollup",
  "oplog_user_packed",
  "oplog_user_event_rollup",
  "oplog_keyword_rollup",
  "oplog_distinct_sketch",
] as const;

const keptWork = args.includes("--work") ? args[args.indexOf("--work") + 1] : undefined;
const work = keptWork ?? mkdtempSync(join(tmpdir(), "canon-bench-oplog-"));
const { canon, cluster } = await openBenchDatabase(work, usePostgres);
const clock = { now: START };
const storageDir = join(work, "storage");
mkdirSync(storageDir, { recursive: true });
const log = (line: string) => process.stderr.write(`${line}\n`);

async function addUsers(): Promise<number[]> {
  const rows = Array.from({ length: USERS }, (_, i) => ({
    username: `bench_user_${i}`,
    nickname: `读者${i}`,
    password_hash: "not-a-password",
    created_at: START,
    updated_at: START,
  }));
  for (let i = 0; i < rows.length; i += 1_000) {
    await canon.db
      .insertInto("user")
      .values(rows.slice(i, i + 1_000))
      .execute();
  }
  const ids = await canon.db
    .selectFrom("user")
    .select("id")
    .where("username", "like", "bench_user_%")
    .orderBy("id")
    .execute();
  return ids.map((row) => row.id);
}

type Timing = { label: string; days: number; ms: number[] };

async function tableFigures(): Promise<{ table: string; rows: number; bytes: number | null }[]> {
  const out: { table: string; rows: number; bytes: number | null }[] = [];
  for (const table of ROLLUP_TABLES) {
    const counted = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(canon.db);
    let bytes: number | null = null;
    if (canon.dialect === "postgres") {
      const size = await sql<{ n: number }>`select pg_total_relation_size(${table}) as n`.execute(canon.db);
      bytes = Number(size.rows[0]?.n ?? 0);
    } else {
      const size = await sql<{ n: number }>`select sum(pgsize) as n from dbstat
        where name = ${table} or name in (select name from sqlite_master where tbl_name = ${table})`.execute(
        canon.db,
      );
      bytes = Number(size.rows[0]?.n ?? 0);
    }
    out.push({ table, rows: Number(counted.rows[0]?.n ?? 0), bytes });
  }
  return out;
}

type Ingested = {
  routeSeconds: number;
  /** The process's CPU time per event through the route, less sensitive to a busy machine. */
  routeCpuMicros: number;
  writerMs: number;
  received: number;
  written: number;
  dropped: number;
};

const secret = new TextEncoder().encode(SECRET);
const tokenAt = (id: number, roles: ("reader" | "admin")[], at: number, sessionVersion: number) =>
  signAccessToken({ secret, now: () => at }, { id, roles, sessionVersion });

/** Sends the first events through the tracking route and the rest through the writer. */
async function ingest(app: App): Promise<Ingested> {
  const userIds = await addUsers();
  const events = generateEvents({
    seed: SEED,
    events: EVENTS,
    days: DAYS,
    start: START,
    userIds,
    visitors: VISITORS,
    addresses: ADDRESSES,
    vocabulary: VOCABULARY,
  });
  const writer = app.oplogWriter;

  // Through the route: the requests (with tokens signed at each event's time) are made first.
  log(`preparing ${ROUTE_SAMPLE} tracking requests ...`);
  const tokens = new Map<number, { token: string; at: number }>();
  const requests: { at: number; inject: InjectOptions }[] = [];
  for (let i = 0; i < ROUTE_SAMPLE; i++) {
    const event = events.next().value as OplogEvent;
    const headers: Record<string, string> = { "user-agent": event.user_agent };
    if (event.user_id !== null) {
      let held = tokens.get(event.user_id);
      if (!held || event.created_at - held.at > 10 * 60_000) {
        held = { token: await tokenAt(event.user_id, ["reader"], event.created_at, 0), at: event.created_at };
        tokens.set(event.user_id, held);
      }
      headers.authorization = `Bearer ${held.token}`;
    }
    const { user_id: _user, ip, user_agent: _agent, created_at, ...payload } = event;
    requests.push({
      at: created_at,
      inject: { method: "POST", url: "/v1/track", headers, remoteAddress: ip, payload },
    });
  }
  log("sending them ...");
  let started = performance.now();
  const cpuBefore = process.cpuUsage();
  let nextRequest = 0;
  // Several clients at once; an event takes the clock's time when its handler runs.
  const client = async () => {
    for (let request = requests[nextRequest++]; request; request = requests[nextRequest++]) {
      clock.now = Math.max(clock.now, request.at);
      const response = await app.inject(request.inject);
      if (response.statusCode !== 200)
        throw new Error(`POST /v1/track: ${response.statusCode} ${response.body}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  await writer.flush();
  const routeSeconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const routeCpuMicros = (cpu.user + cpu.system) / ROUTE_SAMPLE;
  if (args.includes("--route-only")) {
    log(
      `POST /v1/track: ${fmt(ROUTE_SAMPLE / routeSeconds, 0)} events/s, ${fmt(routeCpuMicros, 0)} µs CPU per event`,
    );
    process.exit(0);
  }
  requests.length = 0;

  log(`writing ${EVENTS - ROUTE_SAMPLE} events through the writer ...`);
  let writerMs = 0;
  let written = ROUTE_SAMPLE;
  while (written < EVENTS) {
    const chunk: OplogEvent[] = [];
    while (chunk.length < GENERATED_CHUNK) {
      const next = events.next();
      if (next.done) break;
      chunk.push(next.value);
    }
    if (chunk.length === 0) break;
    started = performance.now();
    // The writer writes each 1,000 in the background as it does for the route; between batches the
    // loop lets it run, and waits for it when more than a few batches are pending.
    for (const [i, event] of chunk.entries()) {
      clock.now = event.created_at;
      writer.record(event);
      if ((i + 1) % WRITER_BATCH !== 0) continue;
      if (writer.stats().pending > WAITING_BATCHES * WRITER_BATCH) await writer.flush();
      else await new Promise(setImmediate);
    }
    await writer.flush();
    writerMs += performance.now() - started;
    written += chunk.length;
    if (written % 1_000_000 < GENERATED_CHUNK) log(`  ${written.toLocaleString("en-US")} events`);
  }
  const stats = writer.stats();
  if (canon.dialect === "postgres") await sql`vacuum analyze`.execute(canon.db);
  else await sql`analyze`.execute(canon.db);
  return { routeSeconds, routeCpuMicros, writerMs, ...stats };
}

try {
  await migrateToLatest(canon.db, canon.dialect);
  const app = await buildApp({
    canon,
    storage: localStorage(storageDir),
    fontFiles: [],
    logLevel: "warn",
    apiDocs: false,
    // As the server runs (server/main.ts): the batches written from a thread of their own.
    oplog: { writeInThread: true },
    auth: {
      jwtSecret: SECRET,
      now: () => clock.now,
      trackRateLimit: { max: 1_000_000_000, timeWindowMs: 60_000 },
    },
  });
  await app.ready();
  await ensureAdmin(canon.db, { username: "bench_admin", password: "bench-pass1" }, START);
  const admin = await canon.db
    .selectFrom("user")
    .select(["id", "session_version"])
    .where("username", "=", "bench_admin")
    .executeTakeFirstOrThrow();
  const stored = await canon.db
    .selectFrom("oplog")
    .select(sql<number>`count(*)`.as("n"))
    .executeTakeFirstOrThrow();
  // A kept database (--work) that already holds the events is timed again without ingesting.
  const ingested = Number(stored.n) === 0 ? await ingest(app) : null;

  // The statistics, as the screens ask for them: whole days in Asia/Shanghai.
  const end = START + DAYS * DAY_MS;
  clock.now = end;
  const adminToken = await tokenAt(admin.id, ["reader", "admin"], end, admin.session_version);
  const day = (offset: number) =>
    new Date(START + 8 * 3_600_000 + offset * DAY_MS).toISOString().slice(0, 10);
  const random = seededRandom(SEED + 1);
  const KINDS: [string, string, Record<string, string>][] = [
    ["count", "/v1/admin/oplog/count", {}],
    [
      "trend hour",
      "/v1/admin/oplog/trend",
      { time_type: "hour", indicators: "count,anonymous,login,register,ip" },
    ],
    [
      "trend day",
      "/v1/admin/oplog/trend",
      { time_type: "day", indicators: "count,anonymous,login,register,ip" },
    ],
    [
      "trend month",
      "/v1/admin/oplog/trend",
      { time_type: "month", indicators: "count,anonymous,login,register,ip" },
    ],
    ["group userid", "/v1/admin/oplog/group/list", { group_type: "userid" }],
    ["group event_id", "/v1/admin/oplog/group/list", { group_type: "event_id" }],
    ["group day", "/v1/admin/oplog/group/list", { group_type: "day" }],
    [
      "group userid, READ_REEL",
      "/v1/admin/oplog/group/list",
      { group_type: "userid", event_id: "READ_REEL" },
    ],
    ["list, page 1", "/v1/admin/oplog/list", {}],
  ];
  const timings: Timing[] = [];
  const loadBefore = loadavg()[0] ?? 0;
  for (const [label, url, extra] of KINDS) {
    for (const days of [1, 30, 365]) {
      const ms: number[] = [];
      for (let run = -2; run < RUNS; run++) {
        const first = days < DAYS ? Math.floor(random() * (DAYS - days + 1)) : Math.floor(random() * 31) - 15;
        const query = { start: day(first), end: `${day(first + days - 1)} 23:59:59`, ...extra };
        const began = performance.now();
        const response = await app.inject({
          method: "GET",
          url,
          query,
          headers: { authorization: `Bearer ${adminToken}`, timezone: "Asia/Shanghai" },
        });
        const took = performance.now() - began;
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
        if (run >= 0) ms.push(took);
      }
      timings.push({ label, days, ms: ms.sort((a, b) => a - b) });
    }
  }
  const loadAfter = loadavg()[0] ?? 0;
  const whole = await app.inject({
    method: "GET",
    url: "/v1/admin/oplog/count",
    query: { start: day(0), end: `${day(DAYS - 1)} 23:59:59` },
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const year = (whole.json() as { result: { count: number; anonymous: number; ip: number } }).result;
  const figures = await tableFigures();
  await app.close();

  console.log(
    `oplog bench: ${canon.dialect}, ${fmt(EVENTS, 0)} events over ${DAYS} days, ${fmt(USERS, 0)} users, ` +
      `${fmt(VISITORS, 0)} visitor ids, ${fmt(ADDRESSES, 0)} addresses, ${fmt(VOCABULARY, 0)} keywords (seed ${SEED})`,
  );
  console.log(
    `  check: the year counts ${fmt(year.count, 0)} events, ${fmt(year.anonymous, 0)} visitors, ${fmt(year.ip, 0)} addresses` +
      (ingested
        ? `; writer received ${fmt(ingested.received, 0)}, written ${fmt(ingested.written, 0)}, dropped ${fmt(ingested.dropped, 0)}`
        : ""),
  );
  if (ingested) {
    const { routeSeconds, routeCpuMicros, writerMs } = ingested;
    const throughWriter = EVENTS - ROUTE_SAMPLE;
    console.log("ingest (target ≥ 5,000 events/s)");
    console.log(
      `  POST /v1/track, app.inject, ${CONCURRENCY} at a time ${fmt(ROUTE_SAMPLE, 0).padStart(10)} events ` +
        `${fmt(routeSeconds, 1).padStart(7)} s ${fmt(ROUTE_SAMPLE / routeSeconds, 0).padStart(8)} events/s` +
        ` (${fmt(routeCpuMicros, 0)} µs CPU per event)`,
    );
    console.log(
      `  writer, batches of ≥ ${fmt(WRITER_BATCH, 0)}           ${fmt(throughWriter, 0).padStart(10)} events ` +
        `${fmt(writerMs / 1000, 1).padStart(7)} s ${fmt((throughWriter * 1000) / writerMs, 0).padStart(8)} events/s`,
    );
  } else {
    console.log(`ingest: skipped, ${work} already holds the events`);
  }
  console.log("tables                          rows         MiB (with indexes)");
  for (const { table, rows, bytes } of figures) {
    console.log(
      `  ${table.padEnd(26)} ${fmt(rows, 0).padStart(12)}  ${bytes === null ? "" : fmt(bytes / 2 ** 20, 1).padStart(9)}`,
    );
  }
  console.log(
    `statistics, ms (target p95 < 200 on SQLite; ${RUNS} runs each, Asia/Shanghai days; ` +
      `load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after, ${cpus().length} cores)`,
  );
  console.log(
    `  ${"".padEnd(24)} ${["1 day", "30 days", "365 days"].map((h) => `${h} p50 / p95`.padStart(22)).join("")}`,
  );
  for (const [label] of KINDS) {
    const cells = [1, 30, 365].map((days) => {
      const run = timings.find((t) => t.label === label && t.days === days);
      const ms = run?.ms ?? [];
      return `${fmt(percentile(ms, 50), 1)} / ${fmt(percentile(ms, 95), 1)}`.padStart(22);
    });
    console.log(`  ${label.padEnd(24)} ${cells.join("")}`);
  }
} finally {
  await canon.close();
  cluster?.stop();
  if (!keptWork) rmSync(work, { recursive: true, force: true });
}
