/**
 * Brings a backup back into a site, the server stopped: checks the whole backup first, refuses a
 * site that already holds data unless forced, replaces the database, checks what it now holds
 * against the manifest, then copies the stored files into local storage.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { sql } from "kysely";
import { type DatabaseConfig, openDatabase } from "../db/connect.ts";
import type { SiteSettings } from "./backup.ts";
import { type BackupManifest, readManifest, STORAGE_FOLDER, verifyBackup } from "./manifest.ts";
import { restorePostgres } from "./postgres-dump.ts";
import { type DatabaseSummary, describeData, knownMigrations, summariseDatabase } from "./site-database.ts";
import { restoreSqlite } from "./sqlite-copy.ts";
import { copyStorageFiles, listStorageKeys } from "./storage-files.ts";

/** The target site holds data and the restore was not forced. */
export class RestoreRefused extends Error {}

export type RestoreOptions = {
  /** Replaces the target's database, and stored files of the same names, even when it holds data. */
  force?: boolean;
};

export type RestoreResult = {
  manifest: BackupManifest;
  /** What the site held before and --force replaced; empty for an empty site. */
  replaced: string[];
  files: number;
};

export async function restoreBackup(
  site: SiteSettings,
  backupDir: string,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const dir = resolve(backupDir);
  const manifest = readManifest(dir);
  if (manifest.database.kind !== site.database.kind) {
    const setting = site.database.kind === "postgres" ? "DATABASE_URL" : "SQLITE_FILE";
    throw new Error(
      `the backup holds a ${manifest.database.kind} database but the site uses ${site.database.kind} (${setting})`,
    );
  }
  const known = new Set(await knownMigrations());
  const unknown = manifest.database.migrations.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new Error(
      `the backup was made by a newer version of the server (unknown migrations: ${unknown.join(", ")}): update this installation first`,
    );
  }
  const keys = await verifyBackup(dir, manifest);

  const replaced = await whatTheSiteHolds(site, keys.length);
  if (replaced.length > 0 && !options.force) {
    throw new RestoreRefused(
      `the site is not empty: ${replaced.join("; ")}. Restore into an empty site (a new database and storage folder), or pass --force to replace its data.`,
    );
  }

  const file = join(dir, manifest.database.file);
  if (site.database.kind === "sqlite") await restoreSqlite(file, site.database.file);
  else await restorePostgres(file, site.database.url);
  const restored = await summarise(site.database, true);
  const differences = compare(manifest, restored);
  if (differences.length > 0) {
    throw new Error(`the restored database does not match the backup: ${differences.join("; ")}`);
  }

  if (!site.storageUrl) await copyStorageFiles(join(dir, STORAGE_FOLDER), site.storageDir, keys, false);
  return { manifest, replaced, files: site.storageUrl ? 0 : keys.length };
}

async function whatTheSiteHolds(site: SiteSettings, backupFiles: number): Promise<string[]> {
  const found: string[] = [];
  const blank = site.database.kind === "sqlite" && !existsSync(site.database.file);
  const data = blank ? "" : describeData((await summarise(site.database, false)).rows);
  if (data !== "") found.push(`its database holds data (${data})`);
  if (site.storageUrl) {
    if (backupFiles > 0) {
      found.push(
        `it keeps its files in S3 (STORAGE_URL), which a restore does not write: copy the backup's ${STORAGE_FOLDER}/ folder into the bucket yourself`,
      );
    }
  } else {
    const stored = (await listStorageKeys(site.storageDir)).keys.length;
    if (stored > 0) found.push(`its storage folder ${site.storageDir} holds ${stored} files`);
  }
  return found;
}

/** With `analyse`, PostgreSQL first gathers the planner's statistics, which a dump does not carry. */
async function summarise(config: DatabaseConfig, analyse: boolean): Promise<DatabaseSummary> {
  const canon = openDatabase(config);
  try {
    if (analyse && canon.dialect === "postgres") await sql`ANALYZE`.execute(canon.db);
    return await summariseDatabase(canon.db);
  } finally {
    await canon.close();
  }
}

function compare(manifest: BackupManifest, restored: DatabaseSummary): string[] {
  const differences: string[] = [];
  if (restored.migrations.join() !== manifest.database.migrations.join()) {
    differences.push(`migrations ${restored.migrations.at(-1)}, the backup ${manifest.database.migration}`);
  }
  const tables = new Set([...Object.keys(manifest.database.rows), ...Object.keys(restored.rows)]);
  for (const table of tables) {
    const expected = manifest.database.rows[table];
    const found = restored.rows[table];
    if (expected !== found)
      differences.push(`${table}: ${found ?? "no"} rows, the backup ${expected ?? "no"}`);
  }
  return differences;
}
