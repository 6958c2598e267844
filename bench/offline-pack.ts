/**
 * `npm run bench:offline -- --pack`: the same chars as the item-by-item download (sutras of the
 * Jiaxing collection in catalogue order until --min-chars), as one reader's group, downloaded
 * item by item in one browser profile (and sutra by sutra, as bench:offline downloads, in another),
 * then packed by the server (publishPack, as
 * `npm run pack:build` does) and downloaded through the pack in a second profile, and the pack
 * file installed from disk in a third. Prints the pack's build time and size, both download
 * times, the file install time, and the time until the first offline search answers with what the
 * index did to get there (merged: nothing indexed). Never fails on time.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { openDatabase } from "../server/db/connect.ts";
import { loadConfig } from "../server/env.ts";
import { openPackFonts } from "../server/packs/pack-fonts.ts";
import { publishPack } from "../server/packs/publish.ts";
import { selectionOfArgs } from "../server/packs/selection.ts";
import { localStorage } from "../server/storage/local.ts";
import type { OfflineBenchPage } from "./offline-harness.ts";
import { fmt } from "./support.ts";

export const BENCH_ADMIN = { username: "bench_admin", password: "bench-pass-2026" };
export const GROUP = "离线包测速";
const TOKEN_KEY = "offline-bench-token";

type Call = <K extends keyof OfflineBenchPage>(
  page: Page,
  name: K,
  ...params: Parameters<OfflineBenchPage[K]>
) => Promise<Awaited<ReturnType<OfflineBenchPage[K]>>>;

export type PackBenchOptions = {
  browser: Browser;
  baseUrl: string;
  harnessUrl: string;
  dataDir: string;
  tripitakaUid: string;
  minChars: number;
  call: Call;
  log(line: string): void;
};

export async function adminToken(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/v1/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(BENCH_ADMIN).toString(),
  });
  const body = (await response.json()) as { code: number; result: { access_token: string } | null };
  if (body.code !== 0 || !body.result) throw new Error(`bench sign-in failed: ${body.code}`);
  return body.result.access_token;
}

/** Sutras of the tripitaka in catalogue order until they hold `minChars`, and their chars. */
export async function sutrasOf(baseUrl: string, tripitakaUid: string, minChars: number) {
  const response = await fetch(`${baseUrl}/v1/tripitaka/${tripitakaUid}/sutra/all`);
  const body = (await response.json()) as { result: { sutras: { uid: string; char_cnt: number }[] } };
  const chosen: string[] = [];
  let chars = 0;
  for (const sutra of body.result.sutras) {
    if (chars >= minChars) break;
    chosen.push(sutra.uid);
    chars += sutra.char_cnt;
  }
  return { sutraUids: chosen, chars };
}

const sutrasUpTo = async (baseUrl: string, tripitakaUid: string, minChars: number): Promise<string[]> =>
  (await sutrasOf(baseUrl, tripitakaUid, minChars)).sutraUids;

/** A fresh profile signed in as the bench's reader, on the harness page. */
export async function profile(
  options: Pick<PackBenchOptions, "browser" | "harnessUrl">,
  token: string,
): Promise<Page> {
  const context = await options.browser.newContext({ locale: "zh-CN", serviceWorkers: "block" });
  await context.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [
    TOKEN_KEY,
    token,
  ] as const);
  const page = await context.newPage();
  page.setDefaultTimeout(1_800_000);
  await page.goto(options.harnessUrl);
  await page.waitForFunction(() => "offlineBench" in window);
  return page;
}

export async function buildGroupPack(
  options: Pick<PackBenchOptions, "dataDir">,
  sutraUids: string[],
  group = GROUP,
) {
  const groupFile = join(options.dataDir, "bench-group.json");
  writeFileSync(groupFile, JSON.stringify({ name: group, sutra_uids: sutraUids }));
  const canon = openDatabase({ kind: "sqlite", file: join(options.dataDir, "canon.db") });
  const storage = localStorage(join(options.dataDir, "storage"));
  const fonts = openPackFonts(loadConfig().fontFiles, storage, 1);
  try {
    const selection = await selectionOfArgs(canon.db, [groupFile]);
    const started = performance.now();
    const published = await publishPack(
      { db: canon.db, storage, fonts: fonts.subsetter, now: () => Date.now() },
      selection,
      { txtTypes: ["std_txt"], withPages: false, withImages: false },
    );
    const parts = published.result.manifest.parts;
    return {
      ms: performance.now() - started,
      bytes: published.result.bytes,
      url: published.summary.url,
      parts: parts.length,
      indexBytes: parts.filter((p) => p.kind === "index").reduce((n, p) => n + p.bytes, 0),
      fontParts: parts.filter((p) => p.kind === "fonts").length,
    };
  } finally {
    await fonts.close();
    await canon.close();
  }
}

