/**
 * Characters the reader's fonts lack, in real Chromium on two kinds of system: one whose only
 * CJK font is HanaMinA (no glyphs for most extension B characters), and one with no CJK font at
 * all. The system is chosen by a fontconfig file naming the font folders Chromium may see.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { readCmapCodePoints } from "../../server/modules/fonts/cmap.ts";
import { READING_SETTINGS_KEY } from "../../src/features/reader-reel/readingSettings.ts";
import { chromiumPath } from "../support/chromium.ts";
import { newContext } from "./support/browser.ts";

const FONTS = "/usr/share/fonts/truetype";
const HANA_A = `${FONTS}/hanazono/HanaMinA.ttf`;
const SERVED_FONTS = [`${FONTS}/babelstone/BabelStoneHan.ttf`, `${FONTS}/hanazono/HanaMinB.ttf`];
const FAMILY = "rs-dynamic";

type Line = { cid: string; text: string };
type ReelBody = { pages: { lines: Line[] }[] };

let workDir: string;
const browsers: Browser[] = [];
let context: BrowserContext | null = null;

/** Chromium seeing only the given font folders, and none of the fonts matching `reject`. */
async function browserWithFonts(name: string, dirs: string[], reject: string[] = []): Promise<Browser> {
  const dir = join(workDir, name);
  mkdirSync(dir, { recursive: true });
  const config = [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">',
    "<fontconfig>",
    ...dirs.map((d) => `  <dir>${d}</dir>`),
    `  <selectfont><rejectfont>${reject.map((g) => `<glob>${g}</glob>`).join("")}</rejectfont></selectfont>`,
    `  <cachedir>${join(dir, "cache")}</cachedir>`,
    '  <include ignore_missing="yes">/etc/fonts/conf.d</include>',
    "</fontconfig>",
  ].join("\n");
  writeFileSync(join(dir, "fonts.conf"), config);
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"],
    env: { ...process.env, FONTCONFIG_FILE: join(dir, "fonts.conf") },
  });
  browsers.push(browser);
  return browser;
}

async function openContext(browser: Browser): Promise<{ page: Page; fontRequests: string[] }> {
  context = await newContext(browser);
  // The reading guide would cover the screen on a first visit.
  await context.addInitScript((key: string) => {
    if (!localStorage.getItem(key)) localStorage.setItem(key, JSON.stringify({ isGuide: true }));
  }, READING_SETTINGS_KEY);
  const page = await context.newPage();
  const fontRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/char/dynamic_font")) fontRequests.push(request.url());
  });
  return { page, fontRequests };
}

