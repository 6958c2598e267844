/**
 * Debian's HAProxy in the foreground, run with the repository's own `deploy/haproxy.cfg`: the
 * same balancing, health checks, forwarding and timeouts, listening on a free loopback port in
 * front of the given server ports. What only a system service needs (chroot, user, the admin
 * socket, syslog, running as a daemon) is left out.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./server-process.ts";

const CONFIG = join(import.meta.dirname, "..", "..", "deploy", "haproxy.cfg");
const SYSTEM_ONLY = /^\s*(chroot|user|group|daemon|stats socket|log \/dev\/log)\b/;

export type Haproxy = { url: string; stop(): Promise<void> };

/** Debian installs it in /usr/sbin, which an unprivileged user's PATH may lack. */
const HAPROXY = existsSync("/usr/sbin/haproxy") ? "/usr/sbin/haproxy" : "haproxy";

export function haproxyAvailable(): boolean {
  return spawnSync(HAPROXY, ["-v"], { encoding: "utf8" }).status === 0;
}

/** The deploy configuration listening on `listenPort` in front of `serverPorts`. */
export function renderHaproxyConfig(template: string, listenPort: number, serverPorts: number[]): string {
  const lines: string[] = [];
  let inServers = false;
  for (const line of template.split("\n")) {
    if (SYSTEM_ONLY.test(line)) continue;
    if (line.trim() === "# servers begin") {
      inServers = true;
      lines.push(line);
      for (const port of serverPorts) lines.push(`    server p${port} 127.0.0.1:${port} check`);
      continue;
    }
    if (line.trim() === "# servers end") inServers = false;
    if (inServers) continue;
    lines.push(/^\s*bind :\d+$/.test(line) ? `    bind 127.0.0.1:${listenPort}` : line);
  }
  return lines.join("\n");
}

export async function startHaproxy(serverPorts: number[]): Promise<Haproxy> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "haproxy-"));
  const config = join(dir, "haproxy.cfg");
  writeFileSync(config, renderHaproxyConfig(readFileSync(CONFIG, "utf8"), port, serverPorts));
  const check = spawnSync(HAPROXY, ["-c", "-f", config], { encoding: "utf8" });
  if (check.status !== 0)
    throw new Error(`haproxy refused its configuration:\n${check.stdout}${check.stderr}`);
  const child: ChildProcess = spawn(HAPROXY, ["-db", "-f", config], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    log = (log + chunk.toString("utf8")).slice(-10_000);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited (${child.exitCode}):\n${log}`);
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`haproxy not answering:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await once(child, "exit");
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
