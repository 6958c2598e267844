/**
 * A web build laid out as Vite writes it, made of the given files in a temporary folder, and the
 * app serving it on a test database: for the tests of how the server sends the web app.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { App } from "../../server/app.ts";
import type { TestDatabase } from "./databases.ts";
import { appOver } from "./test-app.ts";

/** Writes each file (a path under the build, its content) into a new folder; answers the folder. */
export function writeWebBuild(files: Record<string, string | Uint8Array>): string {
  const distDir = mkdtempSync(join(tmpdir(), "canon-web-"));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(distDir, name, ".."), { recursive: true });
    writeFileSync(join(distDir, name), content);
  }
  return distDir;
}

export async function appServingWebBuild(database: TestDatabase, webDistDir: string): Promise<App> {
  const app = await appOver(database, { webDistDir });
  await app.ready();
  return app;
}
