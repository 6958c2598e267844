import { existsSync, readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { distinctFontChars, dynamicFontQuery, MAX_FONT_CHARS } from "../../contract/fonts.ts";
import { readCmapCodePoints } from "../../server/modules/fonts/cmap.ts";
import { createFontSubsetter } from "../../server/modules/fonts/font-subsetter.ts";
import { createSubsetPool } from "../../server/modules/fonts/subset-pool.ts";
import type { ObjectStorage } from "../../server/storage/storage.ts";

const BABELSTONE = "/usr/share/fonts/truetype/babelstone/BabelStoneHan.ttf";
const HANAMIN_A = "/usr/share/fonts/truetype/hanazono/HanaMinA.ttf";
const HANAMIN_B = "/usr/share/fonts/truetype/hanazono/HanaMinB.ttf";
const FONT_FILES = [BABELSTONE, HANAMIN_A, HANAMIN_B];
const fontsInstalled = FONT_FILES.every((file) => existsSync(file));

const PUA_CHAR = "\u{E000}"; // a private-use glyph BabelStone Han draws
const EXT_B_CHAR = "\u{20023}"; // in HanaMin B only

const codePoints = (text: string) => [...text].map((char) => char.codePointAt(0)!);

function memoryStorage(): ObjectStorage & { objects: Map<string, Buffer>; puts: number } {
  const objects = new Map<string, Buffer>();
  return {
    objects,
    puts: 0,
    async put(key, body) {
      this.puts++;
      objects.set(key, body);
    },
    async get(key) {
      return objects.get(key) ?? null;
    },
    async exists(key) {
      return objects.has(key);
    },
    urlFor: (key) => `/storage/${key}`,
  };
}

describe("the dynamic font query", () => {
  it("counts distinct chars by code point, ignoring whitespace", () => {
    expect(distinctFontChars(`般 若\n般${EXT_B_CHAR}${EXT_B_CHAR}`)).toEqual(["般", "若", EXT_B_CHAR]);
  });

  it("takes up to MAX_FONT_CHARS distinct chars and rejects more or none", () => {
    const chars = (n: number) =>
      Array.from({ length: n }, (_, i) => String.fromCodePoint(0x4e00 + i)).join("");
    expect(dynamicFontQuery.safeParse({ chars: chars(MAX_FONT_CHARS) }).success).toBe(true);
    expect(dynamicFontQuery.safeParse({ chars: chars(MAX_FONT_CHARS + 1) }).success).toBe(false);
    expect(dynamicFontQuery.safeParse({ chars: " \n" }).success).toBe(false);
    expect(dynamicFontQuery.safeParse({ chars: "般", font_name: "bad name!" }).success).toBe(false);
  });
});

describe.skipIf(!fontsInstalled)("the cmap reader and the font subsetter", () => {
  const pool = createSubsetPool({ workers: 1, queueLimit: 8 });
  afterAll(() => pool.close());

  it("reads format 4 and format 12 coverage", () => {
    const babelstone = readCmapCodePoints(readFileSync(BABELSTONE));
    expect(babelstone.has(0x822c)).toBe(true); // 般, format 4
    expect(babelstone.has(0x20000)).toBe(true); // 𠀀, format 12
    expect(babelstone.has(PUA_CHAR.codePointAt(0)!)).toBe(true);
    const hanaminB = readCmapCodePoints(readFileSync(HANAMIN_B));
    expect(hanaminB.has(0x822c)).toBe(false);
    expect(hanaminB.has(EXT_B_CHAR.codePointAt(0)!)).toBe(true);
  });

  it("subsets the requested chars and nothing else", async () => {
    const subsetter = createFontSubsetter({ fontFiles: FONT_FILES, storage: memoryStorage(), pool });
    const covered = readCmapCodePoints(await subsetter.subsetSfnt(["般", "若", PUA_CHAR]));
    for (const codePoint of codePoints(`般若${PUA_CHAR}`)) expect(covered.has(codePoint)).toBe(true);
    expect(covered.has(0x7684)).toBe(false); // 的
  });

  it("takes the font file that covers the most of the chars", async () => {
    const subsetter = createFontSubsetter({ fontFiles: FONT_FILES, storage: memoryStorage(), pool });
    const onlyInB = ["\u{20023}", "\u{2002D}", "\u{2002E}"];
    const covered = readCmapCodePoints(await subsetter.subsetSfnt([...onlyInB, "般"]));
    for (const char of onlyInB) expect(covered.has(char.codePointAt(0)!)).toBe(true);
    expect(covered.has(0x822c)).toBe(false);
  });

  it("builds a WOFF2 subset once and then serves it from the cache", async () => {
    const storage = memoryStorage();
    const subsetter = createFontSubsetter({ fontFiles: FONT_FILES, storage, pool });
    const startedBefore = pool.started;
    const first = await subsetter.subset(["般", "若"]);
    expect(first.subarray(0, 4).toString("latin1")).toBe("wOF2");
    const again = await subsetter.subset(["若", "般"]);
    expect(again.equals(first)).toBe(true);
    expect(storage.puts).toBe(1);
    expect(pool.started - startedBefore).toBe(1);
    expect([...storage.objects.keys()]).toEqual([
      expect.stringMatching(/^fonts\/cache\/[0-9a-f]{64}\.woff2$/),
    ]);

    const restarted = createFontSubsetter({ fontFiles: FONT_FILES, storage, pool });
    expect((await restarted.subset(["般", "若"])).equals(first)).toBe(true);
    expect(storage.puts).toBe(1);
    expect(pool.started - startedBefore).toBe(1);
  });
});
