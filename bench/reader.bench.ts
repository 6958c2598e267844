/**
 * The readers and the search page as a reader meets them: the web app built by Vite, the real
 * server started as `npm start` runs it (starter canon, SQLite), Debian's Chromium. Each is timed
 * from navigation to its first content, cold (a fresh browser profile) and warm (the same profile,
 * second visit), `--runs` times each (p50/p95), with the JavaScript its route loads, gzip-compressed:
 *   - reel: the first reel text of the reel closest to 10,000 characters, as a guest;
 *   - page: the first page scan shown (loaded and visible) of a page of the starter canon with a
 *     scan, signed in as the administrator (the page route needs a signed-in reader);
 *   - search: the first result shown for `/TS/search?keyword=如是`, as a guest.
 *   npm run bench:reader
 *   npm run bench:reader -- --runs 10
 *   npm run bench:reader -- --only reel|page|search
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import Database from "better-sqlite3";
import type { Browser, BrowserContext, Page, Response } from "playwright-core";
import { buildProduct, startServer } from "../tests/e2e/support/server.ts";
import { launchBrowser } from "../tests/support/chromium.ts";
import { fmt, percentile } from "./support.ts";

const args = process.argv.slice(2);
const runs = args.includes("--runs") ? Number(args[args.indexOf("--runs") + 1]) : 7;
const TARGET_CHARS = 10_000;
const SEARCH_KEYWORD = "如是";
const ADMIN = { username: "bench_admin", password: "bench-admin-pass-2026" };
/** The web app's key of the access token in localStorage (src/auth/authState.ts). */
const TOKEN_KEY = "canon-reader.token";

const BENCHES = ["reel", "page", "search"] as const;
type BenchName = (typeof BENCHES)[number];
const isBenchName = (value: string | undefined): value is BenchName => BENCHES.some((name) => name === value);
const onlyArg = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;
if (onlyArg !== undefined && !isBenchName(onlyArg)) {
  process.stderr.write(`--only takes one of ${BENCHES.join(", ")}, not ${onlyArg ?? "nothing"}\n`);
  process.exit(2);
}
const wanted = (name: BenchName): boolean => onlyArg === undefined || onlyArg === name;

type ScriptShipped = { url: string; bytes: number; gzipBytes: number };

/**
 * One timed view: where it is, how a fresh context is prepared for it (signed in or not), and the
 * milliseconds from the navigation's start until its first content shows, read in the page.
 */
type Target = {
  url: string;
  prepare(context: BrowserContext): Promise<void>;
  timeToContent(page: Page, url: string): Promise<number>;
};

/** Milliseconds from the navigation's start to the first element of `selector` with text on screen. */
async function timeToTextOf(page: Page, url: string, selector: string): Promise<number> {
  await page.goto(url, { waitUntil: "commit" });
  const handle = await page.waitForFunction(
    (wanted) => {
      const element = document.querySelector(wanted);
      return element && (element.textContent ?? "").trim().length > 0 ? performance.now() : 0;
    },
    selector,
    { polling: "raf", timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** The first reel line the app shows. */
const timeToFirstText = (page: Page, url: string) => timeToTextOf(page, url, "[data-cid]");

/**
 * The first line of the reel on screen in any form: the lines the server draws in the page
 * (`.boot-reel`, server/plugins/web-page.ts) or the app's.
 */
const timeToTextInPage = (page: Page, url: string) => timeToTextOf(page, url, ".boot-reel div, [data-cid]");

/**
 * The first search result on screen: a result of the result list (`[data-results] [data-result]`,
 * src/features/search/ResultCard.tsx) with its text.
 */
const timeToFirstResult = (page: Page, url: string) =>
  timeToTextOf(page, url, "[data-results] [data-result]");

/**
 * Milliseconds from the navigation's start to the page scan on screen: the page reader's image
 * (`img[data-page-image]`, src/features/reader-page/ImagePane.tsx) decoded and laid out visibly.
 */
async function timeToFirstScan(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: "commit" });
  const handle = await page.waitForFunction(
    () => {
      const image = document.querySelector<HTMLImageElement>("img[data-page-image]");
      if (!image?.complete || image.naturalWidth === 0) return 0;
      const box = image.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && image.checkVisibility() ? performance.now() : 0;
    },
    undefined,
    { polling: "raf", timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

async function newBenchContext(browser: Browser, target: Target): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "zh-CN" });
  await target.prepare(context);
  return context;
}

async function coldRun(browser: Browser, target: Target, scripts?: ScriptShipped[]): Promise<number> {
  const context = await newBenchContext(browser, target);
  const page = await context.newPage();
  const pending: Promise<void>[] = [];
  const keepScript = (response: Response) => {
    if (response.request().resourceType() !== "script") return;
    pending.push(
      response.body().then((body) => {
        scripts?.push({
          url: response.url(),
          bytes: body.byteLength,
          gzipBytes: gzipSync(body, { level: 9 }).byteLength,
        });
      }),
    );
  };
  if (scripts) page.on("response", keepScript);
  const ms = await target.timeToContent(page, target.url);
  await page.waitForLoadState("networkidle");
  // A script that answers while the ones before are read is read too, before the page closes.
  for (let read = 0; read < pending.length; ) {
    const reading = pending.slice(read);
    read = pending.length;
    await Promise.all(reading);
  }
  page.off("response", keepScript);
  await context.close();
  return ms;
}

async function warmRuns(browser: Browser, target: Target, count: number): Promise<number[]> {
  const context = await newBenchContext(browser, target);
  const page = await context.newPage();
  await target.timeToContent(page, target.url);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    await page.goto("about:blank");
    times.push(await target.timeToContent(page, target.url));
  }
  await context.close();
  return times;
}

