/**
 * `npm run backup` and `npm run restore` as an operator runs them: the site named by the server's
 * own settings (SQLITE_FILE or DATABASE_URL, STORAGE_DIR, STORAGE_URL).
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createBackup } from "../../server/backup/backup.ts";
import { MANIFEST_FILE } from "../../server/backup/manifest.ts";
import { restoreBackup } from "../../server/backup/restore.ts";
import { copyStorageFiles } from "../../server/backup/storage-files.ts";
import { type DatabaseConfig, type Dialect, openDatabase } from "../../server/db/connect.ts";
import { canonDatabase, emptyDatabase, type TestDatabase, testDialects } from "../support/databases.ts";
import { filesUnder, scratchFolder } from "./backup-setup.ts";

const ROOT = join(import.meta.dirname, "..", "..");

/** A database never used: a SQLite file not there yet, or a PostgreSQL database just created. */
async function blankDatabase(
  dialect: Dialect,
  scratch: string,
): Promise<{ config: DatabaseConfig; drop(): Promise<void> }> {
  if (dialect === "sqlite")
    return { config: { kind: "sqlite", file: join(scratch, "blank", "canon.db") }, drop: async () => {} };
  const base = inject("pgUrlBase");
  if (!base) throw new Error("PostgreSQL is not running for this test run");
  const name = `blank_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: `${base}postgres` });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    config: { kind: "postgres", url: `${base}${name}` },
    async drop() {
      const client = new pg.Client({ connectionString: `${base}postgres` });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

type Run = { code: number | null; stdout: string; stderr: string };

function runCli(args: string[], env: Record<string, string>): Promise<Run> {
  const inherited = { ...process.env };
  for (const name of ["DATABASE_URL", "SQLITE_FILE", "STORAGE_DIR", "STORAGE_URL"]) delete inherited[name];
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(ROOT, "server", "backup", "cli.ts"), ...args],
    {
      cwd: ROOT,
      env: { ...inherited, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const settingsOf = (database: DatabaseConfig, storageDir: string): Record<string, string> => ({
  ...(database.kind === "sqlite" ? { SQLITE_FILE: database.file } : { DATABASE_URL: database.url }),
  STORAGE_DIR: storageDir,
});

describe.each(testDialects())("the backup and restore commands on %s", (dialect) => {
  let scratch: string;
  let source: TestDatabase;
  let target: TestDatabase;
  let storageDir: string;

  beforeAll(async () => {
    scratch = scratchFolder();
    source = await canonDatabase(dialect);
    target = await emptyDatabase(dialect);
    storageDir = join(scratch, "storage");
    await mkdir(join(storageDir, "avatar", "1"), { recursive: true });
    await writeFile(join(storageDir, "avatar", "1", "face.png"), "face");
    await writeFile(join(storageDir, "avatar", "1", "face.png.123.456.tmp"), "half");
    await writeFile(join(storageDir, ".DS_Store"), "finder");
  });
  afterAll(async () => {
    await source?.dispose();
    await target?.dispose();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it("backs up the configured site and restores it into an empty one, refusing it afterwards", async () => {
    const backup = await runCli(
      ["backup", join(scratch, "backups")],
      settingsOf(source.canon.config, storageDir),
    );
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(
      new RegExp(`backed up the ${dialect} database \\(schema \\d{4}_\\w+\\) and 1 stored files`),
    );
    expect(backup.stdout).toContain(
      "left out 2 files that are no stored object: .DS_Store, avatar/1/face.png.123.456.tmp",
    );
    const dir = backup.stdout.trim().split("\n").at(-1) ?? "";
    expect(dir).toMatch(/canon-backup-\d{8}T\d{6}Z$/);
    expect(JSON.parse(readFileSync(join(dir, MANIFEST_FILE), "utf8"))).toMatchObject({
      database: { kind: dialect },
      storage: { kind: "local", files: 1 },
    });

    const targetStorage = join(scratch, "restored-storage");
    const targetEnv = settingsOf(target.canon.config, targetStorage);
    const restore = await runCli(["restore", dir], targetEnv);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(
      /restored the backup of .*Z: the \w+ database \(schema \d{4}_\w+\) and 1 stored files/,
    );
    expect([...(await filesUnder(targetStorage)).keys()]).toEqual(["avatar/1/face.png"]);
    const sutras = await target.canon.db.selectFrom("sutra").select("uid").execute();
    const expected = await source.canon.db.selectFrom("sutra").select("uid").execute();
    expect(sutras.map((s) => s.uid).sort()).toEqual(expected.map((s) => s.uid).sort());

    const again = await runCli(["restore", dir], targetEnv);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      /^not restored: the site is not empty: its database holds data \(.*sutra: \d+/,
    );
    expect(again.stderr).toContain(`its storage folder ${targetStorage} holds 1 files`);
    expect(again.stderr).toContain("pass --force");

    const forced = await runCli(["restore", dir, "--force"], targetEnv);
    expect(forced.stderr).toBe("");
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain("replaced what the site held: its database holds data");
  });

  it.runIf(dialect === "sqlite")("answers a wrong command with its usage", async () => {
    for (const args of [[], ["backup", "--force"]]) {
      const run = await runCli(args, settingsOf(source.canon.config, storageDir));
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr, args.join(" ")).toContain("npm run restore -- <backup folder> [--force]");
    }
    const missing = await runCli(
      ["restore", join(scratch, "nothing")],
      settingsOf(source.canon.config, storageDir),
    );
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      `restore failed: ${join(scratch, "nothing")} is not a backup: it has no ${MANIFEST_FILE}`,
    );
  });

  it.runIf(dialect === "sqlite")("leaves out a stored file the site removes while it is copied", async () => {
    const to = join(scratch, "copied");
    const keys = ["avatar/1/face.png", "avatar/1/removed.png"];
    const copied = await copyStorageFiles(storageDir, to, keys, true);
    expect(copied.map((file) => file.key)).toEqual(["avatar/1/face.png"]);
    await expect(copyStorageFiles(storageDir, to, keys, false)).rejects.toThrow(/ENOENT/);
  });

  it("leaves the files of an S3 store to the bucket", async () => {
    const storageUrl = "s3://canon-bucket?endpoint=http://127.0.0.1:1&region=us-east-1";
    const site = { database: source.canon.config, storageDir, storageUrl };
    const { dir, manifest } = await createBackup(site, { into: join(scratch, "s3-backups") });
    expect(manifest.storage).toEqual({ kind: "s3", files: 0, bytes: 0 });
    expect(existsSync(join(dir, "storage"))).toBe(false);
    const blank = await blankDatabase(dialect, scratch);
    try {
      const restored = await restoreBackup({ ...site, database: blank.config }, dir);
      expect(restored).toMatchObject({ replaced: [], files: 0 });
      const canon = openDatabase(blank.config);
      try {
        const sutras = await canon.db
          .selectFrom("sutra")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .execute();
        expect(Number(sutras[0]?.n)).toBe(manifest.database.rows.sutra);
      } finally {
        await canon.close();
      }
    } finally {
      await blank.drop();
    }
  });
});
