/**
 * The product as a reader meets it: the web app and the server built as `npm start` builds them
 * (scripts/build.ts: Vite, and the server compiled to JavaScript), and the compiled server started
 * as a child process under NODE_ENV=production on a free port, with its own SQLite file and storage
 * in a temporary directory, importing the starter canon on first start.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { corpusDir } from "../../support/corpus.ts";
import { freePort, startServerProcess } from "../../support/server-process.ts";

export { freePort };

export type RunningServer = {
  baseUrl: string;
  sqliteFile: string;
  stop(): Promise<void>;
};

/** Runs `npm start`'s build (scripts/build.ts) with the web app going to `webDistDir`; answers its report. */
export function buildProduct(webDistDir: string): string {
  return execFileSync(process.execPath, [resolve("node_modules/tsx/dist/cli.mjs"), "scripts/build.ts"], {
    cwd: resolve("."),
    env: { ...process.env, WEB_DIST_DIR: webDistDir, NODE_ENV: "production" },
    encoding: "utf8",
  });
}

export async function startServer(options: {
  workDir: string;
  webDistDir: string;
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const dataDir = join(options.workDir, "data");
  mkdirSync(dataDir, { recursive: true });
  const sqliteFile = join(dataDir, "canon.db");
  const port = await freePort();
  const server = await startServerProcess({
    port,
    entry: "build",
    readyPath: "/v1/tripitaka/all",
    timeoutMs: 180_000,
    env: {
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      SQLITE_FILE: sqliteFile,
      STORAGE_DIR: join(dataDir, "storage"),
      CANON_DIR: corpusDir(),
      WEB_DIST_DIR: options.webDistDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...options.env,
    },
  });
  return { baseUrl: server.url, sqliteFile, stop: () => server.stop() };
}