/** The scripts once cold, then `runs` cold and `runs` warm times, each list sorted. */
async function measure(browser: Browser, target: Target) {
  const scripts: ScriptShipped[] = [];
  await coldRun(browser, target, scripts);
  const cold: number[] = [];
  for (let i = 0; i < runs; i++) cold.push(await coldRun(browser, target));
  const warm = await warmRuns(browser, target, runs);
  cold.sort((a, b) => a - b);
  warm.sort((a, b) => a - b);
  return { scripts, cold, warm };
}

const timing = (sorted: number[]): string =>
  `p50 ${fmt(percentile(sorted, 50), 0)} ms  p95 ${fmt(percentile(sorted, 95), 0)} ms`;

function scriptLines(label: string, scripts: ScriptShipped[], target = ""): void {
  const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
  const totalGzip = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
  console.log(
    `  ${label.padEnd(22)}${scripts.length} files, ${fmt(total / 1024, 1)} KiB, gzip ${fmt(totalGzip / 1024, 1)} KiB${target}`,
  );
  for (const s of scripts.sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    console.log(`    ${fmt(s.gzipBytes / 1024, 1).padStart(7)} KiB gzip  ${new URL(s.url).pathname}`);
  }
}

/** Signs the administrator in through the API (POST /v1/login): the access token and the refresh cookie. */
async function signIn(baseUrl: string): Promise<{ accessToken: string; refreshCookie: string | null }> {
  const response = await fetch(`${baseUrl}/v1/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(ADMIN).toString(),
  });
  const body = (await response.json()) as {
    code: number;
    msg: string;
    result: { access_token: string } | null;
  };
  if (body.code !== 0 || !body.result) throw new Error(`sign-in failed: ${body.code} ${body.msg}`);
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith("refresh_token="));
  const refreshCookie = cookie
    ? decodeURIComponent(cookie.slice("refresh_token=".length).split(";")[0] ?? "")
    : null;
  return { accessToken: body.result.access_token, refreshCookie };
}

/** Every page of `context` starts signed in, as the web app keeps a sign-in (token and refresh cookie). */
async function signInContext(context: BrowserContext, baseUrl: string): Promise<void> {
  const { accessToken, refreshCookie } = await signIn(baseUrl);
  if (refreshCookie) {
    await context.addCookies([
      {
        name: "refresh_token",
        value: refreshCookie,
        domain: new URL(baseUrl).hostname,
        path: "/v1",
        httpOnly: true,
        sameSite: "Strict",
      },
    ]);
  }
  await context.addInitScript(
    ([key, token]) => {
      // A token the app has refreshed since is kept.
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, token);
    },
    [TOKEN_KEY, accessToken] as const,
  );
}

const guest = async (): Promise<void> => {};

const workDir = mkdtempSync(join(tmpdir(), "canon-bench-reader-"));
const webDistDir = join(workDir, "dist");
process.stderr.write("building the web app and starting the server ...\n");
buildProduct(webDistDir);
const server = await startServer({
  workDir,
  webDistDir,
  env: {
    JWT_SECRET: "bench-secret-0123456789-0123456789-0123456789",
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    // One sign-in per fresh profile of the page reader: more than the default 20 a minute.
    AUTH_RATE_LIMIT: "1000",
  },
});
const browser = await launchBrowser();
try {
  const db = new Database(server.sqliteFile, { readonly: true });
  const reel = db
    .prepare("select uid, char_cnt from reel order by abs(char_cnt - ?) limit 1")
    .get(TARGET_CHARS) as { uid: string; char_cnt: number };
  // The page with the largest scan (a full page at 1200 pixels wide in the starter canon).
  const scanned = db
    .prepare(
      `select uid, img_width, img_height from page where img_path is not null
       order by coalesce(img_width * img_height, 0) desc, uid limit 1`,
    )
    .get() as { uid: string; img_width: number | null; img_height: number | null } | undefined;
  db.close();

  if (wanted("reel")) {
    const url = `${server.baseUrl}/scroll/${reel.uid}`;
    const { scripts, cold, warm } = await measure(browser, {
      url,
      prepare: guest,
      timeToContent: timeToFirstText,
    });

    const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
    const totalGzip = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
    console.log(`reader bench: reel ${reel.uid} (${reel.char_cnt} characters), ${runs} runs each`);
    console.log(
      `  first text, cold      p50 ${fmt(percentile(cold, 50), 0)} ms  p95 ${fmt(percentile(cold, 95), 0)} ms  (target ≤ 500 ms p50, ≤ 650 ms p95)`,
    );
    console.log(
      `  first text, warm      p50 ${fmt(percentile(warm, 50), 0)} ms  p95 ${fmt(percentile(warm, 95), 0)} ms  (target ≤ 300 ms p50)`,
    );
    console.log(
      `  reel route JS         ${scripts.length} files, ${fmt(total / 1024, 1)} KiB, gzip ${fmt(totalGzip / 1024, 1)} KiB  (every script loaded until the network is idle, lazy parts included; the route's own budget is js-budget's)`,
    );
    for (const s of scripts.sort((a, b) => b.gzipBytes - a.gzipBytes)) {
      console.log(`    ${fmt(s.gzipBytes / 1024, 1).padStart(7)} KiB gzip  ${new URL(s.url).pathname}`);
    }
    const inPage = await measure(browser, { url, prepare: guest, timeToContent: timeToTextInPage });
    console.log(`  text in the page, cold   ${timing(inPage.cold)}`);
    console.log(`  text in the page, warm   ${timing(inPage.warm)}`);
  }

  if (wanted("page")) {
    if (!scanned) throw new Error("the starter canon has no page with a scan");
    const { scripts, cold, warm } = await measure(browser, {
      url: `${server.baseUrl}/page/${encodeURIComponent(scanned.uid)}`,
      prepare: (context) => signInContext(context, server.baseUrl),
      timeToContent: timeToFirstScan,
    });
    const size =
      scanned.img_width && scanned.img_height ? `${scanned.img_width}×${scanned.img_height} scan` : "scan";
    console.log(`reader bench: page ${scanned.uid} (${size}), signed in, ${runs} runs each`);
    console.log(`  page reader: first scan, cold   ${timing(cold)}`);
    console.log(`  page reader: first scan, warm   ${timing(warm)}`);
    scriptLines("page route JS", scripts);
  }

  if (wanted("search")) {
    const path = `/TS/search?keyword=${encodeURIComponent(SEARCH_KEYWORD)}`;
    const { scripts, cold, warm } = await measure(browser, {
      url: `${server.baseUrl}${path}`,
      prepare: guest,
      timeToContent: timeToFirstResult,
    });
    console.log(`reader bench: search ${decodeURIComponent(path)}, ${runs} runs each`);
    console.log(`  search: first results, cold     ${timing(cold)}`);
    console.log(`  search: first results, warm     ${timing(warm)}`);
    scriptLines("search route JS", scripts);
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(workDir, { recursive: true, force: true });
}
