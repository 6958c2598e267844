/**
 * PostgreSQL through its own tools: `pg_dump` in custom format, and `pg_restore` feeding `psql`,
 * which clears the target's schema and loads the dump in one transaction.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { accessSync, constants, existsSync, readdirSync } from "node:fs";
import { delimiter, join } from "node:path";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";
import { type DatabaseSummary, summariseDatabase } from "./site-database.ts";

type PgTool = "pg_dump" | "pg_restore" | "psql";

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The tool on PATH, else the newest of Debian's /usr/lib/postgresql/<version>/bin. */
export function findPgTool(tool: PgTool): string {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (dir !== "" && executable(join(dir, tool))) return join(dir, tool);
  }
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const path = join(root, version, "bin", tool);
    if (executable(path)) return path;
  }
  throw new Error(`${tool} not found on PATH or under ${root}/*/bin: install the PostgreSQL client tools`);
}

/**
 * The connection string for libpq with the password moved to PGPASSWORD, so that it does not
 * show in the process list.
 */
function libpqConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (parsed.password !== "") {
    env.PGPASSWORD = decodeURIComponent(parsed.password);
    parsed.password = "";
  }
  return { dbname: parsed.toString(), env };
}

/** Waits for the process to end; rejects with what it wrote to stderr when it fails. */
function finished(child: ChildProcess, name: string): Promise<void> {
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    errors = (errors + chunk.toString("utf8")).slice(-8000);
  });
  return new Promise((resolve, reject) => {
    child.on("error", (error) => reject(new Error(`${name} could not run: ${error.message}`)));
    child.on("close", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${name} failed (${signal ?? `exit ${code}`}): ${errors.trim()}`));
    });
  });
}

/**
 * Dumps the database as one repeatable-read transaction sees it, the transaction's snapshot
 * handed to pg_dump, so the summary describes exactly what the dump holds.
 */
export async function dumpPostgres(
  db: Kysely<Database>,
  url: string,
  file: string,
): Promise<DatabaseSummary> {
  const { dbname, env } = libpqConnection(url);
  return db
    .transaction()
    .setIsolationLevel("repeatable read")
    .setAccessMode("read only")
    .execute(async (trx) => {
      const exported = await sql<{ snapshot: string }>`SELECT pg_export_snapshot() AS snapshot`.execute(trx);
      const snapshot = exported.rows[0]?.snapshot;
      if (!snapshot) throw new Error("PostgreSQL exported no snapshot");
      const summary = await summariseDatabase(trx);
      const dump = spawn(
        findPgTool("pg_dump"),
        ["--format=custom", `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${dbname}`],
        { env, stdio: ["ignore", "ignore", "pipe"] },
      );
      await finished(dump, "pg_dump");
      return summary;
    });
}

/**
 * Drops what the site's schema holds (tables with their indexes, triggers and sequences; views;
 * functions), leaving objects of installed extensions alone, so the dump loads into an empty
 * schema whether the target was blank, migrated or in use.
 */
const CLEAR_SCHEMA = `DO $$
DECLARE
  item record;
BEGIN
  FOR item IN SELECT c.oid::regclass AS name, c.relkind FROM pg_class c
      WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
        AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e') LOOP
    CONTINUE WHEN to_regclass(item.name::text) IS NULL;
    EXECUTE format('DROP %s IF EXISTS %s CASCADE',
      CASE item.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE'
        WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END, item.name);
  END LOOP;
  FOR item IN SELECT p.oid::regprocedure AS name FROM pg_proc p
      WHERE p.pronamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e') LOOP
    EXECUTE format('DROP ROUTINE IF EXISTS %s CASCADE', item.name);
  END LOOP;
END $$`;

/**
 * Replaces the target database's schema with the dump's, all in one transaction: a restore that
 * fails leaves the target as it was. Ownership and grants are not restored; the objects belong to
 * the user of the site's connection.
 */
export async function restorePostgres(file: string, url: string): Promise<void> {
  const { dbname, env } = libpqConnection(url);
  const script = spawn(findPgTool("pg_restore"), ["--no-owner", "--no-privileges", "--file=-", file], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const load = spawn(
    findPgTool("psql"),
    [
      "--no-psqlrc",
      "--quiet",
      "--set=ON_ERROR_STOP=1",
      "--single-transaction",
      "--command=SET client_min_messages TO warning",
      `--command=${CLEAR_SCHEMA}`,
      "--file=-",
      `--dbname=${dbname}`,
    ],
    { env, stdio: ["pipe", "ignore", "pipe"] },
  );
  const written = finished(script, "pg_restore");
  const loaded = finished(load, "psql");
  loaded.catch(() => {});
  // psql stopping at an error closes the pipe under pg_restore; psql's error is the one to tell.
  load.stdin?.on("error", () => {});
  // psql commits when its input ends, so the input is ended only once the whole script is in it.
  script.stdout?.pipe(load.stdin as NodeJS.WritableStream, { end: false });
  try {
    await written;
  } catch (error) {
    // Killed before its input ended, psql never commits: the server rolls the transaction back.
    if (load.exitCode === null) load.kill("SIGKILL");
    const psqlError = await loaded.then(
      () => null,
      (failure: unknown) => failure,
    );
    throw load.signalCode === "SIGKILL" || psqlError === null ? error : psqlError;
  }
  load.stdin?.end();
  await loaded;
}
