/**
 * A site for the backup tests: a copy of the starter canon with stored files of its own (the
 * template's page images copied into a private folder, so that what the backup holds is this
 * site's alone), served by an app with the account tests' settable clock.
 */

import { createHash } from "node:crypto";
import { cpSync, mkdtempSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { expect, inject } from "vitest";
import { USER_DATA_TABLES } from "../../server/backup/site-database.ts";
import type { CanonDb } from "../../server/db/connect.ts";
import { localStorage } from "../../server/storage/local.ts";
import type { TestDatabase } from "../support/databases.ts";
import { type AuthHarness, authAppOver } from "./auth-setup.ts";
import { putAvatar, uploadPng } from "./upload-requests.ts";

export { USER_DATA_TABLES };

export function scratchFolder(): string {
  return mkdtempSync(join(inject("workDir"), "backup-"));
}

/**
 * The template's page images and thumbnails copied under `root` (its thousands of cut chars left
 * out, to keep the copies quick).
 */
export function copyTemplateStorage(root: string): void {
  const template = inject("templateStorage");
  for (const folder of ["pages", "thumbs"]) {
    cpSync(join(template, folder), join(root, folder), { recursive: true });
  }
}

/** An app serving `canon` and the local storage at `storageRoot`; closing it leaves both. */
export async function siteApp(
  canon: CanonDb,
  storageRoot: string,
  clock: { now: number },
  dispose: () => Promise<void>,
): Promise<AuthHarness> {
  const database: TestDatabase = { canon, storage: localStorage(storageRoot), dispose };
  return authAppOver(database, clock, { auth: { rateLimit: { max: 100_000, timeWindowMs: 60_000 } } });
}

/** Uploads a small PNG as the reader's avatar and sets it; answers its key and a fresh token. */
export async function setAvatar(h: AuthHarness, token: string): Promise<{ key: string; token: string }> {
  const key = await uploadPng(h, token, "avatar", "face.png", 16);
  const set = await putAvatar(h.app, token, key);
  expect(set.code).toBe(0);
  return { key, token: (set.result as { access_token: string }).access_token };
}

/** Every file under `root` by its path, with a checksum of its bytes. */
export async function filesUnder(root: string): Promise<Map<string, string>> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = new Map<string, string>();
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(
      relative(root, path),
      createHash("sha256")
        .update(await readFile(path))
        .digest("hex"),
    );
  }
  return files;
}

/** Each table's rows as JSON, sorted, to compare two databases of one dialect row by row. */
export async function userDataRows(canon: CanonDb): Promise<Map<string, string[]>> {
  const rows = new Map<string, string[]>();
  for (const table of USER_DATA_TABLES) {
    const all = await canon.db.selectFrom(table).selectAll().execute();
    rows.set(table, all.map((row) => JSON.stringify(row)).sort());
  }
  return rows;
}
