import { describe, expect, it } from "vitest";
import { PostingRowCache } from "../../server/modules/search/posting-row-cache.ts";
import type { PostingRow } from "../../server/modules/search/posting-store.ts";

/** A row of `bytes` bytes of list (each row is counted 64 bytes more). */
const row = (gram: string, seg: number, bytes: number): PostingRow => ({
  gram,
  seg,
  list: new Uint8Array(bytes).fill(seg),
});

describe("the process's cache of posting lists", () => {
  it("answers a token's rows by slot, index version, kind and form, and nothing for another", () => {
    const cache = new PostingRowCache(10_000);
    cache.set(1, 5, "lists", "std", "菩薩", [row("菩薩", 3, 10), row("菩薩", 4, 20)]);
    expect(cache.get(1, 5, "lists", "std", "菩薩")?.map((r) => [r.seg, r.list.length])).toEqual([
      [3, 10],
      [4, 20],
    ]);
    expect(cache.get(1, 4, "lists", "std", "菩薩")).toBeUndefined();
    expect(cache.get(1, 6, "lists", "std", "菩薩")).toBeUndefined();
    expect(cache.get(2, 5, "lists", "std", "菩薩")).toBeUndefined();
    expect(cache.get(1, 5, "counts", "std", "菩薩")).toBeUndefined();
    expect(cache.get(1, 5, "lists", "sim", "菩薩")).toBeUndefined();
    expect(cache.bytes).toBe(30 + 2 * 64);
  });

  it("drops a slot's rows when one of a later version is kept, and keeps no earlier version's", () => {
    const cache = new PostingRowCache(10_000);
    cache.set(1, 5, "lists", "std", "菩薩", [row("菩薩", 3, 10)]);
    cache.set(2, 7, "lists", "std", "菩薩", [row("菩薩", 9, 10)]);
    cache.set(1, 6, "counts", "std", "佛", [row("佛", 5, 10)]);
    expect(cache.get(1, 5, "lists", "std", "菩薩")).toBeUndefined();
    expect(cache.get(1, 6, "counts", "std", "佛")).toHaveLength(1);
    expect(cache.get(2, 7, "lists", "std", "菩薩")).toHaveLength(1);
    // A search that read its catalogue before the change kept going: its rows are not kept.
    cache.set(1, 5, "lists", "std", "如是", [row("如是", 3, 10)]);
    expect(cache.get(1, 5, "lists", "std", "如是")).toBeUndefined();
    expect(cache.get(1, 6, "counts", "std", "佛")).toHaveLength(1);
    expect(cache.bytes).toBe(2 * (10 + 64));
  });

  it("holds no more than its bytes, the least recently used out first", () => {
    const cache = new PostingRowCache(1_000);
    for (const gram of ["甲乙", "丙丁", "戊己", "庚辛"])
      cache.set(1, 1, "lists", "std", gram, [row(gram, 1, 186)]);
    expect(cache.bytes).toBe(1_000);
    cache.get(1, 1, "lists", "std", "甲乙");
    cache.set(1, 1, "lists", "std", "壬癸", [row("壬癸", 1, 186)]);
    expect(cache.bytes).toBe(1_000);
    expect(cache.get(1, 1, "lists", "std", "丙丁")).toBeUndefined();
    for (const gram of ["甲乙", "戊己", "庚辛", "壬癸"])
      expect(cache.get(1, 1, "lists", "std", gram)).toHaveLength(1);
    // A token of more than a quarter of the room would push out most of the rest: it is not kept.
    cache.set(1, 1, "lists", "std", "子丑", [row("子丑", 1, 187)]);
    expect(cache.get(1, 1, "lists", "std", "子丑")).toBeUndefined();
    expect(cache.bytes).toBe(1_000);
  });

  it("keeps its own copy of the lists", () => {
    const cache = new PostingRowCache(10_000);
    const buffer = new Uint8Array(64).fill(7);
    cache.set(1, 1, "lists", "std", "菩薩", [{ gram: "菩薩", seg: 1, list: buffer.subarray(8, 16) }]);
    buffer.fill(0);
    const kept = cache.get(1, 1, "lists", "std", "菩薩")?.[0]?.list;
    expect(kept && Array.from(kept)).toEqual(Array(8).fill(7));
    expect(kept?.buffer.byteLength).toBe(8);
  });
});
