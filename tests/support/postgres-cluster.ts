/**
 * A throwaway PostgreSQL cluster from Debian's binaries: initdb on a temporary directory, a free
 * port on loopback, removed again afterwards. Used by the test suite and the benchmarks.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./server-process.ts";

export type PostgresCluster = { url: (database: string) => string; port: number; stop(): void };

function findBinDir(): string {
  const fromConfig = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  if (fromConfig.status === 0 && existsSync(join(fromConfig.stdout.trim(), "initdb"))) {
    return fromConfig.stdout.trim();
  }
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (existsSync(join(root, v, "bin", "initdb"))) return join(root, v, "bin");
  throw new Error(
    "PostgreSQL binaries not found: install Debian's postgresql package (apt-get install postgresql)",
  );
}

/** PostgreSQL refuses to run as root; as root the cluster runs as the `postgres` system user. */
function runAs(): { uid: number; gid: number; user: string } | null {
  if (process.getuid?.() !== 0) return null;
  const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
  return { uid, gid, user: "postgres" };
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = findBinDir();
  const root = mkdtempSync(join(tmpdir(), "canon-pg-"));
  const data = join(root, "data");
  const owner = runAs();
  if (owner) chownSync(root, owner.uid, owner.gid);
  const run = (command: string, args: string[]) => {
    const result = spawnSync(join(bin, command), args, {
      encoding: "utf8",
      ...(owner ? { uid: owner.uid, gid: owner.gid } : {}),
      env: { ...process.env, LC_ALL: "C.UTF-8" },
    });
    if (result.status !== 0) {
      throw new Error(`${command} failed (${result.status}): ${result.stderr || result.stdout}`);
    }
  };
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-sync"]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${root}`,
    "-c listen_addresses=127.0.0.1",
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
  ].join(" ");
  run("pg_ctl", ["-D", data, "-l", join(root, "log"), "-o", options, "-w", "start"]);
  let stopped = false;
  return {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
