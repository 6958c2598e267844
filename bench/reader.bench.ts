/**
 * The reel reader as a reader meets it: the web app built by Vite, the real server started as
 * `npm start` runs it (starter canon, SQLite), Debian's Chromium. Prints the time from navigation
 * to the first reel text for the reel closest to 10,000 characters, cold (a fresh browser profile)
 * and warm (the same profile, second visit), and the JavaScript the reel route loads, gzip-compressed.
 *   npm run bench:reader
 *   npm run bench:reader -- --runs 10
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import Database from "better-sqlite3";
import type { Browser, Page } from "playwright-core";
import { buildProduct, startServer } from "../tests/e2e/support/server.ts";
import { launchBrowser } from "../tests/support/chromium.ts";
import { fmt, percentile } from "./support.ts";

const args = process.argv.slice(2);
const runs = args.includes("--runs") ? Number(args[args.indexOf("--runs") + 1]) : 7;
const TARGET_CHARS = 10_000;

type ScriptShipped = { url: string; bytes: number; gzipBytes: number };

/** Milliseconds from the navigation's start to the first reel line on screen, read in the page. */
async function timeToFirstText(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: "commit" });
  const handle = await page.waitForFunction(
    () => {
      const line = document.querySelector("[data-cid]");
      return line && (line.textContent ?? "").trim().length > 0 ? performance.now() : 0;
    },
    undefined,
    { polling: "raf", timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

async function coldRun(browser: Browser, url: string, scripts?: ScriptShipped[]): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "zh-CN" });
  const page = await context.newPage();
  const pending: Promise<void>[] = [];
  if (scripts) {
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      pending.push(
        response.body().then((body) => {
          scripts.push({
            url: response.url(),
            bytes: body.byteLength,
            gzipBytes: gzipSync(body, { level: 9 }).byteLength,
          });
        }),
      );
    });
  }
  const ms = await timeToFirstText(page, url);
  await page.waitForLoadState("networkidle");
  await Promise.all(pending);
  await context.close();
  return ms;
}

async function warmRuns(browser: Browser, url: string, count: number): Promise<number[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "zh-CN" });
  const page = await context.newPage();
  await timeToFirstText(page, url);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    await page.goto("about:blank");
    times.push(await timeToFirstText(page, url));
  }
  await context.close();
  return times;
}

const workDir = mkdtempSync(join(tmpdir(), "canon-bench-reader-"));
const webDistDir = join(workDir, "dist");
process.stderr.write("building the web app and starting the server ...\n");
buildProduct(webDistDir);
const server = await startServer({
  workDir,
  webDistDir,
  env: { JWT_SECRET: "bench-secret-0123456789-0123456789-0123456789" },
});
const browser = await launchBrowser();
try {
  const db = new Database(server.sqliteFile, { readonly: true });
  const reel = db
    .prepare("select uid, char_cnt from reel order by abs(char_cnt - ?) limit 1")
    .get(TARGET_CHARS) as { uid: string; char_cnt: number };
  db.close();
  const url = `${server.baseUrl}/scroll/${reel.uid}`;

  const scripts: ScriptShipped[] = [];
  await coldRun(browser, url, scripts);
  const cold: number[] = [];
  for (let i = 0; i < runs; i++) cold.push(await coldRun(browser, url));
  const warm = await warmRuns(browser, url, runs);
  cold.sort((a, b) => a - b);
  warm.sort((a, b) => a - b);

  const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
  const totalGzip = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
  console.log(`reader bench: reel ${reel.uid} (${reel.char_cnt} characters), ${runs} runs each`);
  console.log(
    `  first text, cold      p50 ${fmt(percentile(cold, 50), 0)} ms  p95 ${fmt(percentile(cold, 95), 0)} ms  (target < 1000 ms)`,
  );
  console.log(
    `  first text, warm      p50 ${fmt(percentile(warm, 50), 0)} ms  p95 ${fmt(percentile(warm, 95), 0)} ms`,
  );
  console.log(
    `  reel route JS         ${scripts.length} files, ${fmt(total / 1024, 1)} KiB, gzip ${fmt(totalGzip / 1024, 1)} KiB  (target < 250 KB gzip)`,
  );
  for (const s of scripts.sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    console.log(`    ${fmt(s.gzipBytes / 1024, 1).padStart(7)} KiB gzip  ${new URL(s.url).pathname}`);
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(workDir, { recursive: true, force: true });
}