async function api<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${inject("e2eBaseUrl")}/v1/${path}`, {
    method: body ? "POST" : "GET",
    headers: body ? { "content-type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return ((await response.json()) as { result: T }).result;
}

async function reelUids(tripitaka: string): Promise<string[]> {
  const list = await api<{ list: { reel_uids: [string, string][] }[] }>(`tripitaka/${tripitaka}/sutra/list`, {
    page_size: 100,
  });
  return list.list.flatMap((sutra) => sutra.reel_uids.map(([uid]) => uid));
}

async function reelLines(uid: string, txtType: string): Promise<Line[]> {
  const reel = await api<ReelBody>(`reel/${uid}?txt_type=${txtType}`);
  return reel.pages.flatMap((page) => page.lines).filter((line) => line.text !== "");
}

const cp = (char: string) => char.codePointAt(0) ?? 0;
const requestedChars = (url: string) => [...new Set(new URL(url).searchParams.get("chars") ?? "")];

/** Waits until a loaded face of the dynamic family covers the character. */
async function waitForDynamicFace(page: Page, char: string): Promise<void> {
  await page.waitForFunction(
    ([family, point]) =>
      [...document.fonts].some(
        (face) =>
          face.family.replaceAll('"', "") === family &&
          face.status === "loaded" &&
          face.unicodeRange.split(",").some((range) => {
            const [first, last] = range
              .trim()
              .replace(/^U\+/i, "")
              .split("-")
              .map((hex) => Number.parseInt(hex, 16));
            return first !== undefined && point >= first && point <= (last ?? first);
          }),
      ),
    [FAMILY, cp(char)] as const,
  );
}

/** The fonts Chromium used for the text of the line, by the DevTools protocol. */
async function lineFonts(session: CDPSession, cid: string) {
  const { root } = await session.send("DOM.getDocument", { depth: 0 });
  const { nodeId } = await session.send("DOM.querySelector", {
    nodeId: root.nodeId,
    selector: `[data-cid="${cid}"]`,
  });
  const { fonts } = await session.send("CSS.getPlatformFontsForNode", { nodeId });
  return fonts;
}

/** Whether the character drawn with `font` looks exactly like the missing-glyph box. */
function drawsAsTofu(page: Page, char: string, font: string): Promise<boolean> {
  return page.evaluate(
    ([sample, fontValue]) => {
      const canvas = document.createElement("canvas");
      canvas.width = 64;
      canvas.height = 64;
      const context = canvas.getContext("2d");
      if (!context) throw new Error("no canvas");
      const draw = (text: string, value: string) => {
        context.clearRect(0, 0, 64, 64);
        context.font = value;
        context.textBaseline = "top";
        context.fillText(text, 4, 4);
        return `${context.measureText(text).width}|${context.getImageData(0, 0, 64, 64).data.join()}`;
      };
      return draw(sample, fontValue) === draw(String.fromCodePoint(0x10fffd), "40px serif");
    },
    [char, font] as const,
  );
}

function storedSubsets(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ key: string; chars: string; version: number; bytes: number }[]>((resolve, reject) => {
        const open = indexedDB.open("rsDatabase");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction("fonts").objectStore("fonts").getAll();
          read.onerror = () => reject(read.error);
          read.onsuccess = () =>
            resolve(
              (read.result as { key: string; chars: string; version: number; data: ArrayBuffer }[]).map(
                (record) => ({ ...record, data: undefined, bytes: record.data.byteLength }),
              ),
            );
        };
      }),
  );
}

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), "canon-fonts-"));
});
afterEach(async () => {
  await context?.close();
  context = null;
});
afterAll(async () => {
  for (const browser of browsers) await browser.close();
  rmSync(workDir, { recursive: true, force: true });
});

describe("the dynamic font on a system whose CJK font lacks extension B", () => {
  it("draws the rare characters with subsets from the server, then from IndexedDB after a reload", async () => {
    const hanaA = readCmapCodePoints(readFileSync(HANA_A));
    const served = new Set(SERVED_FONTS.flatMap((file) => [...readCmapCodePoints(readFileSync(file))]));
    const isRare = (char: string) => cp(char) >= 0x20000 && !hanaA.has(cp(char)) && served.has(cp(char));
    // The reel of the default edition with the most such characters in the default text type.
    let best: { uid: string; line: Line; rare: string[] } | null = null;
    for (const uid of await reelUids("JS")) {
      const lines = await reelLines(uid, "std_txt");
      const rare = [...new Set(lines.flatMap((line) => [...line.text]))].filter(isRare);
      const line = lines.find((l) => [...l.text].some(isRare));
      if (line && (!best || rare.length > best.rare.length)) best = { uid, line, rare };
    }
    if (!best) throw new Error("no reel of JS holds an extension B character HanaMinA lacks");
    const char = [...best.line.text].find(isRare) ?? "";

    const browser = await browserWithFonts(
      "hana-a",
      [`${FONTS}/dejavu`, `${FONTS}/hanazono`],
      ["*HanaMinB*"],
    );
    const { page, fontRequests } = await openContext(browser);
    const accepts: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/char/dynamic_font")) accepts.push(request.headers().accept ?? "");
    });
    await page.goto(`/scroll/${best.uid}`);
    await page.locator(`[data-cid="${best.line.cid}"]`).waitFor();
    await waitForDynamicFace(page, char);

    // This system has no glyph for it; the dynamic family has one.
    expect(await drawsAsTofu(page, char, "40px serif")).toBe(true);
    expect(await drawsAsTofu(page, char, `40px "${FAMILY}"`)).toBe(false);
    expect(await page.evaluate(([f, c]) => document.fonts.check(`40px "${f}"`, c), [FAMILY, char])).toBe(
      true,
    );
    const session = await context!.newCDPSession(page);
    await session.send("DOM.enable");
    await session.send("CSS.enable");
    expect((await lineFonts(session, best.line.cid)).filter((font) => font.isCustomFont)).not.toEqual([]);

    // Only what the system lacks was asked for, as WOFF2 or an octet stream.
    expect(fontRequests.length).toBeGreaterThan(0);
    const asked = fontRequests.flatMap(requestedChars);
    expect(asked).toContain(char);
    for (const c of asked) {
      const privateUse = cp(c) >= 0xf0000 || (cp(c) >= 0xe000 && cp(c) <= 0xf8ff);
      expect(privateUse || (await drawsAsTofu(page, c, "40px serif"))).toBe(true);
    }
    expect(accepts.every((accept) => accept.includes("font/woff2") && accept.includes("octet-stream"))).toBe(
      true,
    );
    await expect.poll(async () => (await storedSubsets(page)).some((r) => r.chars.includes(char))).toBe(true);
    const records = await storedSubsets(page);
    expect(records.every((record) => record.bytes > 0 && record.key.includes(record.chars))).toBe(true);

    // The tip counts the characters; keeping the font hides it for this edition.
    const offer = page.locator("[data-font-offer]");
    await expect.poll(() => offer.textContent()).toContain(` ${asked.length} `);
    await page.locator("[data-font-keep]").click();
    await offer.waitFor({ state: "detached" });

    fontRequests.length = 0;
    await page.reload();
    await page.locator(`[data-cid="${best.line.cid}"]`).waitFor();
    await waitForDynamicFace(page, char);
    expect(await drawsAsTofu(page, char, `40px "${FAMILY}"`)).toBe(false);
    const again = await context!.newCDPSession(page);
    await again.send("DOM.enable");
    await again.send("CSS.enable");
    expect((await lineFonts(again, best.line.cid)).filter((font) => font.isCustomFont)).not.toEqual([]);
    expect(fontRequests).toEqual([]);
    expect(await offer.count()).toBe(0);
  });
});

describe("the dynamic font on a system with no CJK font", () => {
  it("asks for every Han character of the reel in batches of 500 and draws the text with them", async () => {
    const uids = await reelUids("JS");
    let chosen: { uid: string; lines: Line[] } | null = null;
    for (const uid of uids) {
      const lines = await reelLines(uid, "std_txt");
      const distinct = new Set(lines.flatMap((line) => [...line.text]).filter((c) => cp(c) >= 0x4e00));
      if (distinct.size > 1100 && distinct.size < 2000) chosen = { uid, lines };
      if (chosen) break;
    }
    if (!chosen) throw new Error("no reel of JS has between 1100 and 2000 distinct Han characters");
    const line = chosen.lines[Math.floor(chosen.lines.length / 2)] as Line;

    const browser = await browserWithFonts("no-cjk", [`${FONTS}/dejavu`, `${FONTS}/liberation`]);
    const { page, fontRequests } = await openContext(browser);
    await page.goto(`/scroll/${chosen.uid}`);
    await page.locator(`[data-cid="${line.cid}"]`).waitFor();
    const sample = [...line.text].find((c) => cp(c) >= 0x4e00) ?? "";
    expect(await drawsAsTofu(page, sample, "40px serif")).toBe(true);
    await waitForDynamicFace(page, sample);
    await expect.poll(() => page.locator("[data-font-offer] [data-font-keep]").isEnabled()).toBe(true);

    const sizes = fontRequests.map((url) => requestedChars(url).length).sort((a, b) => b - a);
    expect(sizes.length).toBeGreaterThanOrEqual(3);
    // All batches hold 500 characters but one, which holds the rest (fewer than 600).
    expect(sizes.filter((size) => size !== 500).length).toBeLessThanOrEqual(1);
    expect(sizes.every((size) => size < 600)).toBe(true);
    const asked = new Set(fontRequests.flatMap(requestedChars));
    expect(asked.size).toBe(sizes.reduce((sum, size) => sum + size, 0));
    for (const c of line.text) if (cp(c) >= 0x4e00 && cp(c) <= 0x9fff) expect(asked).toContain(c);

    const session = await context!.newCDPSession(page);
    await session.send("DOM.enable");
    await session.send("CSS.enable");
    const fonts = await lineFonts(session, line.cid);
    const custom = fonts.filter((font) => font.isCustomFont).reduce((n, font) => n + font.glyphCount, 0);
    const han = new Set([...line.text].filter((c) => cp(c) >= 0x4e00 && cp(c) <= 0x9fff));
    expect(custom).toBeGreaterThanOrEqual(han.size);

    // Dismissed, the tip stays away for this edition.
    await page.locator("[data-font-dismiss]").click();
    await page.locator("[data-font-offer]").waitFor({ state: "detached" });
    await page.reload();
    await page.locator(`[data-cid="${line.cid}"]`).waitFor();
    await waitForDynamicFace(page, sample);
    expect(await page.locator("[data-font-offer]").count()).toBe(0);
  });
});
