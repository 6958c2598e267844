/**
 * `npm run backup [-- <folder>]`: backs up the configured site, running or not, into a new
 * `canon-backup-<time>` folder under <folder> (default `backups`).
 * `npm run restore -- <backup folder> [--force]`: restores a backup into the configured site, its
 * server stopped; refuses a site that holds data unless --force.
 * Both read the server's settings (DATABASE_URL or SQLITE_FILE, STORAGE_DIR, STORAGE_URL).
 */
import { loadConfig } from "../env.ts";
import { createBackup } from "./backup.ts";
import { RestoreRefused, restoreBackup } from "./restore.ts";

const USAGE = `usage:
  npm run backup [-- <folder>]                  back up into <folder>/canon-backup-<time> (default: backups)
  npm run restore -- <backup folder> [--force]  restore into this site; --force replaces the data it holds
`;

function fail(message: string, code: number): never {
  process.stderr.write(message.endsWith("\n") ? message : `${message}\n`);
  process.exit(code);
}

const [command, ...rest] = process.argv.slice(2);
const force = rest.includes("--force");
const paths = rest.filter((arg) => arg !== "--force");
const unknownOption = paths.find((arg) => arg.startsWith("-"));
if (unknownOption) fail(`unknown option ${unknownOption}\n${USAGE}`, 2);
if ((command !== "backup" && command !== "restore") || paths.length > 1) fail(USAGE, 2);
if (command === "restore" && paths.length === 0) fail(`name the backup folder to restore\n${USAGE}`, 2);
if (command === "backup" && force) fail(USAGE, 2);

// Only where the data lives matters here: production's JWT_SECRET requirement is the server's.
const config = loadConfig({ ...process.env, NODE_ENV: undefined });
const site = { database: config.database, storageDir: config.storageDir, storageUrl: config.storageUrl };

try {
  if (command === "backup") {
    const { dir, manifest, skipped, removed } = await createBackup(site, { into: paths[0] ?? "backups" });
    const storage =
      manifest.storage.kind === "s3"
        ? "stored files are in S3 and not in the backup: keep them with the bucket's versioning or replication"
        : `${manifest.storage.files} stored files (${manifest.storage.bytes} bytes)`;
    process.stdout.write(
      `backed up the ${manifest.database.kind} database (schema ${manifest.database.migration}) and ${storage}\n`,
    );
    if (skipped.length > 0) {
      process.stdout.write(
        `left out ${skipped.length} files that are no stored object: ${skipped.join(", ")}\n`,
      );
    }
    if (removed.length > 0) {
      process.stdout.write(
        `${removed.length} stored files were removed by the site while it was backed up\n`,
      );
    }
    process.stdout.write(`${dir}\n`);
  } else {
    const { manifest, replaced, files } = await restoreBackup(site, paths[0] as string, { force });
    if (replaced.length > 0) process.stdout.write(`replaced what the site held: ${replaced.join("; ")}\n`);
    process.stdout.write(
      `restored the backup of ${manifest.createdAt}: the ${manifest.database.kind} database (schema ${manifest.database.migration}) and ${files} stored files\n`,
    );
    if (manifest.storage.kind === "s3") {
      process.stdout.write("the backup holds no stored files: the site's files come from its S3 bucket\n");
    }
  }
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  fail(error instanceof RestoreRefused ? `not restored: ${message}` : `${command} failed: ${message}`, 1);
}
