/**
 * Offline packs in real Chromium with two browser profiles against the real server: profile A
 * downloads the tripitaka JS through the server's pack (Range requests, no item fetched) and
 * exports one of its groups as a pack file; profile B, which never reaches the server's API,
 * imports that file with the network off, reads it and searches it with the same hits A's server
 * search gives; a damaged copy is refused and leaves B's library as it was; an import whose page is
 * closed half-way goes on from where it stopped when the file is chosen again.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { PACK_TRAILER_BYTES, parseManifest, readTrailer } from "../../contract/pack.ts";
import { openDatabase } from "../../server/db/connect.ts";
import { openPackFonts } from "../../server/packs/pack-fonts.ts";
import { publishPack } from "../../server/packs/publish.ts";
import { selectTripitaka } from "../../server/packs/selection.ts";
import { localStorage } from "../../server/storage/local.ts";
import { cachedPaths, installApp } from "./pages/installed-app.ts";
import {
  choosePackFile,
  consistency,
  exportPackFile,
  importPackFile,
  panelRow,
  readLibrary,
  waitForStatus,
  withoutFilePickers,
} from "./pages/offline-downloads.ts";
import { downloadFromButton, OfflineReading } from "./pages/offline-reading.ts";
import { type Hit, OfflineSearch } from "./pages/offline-search.ts";
import { markReadingGuideDone } from "./pages/reel-reader.ts";
import { launchBrowser, newContext } from "./support/browser.ts";
import { passwordToken, registerByApi, signInContext } from "./support/session.ts";

const TRIPITAKA = "JS";
const GROUP = "晨课离线包";
const FONT_FILES = [
  "/usr/share/fonts/truetype/babelstone/BabelStoneHan.ttf",
  "/usr/share/fonts/truetype/hanazono/HanaMinA.ttf",
  "/usr/share/fonts/truetype/hanazono/HanaMinB.ttf",
];
const reader = { username: "e2e_packs", contact: "packs@e2e.test", password: "packs-pass1" };

let browser: Browser;
let workDir: string;
let groupSutras: string[];
let groupPack: string;
let serverHits: Hit[];

const searchUrl = () =>
  `/${TRIPITAKA}/search?keyword=${encodeURIComponent("佛")}&mode=exact&txt_type=std_txt&sutra_uids=${groupSutras.join(",")}`;

/** The server's pack of JS in the forms profile A will ask for (std_txt with pages), as pack:build makes it. */
async function buildTripitakaPack(): Promise<void> {
  const sqliteFile = inject("e2eSqliteFile");
  const canon = openDatabase({ kind: "sqlite", file: sqliteFile });
  const storage = localStorage(join(dirname(sqliteFile), "storage"));
  const fonts = openPackFonts(FONT_FILES, storage, 1);
  try {
    const selection = await selectTripitaka(canon.db, TRIPITAKA);
    await publishPack({ db: canon.db, storage, fonts: fonts.subsetter, now: () => Date.now() }, selection, {
      txtTypes: ["std_txt"],
      withPages: true,
      withImages: false,
    });
  } finally {
    await fonts.close();
    await canon.close();
  }
}

async function apiCall(path: string, token: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${inject("e2eBaseUrl")}/v1/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; msg: string; result: unknown };
  if (answer.code !== 0) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.result;
}

/** A profile that never reaches the server's API: the app shell loads, every /v1 call fails. */
async function offlineProfile(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { serviceWorkers: "allow" });
  await markReadingGuideDone(context);
  await context.route(/\/v1\//, (route) => route.abort("internetdisconnected"));
  const page = await context.newPage();
  await withoutFilePickers(page);
  page.on("dialog", (confirm) => void confirm.accept());
  await installApp(page, "/offline");
  // The storage panel has every part of the app cached; the profile goes offline once they are.
  const parts = await page.evaluate(
    async () => (await (await fetch("/offline-parts.json")).json()) as string[],
  );
  await expect
    .poll(
      async () => {
        const cached = new Set([
          ...(await cachedPaths(page, "workbox-precache")),
          ...(await cachedPaths(page, "canon-assets")),
        ]);
        return parts.filter((part) => !cached.has(part));
      },
      { timeout: 30_000 },
    )
    .toEqual([]);
  await context.setOffline(true);
  await page.reload();
  await page.locator("[data-storage-panel]").waitFor();
  return { context, page };
}

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), "canon-e2e-packs-"));
  browser = await launchBrowser();
  await registerByApi(reader);
  await buildTripitakaPack();
  const response = await fetch(`${inject("e2eBaseUrl")}/v1/tripitaka/${TRIPITAKA}/sutra/all`);
  const { result } = (await response.json()) as { result: { sutras: { uid: string }[] } };
  groupSutras = result.sutras.slice(0, 2).map((sutra) => sutra.uid);
  const token = await passwordToken(reader.username, reader.password);
  await apiCall(`tripitaka/${TRIPITAKA}/sutra_group`, token, { name: GROUP });
  await apiCall(`tripitaka/${TRIPITAKA}/sutra_group/add_sutras`, token, {
    name: GROUP,
    sutra_uids: groupSutras,
  });
}, 120_000);

afterAll(async () => {
  await browser.close();
  rmSync(workDir, { recursive: true, force: true });
});

