/**
 * Shared helpers for the benchmarks: corpus paths, unpacking, percentiles, memory sampling, the
 * sizes of the database and its search index.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import type { TxtType } from "../contract/tripitaka.ts";
import { type CanonDb, openDatabase } from "../server/db/connect.ts";
import { corpusDir } from "../tests/support/corpus.ts";
import { type PostgresCluster, startPostgresCluster } from "../tests/support/postgres-cluster.ts";

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

/** Tables and indexes of the search index, told by name. */
const SEARCH_OBJECT = /search|fts/i;

/** Bytes of the search index: every table (with its TOAST data) and index named as search's. */
export async function searchStorageSizes(canon: CanonDb): Promise<{ bytes: number; objects: string[] }> {
  const rows =
    canon.dialect === "sqlite"
      ? (
          await sql<{ name: string; owner: string; bytes: number }>`
            select s.name as name, m.tbl_name as owner, sum(s.pgsize) as bytes
            from dbstat s join sqlite_schema m on m.name = s.name group by s.name`.execute(canon.db)
        ).rows
      : (
          await sql<{ name: string; owner: string; bytes: number }>`
            select c.relname as name, coalesce(t.relname, c.relname) as owner,
              pg_relation_size(c.oid) + coalesce(pg_total_relation_size(nullif(c.reltoastrelid, 0)), 0) as bytes
            from pg_class c
            join pg_namespace n on n.oid = c.relnamespace
            left join pg_index i on i.indexrelid = c.oid
            left join pg_class t on t.oid = i.indrelid
            where n.nspname = current_schema() and c.relkind in ('r', 'i', 'm')`.execute(canon.db)
        ).rows;
  const found = rows.filter((row) => SEARCH_OBJECT.test(row.name) || SEARCH_OBJECT.test(row.owner));
  return {
    bytes: found.reduce((sum, row) => sum + Number(row.bytes), 0),
    objects: found.map((row) => row.name).sort(),
  };
}

/** UTF-8 bytes of the given text forms over every line. */
export async function textBytes(canon: CanonDb, forms: TxtType[]): Promise<number> {
  let total = 0;
  for (const form of forms) {
    const size =
      canon.dialect === "sqlite"
        ? sql`length(cast(${sql.ref(form)} as blob))`
        : sql`octet_length(${sql.ref(form)})`;
    const row = await sql<{ bytes: number | null }>`select sum(${size}) as bytes from line`.execute(canon.db);
    total += Number(row.rows[0]?.bytes ?? 0);
  }
  return total;
}

/**
 * Bytes of the whole database: the SQLite file and its write-ahead log (`sqliteFile`), or
 * PostgreSQL's pg_database_size.
 */
export async function databaseBytes(
  canon: CanonDb,
  sqliteFile: string,
): Promise<{ bytes: number; wal: number }> {
  if (canon.dialect === "sqlite") {
    const wal = `${sqliteFile}-wal`;
    return {
      bytes: statSync(sqliteFile).size,
      wal: existsSync(wal) ? statSync(wal).size : 0,
    };
  }
  const row = await sql<{ bytes: string }>`select pg_database_size(current_database()) as bytes`.execute(
    canon.db,
  );
  return { bytes: Number(row.rows[0]?.bytes ?? 0), wal: 0 };
}

export const mib = (bytes: number): string => `${fmt(bytes / 2 ** 20, 1)} MiB`;

/** A bench's database: a throwaway PostgreSQL cluster's, or SQLite's `canon.db` in the work folder. */
export async function openBenchDatabase(
  work: string,
  usePostgres: boolean,
): Promise<{ canon: CanonDb; cluster: PostgresCluster | null; sqliteFile: string }> {
  const sqliteFile = join(work, "canon.db");
  const cluster = usePostgres ? await startPostgresCluster() : null;
  const canon = cluster
    ? openDatabase({ kind: "postgres", url: cluster.url("postgres") })
    : openDatabase({ kind: "sqlite", file: sqliteFile });
  return { canon, cluster, sqliteFile };
}
