/**
 * The web's own yardstick: Lighthouse's scores and metrics for three routes of the product as a
 * reader meets it (the web app built by Vite, the compiled server started as `npm start` runs it,
 * starter canon, SQLite), measured in Debian's Chromium with Lighthouse's default mobile profile
 * (simulated slow 4G, 4x CPU slowdown). Each audit runs in a fresh browser profile. Prints the
 * median of the runs per route, then per route the failing audits that cost the most score and
 * the largest contentful paint's element.
 *   npm run bench:lighthouse
 *   npm run bench:lighthouse -- --runs 5 --only reel
 *   npm run bench:lighthouse -- --url http://127.0.0.1:8090 --json /tmp/lighthouse
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { launch } from "chrome-launcher";
import lighthouse, { type Config, type Flags, type Result } from "lighthouse";
import TraceGatherer from "lighthouse/core/gather/gatherers/trace.js";
import { buildProduct, type RunningServer, startServer } from "../tests/e2e/support/server.ts";
import { chromiumPath } from "../tests/support/chromium.ts";

const ROUTES = [
  { name: "home", path: "/TS" },
  { name: "reel", path: "/scroll/TS0251_1" },
  { name: "search", path: `/TS/search?keyword=${encodeURIComponent("如是")}` },
] as const;
type RouteName = (typeof ROUTES)[number]["name"];

const CATEGORIES = ["performance", "accessibility", "seo", "best-practices"];
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"];

const args = process.argv.slice(2);
const option = (name: string): string | undefined =>
  args.includes(name) ? args[args.indexOf(name) + 1] : undefined;
const runs = Number(option("--runs") ?? 3);
const only = option("--only");
const baseUrlOption = option("--url")?.replace(/\/+$/, "");
const jsonDir = option("--json");
if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs takes a whole number of at least 1");
if (only !== undefined && !ROUTES.some((route) => route.name === only)) {
  throw new Error(`--only takes one of ${ROUTES.map((route) => route.name).join("|")}`);
}
const routes = ROUTES.filter((route) => only === undefined || route.name === only);

type Run = {
  performance: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  accessibility: number;
  seo: number;
  bestPractices: number;
  lhr: Result;
};

/**
 * Lighthouse's trace gatherer, reading Chromium's newer frame events too. Chromium now names a
 * `PipelineReporter` event's details `frame_reporter` where Lighthouse 12.2's trace engine reads
 * `chrome_frame_reporter`; without the old name the engine throws, and the audits built on it (the
 * LCP element, layout shifts, render-blocking resources) end in errors. The metrics and the
 * scores do not go through that engine.
 */
class TraceWithFrameReporter extends TraceGatherer {
  override getArtifact(): ReturnType<TraceGatherer["getArtifact"]> {
    const trace = super.getArtifact();
    for (const event of trace.traceEvents) {
      const args: Record<string, unknown> = event.args;
      if (event.name === "PipelineReporter" && args.frame_reporter && !args.chrome_frame_reporter) {
        args.chrome_frame_reporter = args.frame_reporter;
      }
    }
    return trace;
  }
}

/** The default configuration (mobile, simulated throttling) with the trace gatherer above. */
const CONFIG: Config = {
  extends: "lighthouse:default",
  artifacts: [{ id: "Trace", gatherer: TraceWithFrameReporter }],
};

/** One Lighthouse navigation in a Chromium of its own, with a fresh profile that is removed after. */
async function auditOnce(url: string): Promise<Result> {
  const chrome = await launch({ chromePath: chromiumPath(), chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    const flags: Flags = { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES };
    const result = await lighthouse(url, flags, CONFIG);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    chrome.kill();
  }
}

/** A run Lighthouse could not complete (the page did not load or paint) is tried once more. */
async function audit(url: string): Promise<Result> {
  try {
    return await auditOnce(url);
  } catch (error) {
    process.stderr.write(`  ${error instanceof Error ? error.message : String(error)}; trying once more\n`);
    return auditOnce(url);
  }
}

function categoryScore(lhr: Result, id: string): number {
  const score = lhr.categories[id]?.score;
  return score === null || score === undefined ? Number.NaN : score * 100;
}

function numeric(lhr: Result, id: string): number {
  return lhr.audits[id]?.numericValue ?? Number.NaN;
}

function toRun(lhr: Result): Run {
  return {
    performance: categoryScore(lhr, "performance"),
    fcp: numeric(lhr, "first-contentful-paint") / 1000,
    lcp: numeric(lhr, "largest-contentful-paint") / 1000,
    tbt: numeric(lhr, "total-blocking-time"),
    cls: numeric(lhr, "cumulative-layout-shift"),
    bytes: numeric(lhr, "total-byte-weight") / 1024,
    accessibility: categoryScore(lhr, "accessibility"),
    seo: categoryScore(lhr, "seo"),
    bestPractices: categoryScore(lhr, "best-practices"),
    lhr,
  };
}

function median(values: number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The run whose performance score is the median (the lower middle one for an even count). */
function medianRun(list: Run[]): Run {
  const sorted = [...list].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

type Failing = { id: string; category: string; score: number; lost: number };

/** Scored audits under 0.9, by the points of their category's score they cost (weight × shortfall). */
function failingAudits(lhr: Result): Failing[] {
  const failing: Failing[] = [];
  for (const category of Object.values(lhr.categories)) {
    const total = category.auditRefs.reduce((sum, ref) => sum + ref.weight, 0);
    if (total === 0) continue;
    for (const ref of category.auditRefs) {
      const score = lhr.audits[ref.id]?.score;
      if (ref.weight === 0 || score === null || score === undefined || score >= 0.9) continue;
      failing.push({
        id: ref.id,
        category: category.id,
        score,
        lost: (100 * ref.weight * (1 - score)) / total,
      });
    }
  }
  return failing.sort((a, b) => b.lost - a.lost || a.id.localeCompare(b.id));
}

/** The largest contentful paint's element: its selector, its HTML snippet and its text, from the audit's node. */
function lcpElement(lhr: Result): string {
  const node = findNode(lhr.audits["largest-contentful-paint-element"]?.details);
  if (!node) return "(none reported)";
  const clip = (text: string) => {
    const line = text.replace(/\s+/g, " ").trim();
    return line.length > 160 ? `${line.slice(0, 159)}…` : line;
  };
  const label = node.nodeLabel ? `  "${clip(node.nodeLabel)}"` : "";
  return `${node.selector ?? "?"}  ${clip(node.snippet ?? "")}${label}`;
}

type NodeDetails = { selector?: string; snippet?: string; nodeLabel?: string };

/** The first `{type: "node"}` in an audit's details, searched through lists and tables. */
function findNode(value: unknown): NodeDetails | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findNode(item);
      if (found) return found;
    }
    return undefined;
  }
  const record = value as Record<string, unknown>;
  if (record.type === "node") {
    const text = (key: string) => (typeof record[key] === "string" ? record[key] : undefined);
    return { selector: text("selector"), snippet: text("snippet"), nodeLabel: text("nodeLabel") };
  }
  for (const key of ["items", "node"]) {
    const found = findNode(record[key]);
    if (found) return found;
  }
  return undefined;
}

