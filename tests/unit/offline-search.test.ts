/**
 * Pieces of the offline search worker on their own: reading a request as the server's schema
 * does, the index's segments (a superset of the reels holding a phrase, saved and loaded
 * unchanged), and the worker's imports (contract modules without zod, nothing from src/).
 */
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { normalizeSearchText } from "../../contract/search-tokenizer.ts";
import { readRequest } from "../../workers/search/request.ts";
import {
  addToSegment,
  createSegment,
  exportSegment,
  importSegment,
  phraseTerms,
  removeFromSegment,
  searchSegment,
} from "../../workers/search/segments.ts";
import { corpusDir } from "../support/corpus.ts";

const ROOT = resolve(import.meta.dirname, "../..");

/** The Diamond sutra's text, cut into "reels" of 800 searchable chars. */
function corpusDocs(): string[] {
  const xml = readFileSync(join(corpusDir(), "starter/cbeta-p5a/T/T08/T08n0235.xml"), "utf8");
  const text = normalizeSearchText(xml.slice(xml.indexOf("<body")).replace(/<[^>]+>/g, ""));
  const chars = Array.from(text);
  const docs: string[] = [];
  for (let i = 0; i < chars.length; i += 800) docs.push(chars.slice(i, i + 800).join(""));
  return docs;
}

describe("reading a search request", () => {
  it.each([
    [{ keyword: "" }, "keyword"],
    [{ keyword: " \t " }, "keyword"],
    [{ keyword: "佛".repeat(501) }, "500"],
    [{ keyword: "佛", page_size: 15 }, "page_size"],
    [{ keyword: "佛", page_no: 0 }, "page_no"],
    [{ keyword: "佛", sort_by: "name" }, "choices"],
    [{ keyword: "佛", categories: [1.5] }, "filter"],
    [{ keyword: "佛", sutra_group_names: ["  "] }, "filter"],
    [{ keyword: "佛", sutra_group_names: ["名".repeat(21)] }, "filter"],
    [{ keyword: "佛", in_readings: "true" }, "in_readings"],
    [{ keyword: "佛", sort_by: "-hit", sortCond: "sutra_uid" }, "sortCond"],
  ])("refuses %j with 400", (request, message) => {
    const read = readRequest(request as Parameters<typeof readRequest>[0]);
    expect(read).toMatchObject({ ok: false, code: 400 });
    expect(read.ok ? "" : read.message).toContain(message);
  });

  it("reads the spec's sortCond as sort_by, as the server does", () => {
    const spec = { keyword: "佛", sortCond: "sutra_uid" } as Parameters<typeof readRequest>[0];
    expect(readRequest(spec)).toMatchObject({ ok: true, query: { sort_by: "sutra_uid" } });
    const both = { keyword: "佛", sort_by: "sutra_uid", sortCond: "sutra_uid" } as Parameters<
      typeof readRequest
    >[0];
    expect(readRequest(both)).toMatchObject({ ok: true, query: { sort_by: "sutra_uid" } });
  });

  it("fills the server's defaults and trims the keyword", () => {
    expect(readRequest({ keyword: "  菩薩 佛 " })).toEqual({
      ok: true,
      query: {
        keyword: "菩薩 佛",
        search_mode: "fuzzy",
        txt_type: "std_txt",
        trans_mode: "uni2default",
        categories: undefined,
        sutra_uids: undefined,
        sutra_group_names: undefined,
        authors: undefined,
        dynasties: undefined,
        page_no: 1,
        page_size: 20,
        sort_by: "-hit",
        in_readings: false,
      },
    });
  });
});

describe("a segment of the index", () => {
  const docs = corpusDocs();
  const build = () => {
    const segment = createSegment(1);
    for (const [i, text] of docs.entries()) addToSegment(segment, i + 1, text, text.length);
    return segment;
  };
  const holding = (phrase: string) =>
    docs.flatMap((text, i) => (text.includes(phrase) ? [i + 1] : [])).sort((a, b) => a - b);
  const found = (segment: ReturnType<typeof build>, phrase: string) =>
    searchSegment(segment, phraseTerms(Array.from(phrase))).sort((a, b) => a - b);
  const phrases = ["佛", "須菩提", "如是", "一切有為法如夢幻", "應無所住而生其心", "無此字句", "菩"];

  it("finds every reel holding a phrase, and few others", () => {
    expect(docs.length).toBeGreaterThan(5);
    const segment = build();
    for (const phrase of phrases) {
      const truth = holding(phrase);
      const candidates = found(segment, phrase);
      expect(candidates, phrase).toEqual(expect.arrayContaining(truth));
      if (phrase.length === 1) expect(candidates, phrase).toEqual(truth);
    }
    expect(found(segment, "應無所住而生其心")).toEqual(holding("應無所住而生其心"));
  });

  it("is saved and loaded with the same answers, and forgets a removed reel", () => {
    const segment = build();
    const loaded = importSegment(structuredClone(exportSegment(segment)));
    for (const phrase of phrases) expect(found(loaded, phrase), phrase).toEqual(found(segment, phrase));
    const reel = holding("須菩提")[0] as number;
    removeFromSegment(loaded, reel, 800);
    expect(found(loaded, "須菩提")).not.toContain(reel);
    expect(loaded.docIds.has(reel)).toBe(false);
  });
});

describe("the worker's imports", () => {
  /** Relative imports a module loads at run time (type-only ones are erased). */
  const runtimeImports = (file: string): string[] =>
    [...readFileSync(file, "utf8").matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+"([^"]+)"/gms)].map(
      (m) => m[1] as string,
    );

  it("reach contract/ and the worker's own modules only, never zod or src/", () => {
    const seen = new Set<string>();
    const packages = new Set<string>();
    const queue = [join(ROOT, "workers/search.worker.ts")];
    for (let file = queue.pop(); file; file = queue.pop()) {
      if (seen.has(file)) continue;
      seen.add(file);
      for (const specifier of runtimeImports(file)) {
        if (specifier.startsWith(".")) queue.push(resolve(dirname(file), specifier));
        else packages.add(specifier);
      }
    }
    const folders = new Set([...seen].map((file) => relative(ROOT, file).split("/")[0]));
    expect(folders).toEqual(new Set(["workers", "contract"]));
    expect([...packages].sort()).toEqual(["comlink", "dexie", "fflate", "opencc-js"]);
  });
});
