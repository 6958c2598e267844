import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase as SqliteDialectDatabase } from "kysely";
import pg from "pg";
import { trackCopyClients } from "./pg-copy.ts";
import type { Database } from "./schema.ts";

export type Dialect = "sqlite" | "postgres";

export type DatabaseConfig = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

export type CanonDb = {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where the database is, for a second connection (the operation log's batch thread). */
  config: DatabaseConfig;
  close(): Promise<void>;
};

// PostgreSQL answers bigint (int8) and numeric as strings; the canon's values fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export function openDatabase(config: DatabaseConfig): CanonDb {
  if (config.kind === "postgres") {
    // No JIT: the search's costed index function pushes plans over jit_above_cost, and compiling
    // them takes far longer (hundreds of ms) than these short queries run.
    const pool = new pg.Pool({ connectionString: config.url, max: 10, options: "-c jit=off" });
    // An idle connection closed by the server (restart, failover, a dropped database) is replaced
    // on next use; its error event must not take the process down.
    pool.on("error", (error) => process.emitWarning(`PostgreSQL idle connection lost: ${error.message}`));
    trackCopyClients(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: "postgres", config, close: () => db.destroy() };
  }
  if (config.file !== ":memory:") mkdirSync(dirname(config.file), { recursive: true });
  const sqlite = new SqliteDatabase(config.file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // A 64 MiB page cache (the default is 2 MiB): the operation log's rollups and the search tables
  // are read and written in scattered pages. Checkpoints every 10,000 pages rather than 1,000: a
  // page written by many commits (a rollup's, an index's last page) is copied back once.
  sqlite.pragma("cache_size = -65536");
  sqlite.pragma("wal_autocheckpoint = 10000");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: keepingStatements(sqlite) }) });
  return { db, dialect: "sqlite", config, close: () => db.destroy() };
}

/** Statements kept per connection, by SQL text; the least recently used goes first. */
const KEPT_STATEMENTS = 256;

/**
 * The connection with its prepared statements kept for reuse: Kysely prepares every query anew,
 * and preparing costs about as much as running a short query. Kysely runs one query at a time on
 * the connection (a stream holds it to its end), so a kept statement is never in use twice.
 */
function keepingStatements(sqlite: SqliteDatabase.Database): SqliteDialectDatabase {
  const kept = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(source) {
      const statement = kept.get(source) ?? sqlite.prepare(source);
      kept.delete(source);
      kept.set(source, statement);
      if (kept.size > KEPT_STATEMENTS) kept.delete(kept.keys().next().value as string);
      return statement;
    },
  };
}
