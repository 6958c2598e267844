/**
 * The product as a reader meets it: the web app and the server built as `npm start` builds them
 * (scripts/build.ts: Vite, and the server compiled to JavaScript), and the compiled server started
 * as a child process under NODE_ENV=production on a free port, with its own SQLite file and storage
 * in a temporary directory, importing the starter canon on first start.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
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

/** Runs `npm start`'s build (scripts/build.ts) with the web app going to `webDistDir`; answers its report. */
export function buildProduct(webDistDir: string): string {
  return execFileSync(process.execPath, [resolve("node_modules/tsx/dist/cli.mjs"), "scripts/build.ts"], {
    cwd: resolve("."),
    env: { ...process.env, WEB_DIST_DIR: webDistDir, NODE_ENV: "production" },
    encoding: "utf8",
  });
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
  const main = resolve("build/server/server/main.js");
  if (!existsSync(main)) throw new Error(`${main} is not built: run buildProduct first`);
  const child = spawn(process.execPath, [main], {
    cwd: resolve("."),
    env: {
      ...process.env,
      NODE_ENV: "production",
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
