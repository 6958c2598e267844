import { describe, expect, it } from "vitest";
import {
  decodeLineChars,
  encodeLineChars,
  lineAt,
  storedLineSizes,
} from "../../server/modules/search/line-chars.ts";

describe("a reel's searchable chars per line", () => {
  it("are kept as varints and read back as they were", () => {
    const counts = [0, 1, 17, 127, 128, 300, 16_384, 2_000_000, 0, 5];
    expect(decodeLineChars(encodeLineChars(counts))).toEqual(counts);
    expect(encodeLineChars([127, 128]).length).toBe(3);
    expect(decodeLineChars(encodeLineChars([]))).toEqual([]);
  });

  it("tell the line of a char by its place among the reel's searchable chars", () => {
    const counts = [3, 0, 2, 4];
    expect([0, 1, 2, 3, 4, 5, 6, 8].map((offset) => lineAt(counts, offset))).toEqual([
      0, 0, 0, 2, 2, 3, 3, 3,
    ]);
    expect(lineAt(counts, 9)).toBe(3);
    expect(lineAt(counts, -20)).toBe(0);
    expect(lineAt([], 4)).toBe(0);
  });

  it("tell the same lines read from the stored bytes as far as asked, in any order of asking", () => {
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % below;
    };
    for (let round = 0; round < 200; round++) {
      const counts = Array.from({ length: random(40) }, () => (random(4) === 0 ? 0 : random(300)));
      const stored = storedLineSizes(encodeLineChars(counts));
      const total = counts.reduce((sum, n) => sum + n, 0);
      const offsets = Array.from({ length: 12 }, () => random(total + 40) - 20);
      for (const offset of offsets)
        expect(stored.lineAt(offset), `${counts} @${offset}`).toBe(lineAt(counts, offset));
      expect(stored.count).toBe(counts.length);
    }
    expect(storedLineSizes(encodeLineChars([])).lineAt(5)).toBe(0);
  });
});
