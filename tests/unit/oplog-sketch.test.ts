/**
 * The distinct-count sketch: exact up to 128 distinct values, a HyperLogLog estimate within three
 * standard errors (3 × 3.25 %) above that, merges that do not depend on their order, and an
 * encoding that round-trips.
 */
import { describe, expect, it } from "vitest";
import { keyedHash } from "../../server/modules/oplog/keyed-hash.ts";
import {
  addHash,
  type DistinctSketch,
  decodeSketch,
  EXACT_LIMIT,
  emptySketch,
  encodeSketch,
  estimate,
  mergeEncoded,
  mergeSketch,
} from "../../server/modules/oplog/sketch.ts";
import { seededRandom } from "../../server/seeded-random.ts";

const hash = keyedHash(new TextEncoder().encode("a secret for the sketch tests, 32+ chars"));
const STANDARD_ERROR = 1.04 / Math.sqrt(1024);

function sketchOf(values: Iterable<string>): DistinctSketch {
  let sketch = emptySketch();
  for (const value of values) sketch = addHash(sketch, hash(value));
  return sketch;
}

const addresses = (count: number, prefix = "10.") =>
  Array.from({ length: count }, (_, i) => `${prefix}${i >> 16}.${(i >> 8) & 255}.${i & 255}`);

describe("the distinct-count sketch", () => {
  it("counts exactly up to the threshold, duplicates included", () => {
    for (const count of [0, 1, 2, 50, 127, EXACT_LIMIT]) {
      const values = addresses(count);
      const sketch = sketchOf([...values, ...values.slice(0, count >> 1)]);
      expect(sketch.kind).toBe("exact");
      expect(estimate(sketch)).toBe(count);
    }
    expect(sketchOf(addresses(EXACT_LIMIT + 1)).kind).toBe("dense");
  });

  it.each([200, 1_000, 10_000, 100_000])("estimates %i distinct values within 3 standard errors", (count) => {
    const values = addresses(count);
    const sketch = sketchOf([...values, ...values.slice(0, 1000)]);
    expect(Math.abs(estimate(sketch) - count) / count).toBeLessThan(3 * STANDARD_ERROR);
  });

  it("merges to the same sketch in any order, exact and dense alike", () => {
    const random = seededRandom(3);
    const parts = [30, 60, 90, 2_000, 5, 40_000].map((count, i) => addresses(count, `${i}.`));
    const encodedMerges = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const order = [...parts].sort(() => random() - 0.5);
      let merged = emptySketch();
      for (const part of order) merged = mergeSketch(merged, sketchOf(part));
      encodedMerges.add(Buffer.from(encodeSketch(merged)).toString("hex"));
    }
    expect(encodedMerges.size).toBe(1);
    const all = sketchOf(parts.flat());
    expect(encodedMerges.has(Buffer.from(encodeSketch(all)).toString("hex"))).toBe(true);
  });

  it("keeps two small sketches exact when their union stays under the threshold", () => {
    const a = sketchOf(addresses(60));
    const b = sketchOf(addresses(100).slice(40));
    const merged = mergeSketch(a, b);
    expect(merged.kind).toBe("exact");
    expect(estimate(merged)).toBe(100);
  });

  it("round-trips through its encoding and merges straight from the bytes", () => {
    for (const count of [0, 10, EXACT_LIMIT, 5_000]) {
      const sketch = sketchOf(addresses(count));
      const bytes = encodeSketch(sketch);
      expect(bytes.byteLength).toBeLessThanOrEqual(1 + 1024);
      expect(estimate(decodeSketch(bytes))).toBe(estimate(sketch));
      expect(encodeSketch(decodeSketch(bytes))).toEqual(bytes);
      const other = sketchOf(addresses(70, "x"));
      expect(encodeSketch(mergeEncoded(sketchOf(addresses(70, "x")), bytes))).toEqual(
        encodeSketch(mergeSketch(other, decodeSketch(bytes))),
      );
    }
  });

  it("hashes with the key: the same value gives another hash under another secret", () => {
    const other = keyedHash(new TextEncoder().encode("another secret entirely, 32+ chars"));
    expect(hash("203.0.113.7")).toBe(hash("203.0.113.7"));
    expect(other("203.0.113.7")).not.toBe(hash("203.0.113.7"));
  });
});
