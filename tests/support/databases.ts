/**
 * Databases for the server tests, on SQLite and on PostgreSQL (the same suite runs on both):
 *   emptyDatabase(dialect)  migrated and empty, for importer tests
 *   canonDatabase(dialect)  a private copy of the starter canon imported once by the global setup
 * Each call returns a fresh database that `dispose()` removes.
 */
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { type CanonDb, type Dialect, openDatabase } from "../../server/db/connect.ts";
import { migrateToLatest, migrateUpTo } from "../../server/db/migrate.ts";
import { localStorage } from "../../server/storage/local.ts";
import type { ObjectStorage } from "../../server/storage/storage.ts";

export { testDialects } from "./dialects.ts";

export type TestDatabase = {
  canon: CanonDb;
  storage: ObjectStorage & { root: string };
  dispose(): Promise<void>;
};

let counter = 0;
const uniqueName = (prefix: string) => `${prefix}_${process.pid}_${Date.now().toString(36)}_${counter++}`;

async function createPgDatabase(template: string | null): Promise<{ url: string; drop(): Promise<void> }> {
  const base = inject("pgUrlBase");
  if (!base) throw new Error("PostgreSQL is not running for this test run (TEST_DIALECTS excludes it)");
  const name = uniqueName("t");
  const admin = new pg.Client({ connectionString: `${base}postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  await admin.end();
  return {
    url: `${base}${name}`,
    async drop() {
      const client = new pg.Client({ connectionString: `${base}postgres` });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A new PostgreSQL database, a copy of `template` or empty, opened; `closeAndDrop` removes it. */
async function openPgDatabase(
  template: string | null,
): Promise<{ canon: CanonDb; closeAndDrop(): Promise<void> }> {
  const database = await createPgDatabase(template);
  const canon = openDatabase({ kind: "postgres", url: database.url });
  return {
    canon,
    async closeAndDrop() {
      await canon.close();
      await database.drop();
    },
  };
}

async function closeAndRemove(canon: CanonDb, dir: string): Promise<void> {
  await canon.close();
  rmSync(dir, { recursive: true, force: true });
}

function scratchDir(): string {
  return mkdtempSync(join(inject("workDir"), "db-"));
}

/** A new database, migrated to the latest schema or only up to the named migration. */
export async function emptyDatabase(dialect: Dialect, migratedUpTo?: string): Promise<TestDatabase> {
  const dir = scratchDir();
  const storage = localStorage(join(dir, "storage"));
  const migrate = (canon: CanonDb) =>
    migratedUpTo
      ? migrateUpTo(canon.db, canon.dialect, migratedUpTo)
      : migrateToLatest(canon.db, canon.dialect);
  if (dialect === "sqlite") {
    const canon = openDatabase({ kind: "sqlite", file: join(dir, "canon.db") });
    await migrate(canon);
    return { canon, storage, dispose: () => closeAndRemove(canon, dir) };
  }
  const { canon, closeAndDrop } = await openPgDatabase(null);
  await migrate(canon);
  return {
    canon,
    storage,
    async dispose() {
      await closeAndDrop();
      rmSync(dir, { recursive: true });
    },
  };
}

/** A copy of the imported starter canon; its page images live in the shared template storage. */
export async function canonDatabase(dialect: Dialect): Promise<TestDatabase> {
  const storage = localStorage(inject("templateStorage"));
  if (dialect === "sqlite") {
    const dir = scratchDir();
    const file = join(dir, "canon.db");
    copyFileSync(inject("sqliteTemplate"), file);
    const canon = openDatabase({ kind: "sqlite", file });
    return { canon, storage, dispose: () => closeAndRemove(canon, dir) };
  }
  const { canon, closeAndDrop } = await openPgDatabase(inject("pgTemplate"));
  return { canon, storage, dispose: closeAndDrop };
}