describe("offline packs across two profiles", () => {
  it("A downloads JS through the server's pack and exports a group; B imports it offline, reads and searches it as A", async () => {
    const contextA = await newContext(browser);
    await markReadingGuideDone(contextA);
    await signInContext(contextA, reader.username, reader.password);
    const a = await contextA.newPage();
    await withoutFilePickers(a);
    const ranges: string[] = [];
    const itemFetches: string[] = [];
    a.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/v1/packs/")) ranges.push(request.headers().range ?? "(none)");
      if (/^\/v1\/offline\/(reels|pages)$/.test(url.pathname)) itemFetches.push(url.pathname);
    });
    await a.goto(`/${TRIPITAKA}`);
    await downloadFromButton(a, a.locator('[data-download-scope="tripitaka"]').first(), {
      forms: ["std_txt"],
    });
    await a.locator("[data-offline-link]").click();
    await waitForStatus(a, `${TRIPITAKA}:tripitaka`, "complete");
    expect(ranges.length).toBeGreaterThan(1);
    expect(ranges.every((range) => /^bytes=\d*-\d*$/.test(range))).toBe(true);
    expect(itemFetches).toEqual([]);
    const libraryA = await readLibrary(a);
    expect(consistency(libraryA).counters.every((c) => c.done === c.counted)).toBe(true);

    await a.goto(searchUrl());
    const search = new OfflineSearch(a);
    await search.source("server").waitFor();
    serverHits = await search.hits();
    expect(serverHits.length).toBeGreaterThan(0);

    await a.goto("/offline");
    groupPack = join(workDir, "group.canonpack");
    const exported = await exportPackFile(a, `group:${TRIPITAKA}:${GROUP}`, groupPack);
    expect(exported.bytes).toBe(readFileSync(groupPack).length);
    await contextA.close();

    const { context: contextB, page: b } = await offlineProfile();
    expect(await importPackFile(b, groupPack)).toBe("installed");
    const libraryB = await readLibrary(b);
    expect(libraryB.downloads.map((d) => [d.id, d.status])).toEqual([
      [`${TRIPITAKA}:group:${GROUP}`, "complete"],
    ]);
    const sutraKeys = libraryB.items.filter((item) => item.kind === "sutra").map((item) => item.key);
    expect(sutraKeys.sort()).toEqual(groupSutras.map((uid) => `sutra:${uid}`).sort());

    const reading = new OfflineReading(b);
    const reel = `${groupSutras[0]}_1`;
    await b.goto(`/scroll/${reel}`);
    await expect.poll(() => reading.reelLines().count(), { timeout: 20_000 }).toBeGreaterThan(3);

    await b.goto(searchUrl());
    const searchB = new OfflineSearch(b);
    await searchB.source("local").waitFor();
    await expect.poll(async () => (await searchB.hits()).length, { timeout: 30_000 }).toBe(serverHits.length);
    expect(await searchB.hits()).toEqual(serverHits);

    // A damaged copy: one byte changed inside the first part. Refused; nothing changes.
    const damaged = join(workDir, "damaged.canonpack");
    const bytes = readFileSync(groupPack);
    bytes[40] = (bytes[40] ?? 0) ^ 0xff;
    writeFileSync(damaged, bytes);
    await b.goto("/offline");
    expect(await importPackFile(b, damaged)).toBe("PACK_CHECKSUM");
    const after = await readLibrary(b);
    expect(after.counts).toEqual(libraryB.counts);
    expect(after.items).toEqual(libraryB.items);
    expect(after.downloads.map((d) => d.updated_at)).toEqual(libraryB.downloads.map((d) => d.updated_at));
    await contextB.close();
  });

  it("an import whose page is closed half-way goes on when the file is chosen again", async () => {
    const { context, page } = await offlineProfile();
    const pack = join(workDir, "again.canonpack");
    copyFileSync(groupPack, pack);
    const parts = manifestOf(pack).parts.length;
    expect(parts).toBeGreaterThan(4);

    // Slowed down so the import is caught between parts.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 20 });
    const surface = await choosePackFile(page, pack);
    await surface.locator("[data-pack-install]").click();
    const progress = surface.locator('[data-pack-progress][data-phase="writing"]');
    await expect
      .poll(async () => Number((await progress.getAttribute("data-parts-done").catch(() => "0")) ?? 0), {
        timeout: 60_000,
        interval: 20,
      })
      .toBeGreaterThan(0);
    await page.close({ runBeforeUnload: false });

    const next = await context.newPage();
    await withoutFilePickers(next);
    await next.goto("/offline");
    const half = await readLibrary(next);
    const download = half.downloads[0];
    expect(download?.status).not.toBe("complete");
    const written = download?.pack?.parts_done ?? [];
    expect(written.length).toBeGreaterThan(0);
    expect(written.length).toBeLessThan(parts);
    await panelRow(next, `${TRIPITAKA}:group:${GROUP}`).locator("[data-pack-resume-hint]").waitFor();
    expect(consistency(half).counters.every((c) => c.done === c.counted)).toBe(true);

    expect(await importPackFile(next, pack)).toBe("installed");
    const done = await readLibrary(next);
    expect(done.downloads.map((d) => d.status)).toEqual(["complete"]);
    expect(done.items.every((item) => item.state === "done")).toBe(true);
    await next.goto(searchUrl());
    const search = new OfflineSearch(next);
    await search.source("local").waitFor();
    await expect.poll(async () => (await search.hits()).length, { timeout: 30_000 }).toBe(serverHits.length);
    await context.close();
  });
});

function manifestOf(path: string) {
  const file = readFileSync(path);
  const { offset, bytes } = readTrailer(file.subarray(file.length - PACK_TRAILER_BYTES), file.length);
  return parseManifest(new TextDecoder().decode(file.subarray(offset, offset + bytes)), offset);
}
