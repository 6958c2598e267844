import { describe, expect, it } from "vitest";
import {
  bothReels,
  eitherReels,
  NO_REELS,
  positionOf,
  type ReelCounts,
  reelCountsOf,
} from "../../server/modules/search/reel-counts.ts";

const plain = (counts: ReelCounts) => Array.from(counts.reels, (reel, i) => [reel, counts.hits[i]]);

describe("hits per reel as sorted arrays", () => {
  const countsOf = (reels: number[], hits: number[]) =>
    reelCountsOf(Int32Array.from(reels), Int32Array.from(hits));
  const a = countsOf([1, 4, 7, 9], [2, 1, 5, 3]);
  const b = countsOf([2, 4, 9, 12], [1, 1, 1, 6]);

  it("puts reels given in any order in order, each with its own hits", () => {
    expect(plain(countsOf([9, 1, 4], [3, 2, 1]))).toEqual([
      [1, 2],
      [4, 1],
      [9, 3],
    ]);
  });

  it("adds the places of phrases found in either reel", () => {
    expect(plain(eitherReels(a, b))).toEqual([
      [1, 2],
      [2, 1],
      [4, 2],
      [7, 5],
      [9, 4],
      [12, 6],
    ]);
    expect(plain(eitherReels(NO_REELS, a))).toEqual(plain(a));
  });

  it("keeps the reels holding both terms, with the hits of both", () => {
    expect(plain(bothReels(a, b))).toEqual([
      [4, 2],
      [9, 4],
    ]);
    expect(plain(bothReels(a, NO_REELS))).toEqual([]);
  });

  it("finds a reel's place, or -1", () => {
    expect([1, 4, 7, 9].map((reel) => positionOf(a, reel))).toEqual([0, 1, 2, 3]);
    expect([0, 5, 10].map((reel) => positionOf(a, reel))).toEqual([-1, -1, -1]);
  });
});
