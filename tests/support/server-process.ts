/**
 * The canon reader's server as its own operating-system process, on a free loopback port with the
 * environment given: the compiled server (`build/server/server/main.js`, as `npm run serve` runs
 * it) or the sources under tsx. Used by the browser tests, the scaled-out test and the benchmarks.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..", "..");
export const BUILT_SERVER = join(ROOT, "build", "server", "server", "main.js");

export type ServerProcess = {
  port: number;
  url: string;
  pid: number;
  /** The last of what the process wrote to stdout and stderr, for a failure's message. */
  output(): string;
  stop(): Promise<void>;
};

export type ServerProcessOptions = {
  /** Added to this process's own environment; HOST and PORT are set here. */
  env: Record<string, string>;
  /** The compiled server (run `npm run build` first) or the sources under tsx (default). */
  entry?: "build" | "source";
  /** Answers 200 once the server is ready (default /readyz, after its start-up work). */
  readyPath?: string;
  timeoutMs?: number;
  /** A port chosen beforehand (from freePort), when the environment must name it. */
  port?: number;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers 200; fails when the process ends first or `timeoutMs` passes. */
async function waitUntilReady(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms:\n${output()}`);
}

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const entry = options.entry ?? "source";
  if (entry === "build" && !existsSync(BUILT_SERVER)) throw new Error(`${BUILT_SERVER} is not built`);
  const args = entry === "build" ? [BUILT_SERVER] : ["--import", "tsx", join(ROOT, "server", "main.ts")];
  const child = spawn(process.execPath, ["--max-semi-space-size=32", ...args], {
    cwd: ROOT,
    env: { ...process.env, ...options.env, HOST: "127.0.0.1", PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString("utf8")).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(
      `${url}${options.readyPath ?? "/readyz"}`,
      child,
      () => log,
      options.timeoutMs ?? 90_000,
    );
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return {
    port,
    url,
    pid: child.pid as number,
    output: () => log,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}