export async function runPackBench(options: PackBenchOptions): Promise<void> {
  const { call, log, tripitakaUid } = options;
  const token = await adminToken(options.baseUrl);
  const sutraUids = await sutrasUpTo(options.baseUrl, tripitakaUid, options.minChars);

  log(`group of ${sutraUids.length} sutras; downloading it item by item (profile A) ...`);
  const a = await profile(options, token);
  await call(a, "prepareGroup", tripitakaUid, GROUP, sutraUids);
  const byItems = await call(a, "downloadGroup", tripitakaUid, GROUP);
  const afterItems = await call(a, "firstSearch", tripitakaUid, "佛");
  await a.context().close();

  log("downloading the same sutras one download each, as bench:offline does (profile D) ...");
  const d = await profile(options, token);
  const bySutra = await call(d, "download", tripitakaUid, options.minChars);
  const bySutraIndex = await call(d, "syncTimed");
  await d.context().close();

  log("building the group's pack on the server ...");
  const built = await buildGroupPack(options, sutraUids);

  log("downloading it through the pack (profile B) ...");
  const b = await profile(options, token);
  const byPack = await call(b, "downloadGroup", tripitakaUid, GROUP);
  const afterPack = await call(b, "firstSearch", tripitakaUid, "佛");
  await b.context().close();

  log("installing the pack file from disk (profile C) ...");
  const file = join(options.dataDir, "bench.canonpack");
  writeFileSync(file, new Uint8Array(await (await fetch(`${options.baseUrl}${built.url}`)).arrayBuffer()));
  const c = await profile(options, token);
  await c.locator("input[data-pack-file]").setInputFiles(file);
  const fromFile = await call(c, "importChosenFile");
  const afterFile = await call(c, "firstSearch", tripitakaUid, "佛");
  await c.context().close();

  const s = (ms: number) => `${fmt(ms / 1000, 1)} s`;
  const mib = (bytes: number) => `${fmt(bytes / 2 ** 20, 1)} MiB`;
  const speedup = byItems.searchableMs / byPack.searchableMs;
  const merged = (work: { indexed: number; loaded: number }) =>
    work.indexed === 0 ? "merged, nothing indexed" : `${work.indexed} reels indexed on the device`;
  console.log(
    `\nOffline packs — ${sutraUids.length} sutras of ${tripitakaUid}, ${fmt(byItems.chars / 1e6, 2)} M chars, std_txt`,
  );
  console.log(
    `  pack build (server): ${s(built.ms)}; ${mib(built.bytes)} in ${built.parts} parts (index ${mib(built.indexBytes)}, ${built.fontParts} font subsets)`,
  );
  const until = (d: typeof byItems) =>
    `downloaded in ${s(d.ms)}, searchable after ${s(d.searchableMs)} (${d.indexed} reels indexed on the device), ${d.status}`;
  console.log(`  item by item: ${until(byItems)}; ${mib(byItems.bytesStored)} stored`);
  console.log(`  through the pack: ${until(byPack)}; pack used: ${byPack.byPack ? "yes" : "NO"}`);
  console.log(
    `  download until searchable, pack vs item by item (one group download): ${fmt(speedup, 1)}× faster — target ≥ 5×: ${speedup >= 5 ? "met" : "MISSED"}`,
  );
  const bySutraMs = bySutra.ms + bySutraIndex.ms;
  const sutraSpeedup = bySutraMs / byPack.searchableMs;
  console.log(
    `  item by item as bench:offline downloads (${bySutra.sutras} sutra downloads): downloaded in ${s(bySutra.ms)}, searchable after ${s(bySutraMs)} (${bySutraIndex.indexed} reels indexed); pack ${fmt(sutraSpeedup, 1)}× faster — target ≥ 5×: ${sutraSpeedup >= 5 ? "met" : "MISSED"}`,
  );
  const phases = fromFile.phases.map(([phase, ms]) => `${phase} ${s(ms)}`).join(", ");
  console.log(
    `  install from the file: ${s(fromFile.ms)} (${mib(fromFile.bytes)}; ${phases}), ${fromFile.statuses.join(", ")}`,
  );
  console.log("  first offline search (exact 佛) after …");
  for (const [name, first] of [
    ["the item-by-item download", afterItems],
    ["the pack download", afterPack],
    ["the file install", afterFile],
  ] as const) {
    console.log(
      `    ${name.padEnd(26)} ${fmt(first.ms, 0)} ms, ${first.reels} reels — ${merged(first.work)}`,
    );
  }
  const noRebuild = afterPack.work.indexed === 0 && afterFile.work.indexed === 0;
  console.log(`  searchable without rebuilding the index: ${noRebuild ? "met" : "MISSED"}`);
}
