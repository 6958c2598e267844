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
  // Not provided when the run holds no server test.
  const importedFile: string | undefined = inject("sqliteTemplate");
  const importedStorage: string | undefined = inject("templateStorage");
  if (!importedFile || !importedStorage) return buildCanonTemplate({ workDir, pgAdminUrl: null });
  const sqliteFile = join(workDir, "template.db");
  const storageDir = join(workDir, "template-storage");
  copyFileSync(importedFile, sqliteFile);
  cpSync(importedStorage, storageDir, { recursive: true });
  return { sqliteFile, storageDir };
}
