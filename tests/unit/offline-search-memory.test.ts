/**
 * The offline search worker's memory does not grow with the library: a synthetic library of some
 * millions of chars is indexed on fake-indexeddb, then a new engine (a restart) loads the saved
 * index and answers searches of both modes; what the engine then holds (JS heap and array buffers,
 * after a collection, beyond what the fake database itself holds) must stay under fixed bounds: it
 * keeps the reels' rows and small caches, never the index or the texts.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import type { SearchRequest } from "../../contract/search.ts";
import { openLibrary } from "../../workers/search/databases.ts";
import { createSearchEngine, type SearchEngine } from "../../workers/search/engine.ts";
import { syntheticReelRow, syntheticSutraRow } from "./synthetic-reel-rows.ts";

setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;

const REELS = 320;
const REEL_CHARS = 8_000;
const LINE_CHARS = 40;
/**
 * What the engine may hold once loaded, and once it has answered (the keyword reader's OpenCC
 * converters, built on a first converting search, take most of it): fixed bounds, whatever the
 * library's size.
 */
const LOADED_MIB = 8;
const BOUND_MIB = 40;

/** A deterministic text of common and rare chars, in the proportions of a real canon. */
function syntheticReel(seed: number): string {
  let state = seed * 2654435761;
  const random = () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) | 0;
    return (state >>> 0) / 2 ** 32;
  };
  const out: string[] = [];
  for (let i = 0; i < REEL_CHARS; i++) {
    // About a fifth of 3,000 chars in most places, the rest spread thin (a Zipf-like curve).
    const rank = Math.floor(3000 * random() ** 3);
    out.push(String.fromCodePoint(0x4e00 + rank * 7));
  }
  return out.join("");
}

function reelRow(sutra: number, reel: number, text: string) {
  const lines: string[] = [];
  for (let at = 0; at < text.length; at += LINE_CHARS) lines.push(text.slice(at, at + LINE_CHARS));
  return syntheticReelRow(sutra, reel, "std_txt", lines);
}

/** Bytes of JS heap and array buffers in use after pending work has run and garbage is collected. */
async function inUse(): Promise<number> {
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setTimeout(resolve, 10));
  collect();
  collect();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/** The bytes in use once they stop falling (the fake database lets go of closed connections late). */
async function held(): Promise<number> {
  let last = await inUse();
  for (let round = 0; round < 20; round++) {
    const now = await inUse();
    if (last - now < 2 ** 20) return now;
    last = now;
  }
  return last;
}

const common = String.fromCodePoint(0x4e00);
const QUERIES: SearchRequest[] = [
  { keyword: common, search_mode: "exact", trans_mode: "none" },
  { keyword: common, search_mode: "fuzzy" },
  {
    keyword: common + String.fromCodePoint(0x4e07),
    search_mode: "exact",
    trans_mode: "none",
    sort_by: "hit",
  },
  { keyword: common + String.fromCodePoint(0x4e07), search_mode: "fuzzy", page_no: 3 },
  { keyword: String.fromCodePoint(0x4e00, 0x4e07, 0x4e00), search_mode: "exact", trans_mode: "none" },
  { keyword: `${common} ${String.fromCodePoint(0x4e0e)}`, search_mode: "fuzzy", categories: [2] },
];

describe("the offline search worker's memory", () => {
  it("stays under a fixed bound after loading a large library and answering searches", async () => {
    const idb = new IDBFactory();
    const library = await openLibrary({ indexedDB: idb, IDBKeyRange });
    const sutras = REELS / 4;
    for (let s = 1; s <= sutras; s++) {
      await library.reelTexts.bulkPut([1, 2, 3, 4].map((r) => reelRow(s, r, syntheticReel(s * 10 + r))));
      await library.sutras.put(syntheticSutraRow(s, 4, REEL_CHARS));
    }
    library.close();
    const options = { idb: { indexedDB: idb, IDBKeyRange }, now: () => 1 };
    const first = createSearchEngine(options);
    expect((await first.sync(null)).chars).toBe(REELS * REEL_CHARS);
    await first.close();
    await held();

    // What the engine holds is what is freed once it is closed and let go, the library's data
    // (held by the fake database in this same heap) staying as it was.
    let engine: SearchEngine | null = createSearchEngine(options);
    expect((await engine.status()).reels).toBe(REELS);
    const loaded = await held();
    const scope = { tripitakaUid: "TS", groups: [] };
    for (const request of QUERIES) {
      const answer = await engine.search(scope, request);
      expect(answer.ok && answer.result.stats.reels_count, JSON.stringify(request)).toBeGreaterThan(0);
    }
    const answered = await held();
    await engine.close();
    engine = null;
    const released = await held();
    const mib = (bytes: number) => (bytes - released) / 2 ** 20;
    expect(mib(loaded), `the engine holds ${mib(loaded).toFixed(1)} MiB once loaded`).toBeLessThan(
      LOADED_MIB,
    );
    expect(mib(answered), `the engine holds ${mib(answered).toFixed(1)} MiB after searching`).toBeLessThan(
      BOUND_MIB,
    );
  }, 180_000);
});
