/**
 * The product as a reader meets it: the web app built by Vite and the real server started as a
 * child process (`server/main.ts`, as `npm start` runs it) on a free port, with its own SQLite file
 * and storage in a temporary directory, importing the starter canon on first start.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { build } from "vite";
import { corpusDir } from "../../support/corpus.ts";

export type RunningServer = {
  baseUrl: string;
  sqliteFile: string;
  stop(): Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/**
 * The production build readers get. Vite keeps a NODE_ENV it finds set, and the test runner sets
 * it to "test", which would ship React's development build instead.
 */
export async function buildWebApp(outDir: string): Promise<void> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({ mode: "production", logLevel: "warn", build: { outDir, emptyOutDir: true } });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

async function waitForServer(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms:\n${output()}`);
}

export async function startServer(options: {
  workDir: string;
  webDistDir: string;
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = join(options.workDir, "data");
  mkdirSync(dataDir, { recursive: true });
  const sqliteFile = join(dataDir, "canon.db");
  const baseUrl = `http://127.0.0.1:${port}`;
  const tsxCli = resolve("node_modules/tsx/dist/cli.mjs");
  const child = spawn(process.execPath, [tsxCli, "server/main.ts"], {
    cwd: resolve("."),
    env: {
      ...process.env,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      SQLITE_FILE: sqliteFile,
      STORAGE_DIR: join(dataDir, "storage"),
      CANON_DIR: corpusDir(),
      WEB_DIST_DIR: options.webDistDir,
      PUBLIC_URL: baseUrl,
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  await waitForServer(`${baseUrl}/v1/tripitaka/all`, child, () => log, 180_000);
  return {
    baseUrl,
    sqliteFile,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}
