/**
 * A backup of a running site: its database as it stood at one moment and, on local storage, its
 * stored files, in one folder with a manifest and checksums. The folder is written under a
 * `.partial` name and renamed when complete, so a folder without it is a whole backup.
 */
import { existsSync } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { openDatabase } from "../db/connect.ts";
import type { ServerConfig } from "../env.ts";
import {
  type BackupManifest,
  type Checksum,
  DATABASE_FILES,
  STORAGE_FOLDER,
  writeChecksums,
  writeManifest,
} from "./manifest.ts";
import { dumpPostgres } from "./postgres-dump.ts";
import type { DatabaseSummary } from "./site-database.ts";
import { backupSqlite } from "./sqlite-copy.ts";
import { copyStorageFiles, listStorageKeys, sha256File } from "./storage-files.ts";

/** Where a site keeps its data: the same settings the server reads. */
export type SiteSettings = Pick<ServerConfig, "database" | "storageDir" | "storageUrl">;

export type BackupOptions = {
  /** The folder the backup's own folder is made in. */
  into: string;
  now?: Date;
  /** SQLite pages copied between the server's requests (the default suits a busy site). */
  sqlitePagesPerStep?: number;
};

export type BackupResult = {
  dir: string;
  manifest: BackupManifest;
  /** Files in the storage folder that are no stored object, or not yet written whole (not backed up). */
  skipped: string[];
  /** Stored files removed by the site while the backup ran. */
  removed: string[];
};

function isInside(child: string, parent: string): boolean {
  const path = relative(parent, child);
  return !isAbsolute(path) && path !== ".." && !path.startsWith(`..${sep}`);
}

export async function createBackup(site: SiteSettings, options: BackupOptions): Promise<BackupResult> {
  const into = resolve(options.into);
  if (!site.storageUrl && isInside(into, resolve(site.storageDir))) {
    throw new Error(
      `the backup cannot go inside the storage folder ${site.storageDir}: it would copy itself`,
    );
  }
  const now = options.now ?? new Date();
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  const dir = join(into, `canon-backup-${stamp}`);
  const partial = `${dir}.partial`;
  if (existsSync(dir) || existsSync(partial)) throw new Error(`${dir} already exists`);
  await mkdir(partial, { recursive: true });
  try {
    const databaseFile = DATABASE_FILES[site.database.kind];
    const summary = await copyDatabase(site, join(partial, databaseFile), options.sqlitePagesPerStep);
    const databaseSum: Checksum = {
      path: databaseFile,
      sha256: await sha256File(join(partial, databaseFile)),
    };

    const listed = site.storageUrl ? { keys: [], skipped: [] } : await listStorageKeys(site.storageDir);
    const files = await copyStorageFiles(site.storageDir, join(partial, STORAGE_FOLDER), listed.keys, true);
    await writeChecksums(partial, [
      databaseSum,
      ...files.map((f) => ({ path: `${STORAGE_FOLDER}/${f.key}`, sha256: f.sha256 })),
    ]);
    const manifest: BackupManifest = {
      format: "canon-reader-backup",
      version: 1,
      createdAt: now.toISOString(),
      database: {
        kind: site.database.kind,
        file: databaseFile,
        bytes: (await stat(join(partial, databaseFile))).size,
        sha256: databaseSum.sha256,
        migration: summary.migrations.at(-1) ?? null,
        migrations: summary.migrations,
        rows: summary.rows,
      },
      storage: {
        kind: site.storageUrl ? "s3" : "local",
        files: files.length,
        bytes: files.reduce((sum, f) => sum + f.bytes, 0),
      },
    };
    await writeManifest(partial, manifest);
    await rename(partial, dir);
    const copied = new Set(files.map((f) => f.key));
    return { dir, manifest, skipped: listed.skipped, removed: listed.keys.filter((key) => !copied.has(key)) };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

async function copyDatabase(
  site: SiteSettings,
  file: string,
  sqlitePagesPerStep: number | undefined,
): Promise<DatabaseSummary> {
  if (site.database.kind === "sqlite") return backupSqlite(site.database.file, file, sqlitePagesPerStep);
  const canon = openDatabase(site.database);
  try {
    return await dumpPostgres(canon.db, site.database.url, file);
  } finally {
    await canon.close();
  }
}
