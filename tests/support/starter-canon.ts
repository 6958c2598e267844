/**
 * The starter canon in a SQLite file and a storage folder of a test's own. When the run holds the
 * server tests, their global setup has imported it once (global-setup.ts) and it is copied;
 * otherwise it is imported here.
 */
import { copyFileSync, cpSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";
import { buildCanonTemplate } from "./canon-template.ts";

export async function starterCanonIn(workDir: string): Promise<{ sqliteFile: string; storageDir: string }> {
  const imported: { sqliteFile?: string; storageDir?: string } = {
    sqliteFile: inject("sqliteTemplate"),
    storageDir: inject("templateStorage"),
  };
  if (imported.sqliteFile === undefined || imported.storageDir === undefined) {
    return buildCanonTemplate({ workDir, pgAdminUrl: null });
  }
  const sqliteFile = join(workDir, "template.db");
  const storageDir = join(workDir, "template-storage");
  copyFileSync(imported.sqliteFile, sqliteFile);
  cpSync(imported.storageDir, storageDir, { recursive: true });
  return { sqliteFile, storageDir };
}
