/**
 * A backup folder's description: `manifest.json` (when, which database and schema, what it holds)
 * and `SHA256SUMS` (every file's checksum, in the format `sha256sum -c` reads in the folder).
 */
import { existsSync, readFileSync } from "node:fs";
import { stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { assertStorageKey } from "../storage/storage.ts";
import { eachLimited, sha256File } from "./storage-files.ts";

export const MANIFEST_FILE = "manifest.json";
export const CHECKSUMS_FILE = "SHA256SUMS";
/** The stored files, under their storage keys. */
export const STORAGE_FOLDER = "storage";
export const DATABASE_FILES = { sqlite: "database.sqlite", postgres: "database.pgdump" } as const;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

const manifestSchema = z.object({
  format: z.literal("canon-reader-backup"),
  version: z.literal(1),
  createdAt: z.string(),
  database: z.object({
    kind: z.enum(["sqlite", "postgres"]),
    file: z.enum([DATABASE_FILES.sqlite, DATABASE_FILES.postgres]),
    bytes: z.number().int().nonnegative(),
    sha256,
    /** The last migration applied, the schema's version; null before any. */
    migration: z.string().nullable(),
    migrations: z.array(z.string()),
    /** Rows of the site's main tables when the copy was taken, checked again after a restore. */
    rows: z.record(z.string(), z.number().int().nonnegative()),
  }),
  storage: z.object({
    /** "s3": the files stay in the bucket and are not in the backup. */
    kind: z.enum(["local", "s3"]),
    files: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
  }),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

export async function writeManifest(dir: string, manifest: BackupManifest): Promise<void> {
  await writeFile(join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}

export function readManifest(dir: string): BackupManifest {
  const path = join(dir, MANIFEST_FILE);
  if (!existsSync(path)) throw new Error(`${dir} is not a backup: it has no ${MANIFEST_FILE}`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`${path} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`${path} is not a canon reader backup manifest (${problems})`);
  }
  return parsed.data;
}

export type Checksum = { path: string; sha256: string };

export async function writeChecksums(dir: string, sums: Checksum[]): Promise<void> {
  await writeFile(join(dir, CHECKSUMS_FILE), sums.map((s) => `${s.sha256}  ${s.path}\n`).join(""));
}

function readChecksums(dir: string): Checksum[] {
  const path = join(dir, CHECKSUMS_FILE);
  if (!existsSync(path)) throw new Error(`${dir} is not a complete backup: it has no ${CHECKSUMS_FILE}`);
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => {
      const match = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
      if (!match?.[1] || !match[2]) throw new Error(`${path}: unreadable line "${line}"`);
      return { sha256: match[1], path: match[2] };
    });
}

/**
 * Reads every file of the backup against its checksum and the manifest, before anything is
 * restored from it. Answers the storage keys of the stored files.
 */
export async function verifyBackup(dir: string, manifest: BackupManifest): Promise<string[]> {
  const sums = readChecksums(dir);
  const database = sums.find((s) => s.path === manifest.database.file);
  if (!database || database.sha256 !== manifest.database.sha256) {
    throw new Error(`${CHECKSUMS_FILE} and ${MANIFEST_FILE} disagree about ${manifest.database.file}`);
  }
  const keys: string[] = [];
  for (const sum of sums) {
    if (sum === database) continue;
    if (!sum.path.startsWith(`${STORAGE_FOLDER}/`)) {
      throw new Error(`${CHECKSUMS_FILE} lists ${sum.path}, which is neither the database nor a stored file`);
    }
    const key = sum.path.slice(STORAGE_FOLDER.length + 1);
    assertStorageKey(key);
    keys.push(key);
  }
  const databaseFile = join(dir, manifest.database.file);
  if (!existsSync(databaseFile))
    throw new Error(`the backup is damaged: ${manifest.database.file} is missing`);
  if ((await stat(databaseFile)).size !== manifest.database.bytes) {
    throw new Error(`the backup is damaged: ${manifest.database.file} has the wrong size`);
  }
  if (keys.length !== manifest.storage.files) {
    throw new Error(
      `the backup is damaged: ${CHECKSUMS_FILE} lists ${keys.length} stored files, the manifest ${manifest.storage.files}`,
    );
  }
  await eachLimited(sums, async (sum) => {
    const file = join(dir, sum.path);
    if (!existsSync(file)) throw new Error(`the backup is damaged: ${sum.path} is missing`);
    if ((await sha256File(file)) !== sum.sha256) {
      throw new Error(`the backup is damaged: ${sum.path} does not match its checksum`);
    }
  });
  return keys;
}