const COLUMNS = [
  "route",
  "performance",
  "FCP s",
  "LCP s",
  "TBT ms",
  "CLS",
  "bytes KiB",
  "accessibility",
  "SEO",
  "best practices",
];

/** Cells right-aligned to their column (at least 6 wide), the route left-aligned: a fixed layout. */
function row(cells: string[]): string {
  return cells
    .map((cell, i) => (i === 0 ? cell.padEnd(6) : cell.padStart(Math.max(6, COLUMNS[i]!.length))))
    .join(" | ");
}

/** Each column after the route: the value of a run and its decimals. */
const CELLS: [(run: Run) => number, number][] = [
  [(r) => r.performance, 0],
  [(r) => r.fcp, 2],
  [(r) => r.lcp, 2],
  [(r) => r.tbt, 0],
  [(r) => r.cls, 3],
  [(r) => r.bytes, 0],
  [(r) => r.accessibility, 0],
  [(r) => r.seo, 0],
  [(r) => r.bestPractices, 0],
];

const fixed = (n: number, digits: number): string => (Number.isNaN(n) ? "n/a" : n.toFixed(digits));

let server: RunningServer | undefined;
let workDir: string | undefined;
try {
  let baseUrl: string;
  if (baseUrlOption) {
    baseUrl = baseUrlOption;
  } else {
    workDir = mkdtempSync(join(tmpdir(), "canon-bench-lighthouse-"));
    const webDistDir = join(workDir, "dist");
    process.stderr.write("building the web app and starting the server ...\n");
    buildProduct(webDistDir);
    server = await startServer({
      workDir,
      webDistDir,
      env: { JWT_SECRET: "bench-secret-0123456789-0123456789-0123456789" },
    });
    baseUrl = server.baseUrl;
  }
  if (jsonDir) mkdirSync(resolve(jsonDir), { recursive: true });

  const results = new Map<RouteName, Run[]>();
  for (const route of routes) {
    const list: Run[] = [];
    for (let i = 1; i <= runs; i++) {
      process.stderr.write(`lighthouse ${route.name} run ${i}/${runs} ...\n`);
      const lhr = await audit(`${baseUrl}${route.path}`);
      if (jsonDir) {
        writeFileSync(join(resolve(jsonDir), `${route.name}-${i}.json`), JSON.stringify(lhr, null, 2));
      }
      list.push(toRun(lhr));
    }
    results.set(route.name, list);
  }

  const first = results.values().next().value?.[0]?.lhr;
  const chromium = /Chrome\/(\d+)/.exec(first?.environment.hostUserAgent ?? "")?.[1] ?? "?";
  const target = server ? "the built app on the compiled server (starter canon, SQLite)" : baseUrl;
  console.log(`lighthouse bench: ${target}, median of ${runs} run${runs === 1 ? "" : "s"} per route`);
  console.log(
    `  Lighthouse ${first?.lighthouseVersion ?? "?"}, Chromium ${chromium}, default mobile profile (simulated slow 4G, 4x CPU slowdown)`,
  );
  console.log(row(COLUMNS));
  for (const route of routes) {
    const list = results.get(route.name)!;
    const cells = CELLS.map(([pick, digits]) => fixed(median(list.map(pick)), digits));
    console.log(row([route.name, ...cells]));
  }
  for (const route of routes) {
    const { lhr } = medianRun(results.get(route.name)!);
    console.log(`\n${route.name} (${route.path}), run with the median performance score:`);
    const failing = failingAudits(lhr).slice(0, 5);
    if (failing.length === 0) console.log("  no failing audits");
    for (const f of failing) {
      console.log(
        `  ${f.id.padEnd(34)} ${f.category.padEnd(14)} score ${fixed(f.score, 2)}  costs ${fixed(f.lost, 1).padStart(4)} points`,
      );
    }
    console.log(`  LCP element: ${lcpElement(lhr)}`);
  }
} finally {
  await server?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
}
