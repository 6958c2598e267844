/**
 * SQLite through its online backup API: a copy of the database as it stood at one moment, taken
 * while the server goes on writing, and the same API writing a copy back over a site's file.
 */
import { existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import type { Database } from "../db/schema.ts";
import { type DatabaseSummary, summariseDatabase } from "./site-database.ts";

/** SQLite's own limit on pages per step: the whole database at once. */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the database in steps of `pagesPerStep`, leaving the server's requests room between
 * steps. A write by another connection starts the copy over; after one such restart the rest is
 * copied in a single step (one read transaction, which in WAL mode holds up no writer), so a
 * busy site cannot keep the copy from finishing.
 */
export async function backupSqlite(
  sourceFile: string,
  copyFile: string,
  pagesPerStep = 4096,
): Promise<DatabaseSummary> {
  if (!existsSync(sourceFile)) throw new Error(`there is no SQLite database at ${sourceFile}`);
  const source = new SqliteDatabase(sourceFile, { fileMustExist: true });
  try {
    source.pragma("busy_timeout = 5000");
    let lastRemaining = Number.POSITIVE_INFINITY;
    let restarted = false;
    await source.backup(copyFile, {
      progress({ remainingPages }) {
        if (remainingPages >= lastRemaining) restarted = true;
        lastRemaining = remainingPages;
        return restarted ? ALL_PAGES : pagesPerStep;
      },
    });
  } finally {
    source.close();
  }
  const copy = new SqliteDatabase(copyFile, { fileMustExist: true });
  // A rollback-journal file opens anywhere, read-only media included, with no -wal or -shm beside it.
  copy.pragma("journal_mode = DELETE");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: copy }) });
  try {
    return await summariseDatabase(db);
  } finally {
    await db.destroy();
  }
}

/** Writes the copy over the site's database file (made when there is none). */
export async function restoreSqlite(copyFile: string, targetFile: string): Promise<void> {
  mkdirSync(dirname(targetFile), { recursive: true });
  const copy = new SqliteDatabase(copyFile, { readonly: true, fileMustExist: true });
  try {
    await copy.backup(targetFile, { progress: () => ALL_PAGES });
  } finally {
    copy.close();
  }
}
