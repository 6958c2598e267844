import { describe, expect, it } from "vitest";
import { SEARCH_SORTS } from "../../contract/search-options.ts";
import { firstMatches, type Match, type SutraEntry } from "../../contract/search-results.ts";

/** A deterministic pseudo-random sequence, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function someMatches(n: number, seed: number): Match[] {
  const next = random(seed);
  const sutras: SutraEntry[] = Array.from({ length: 40 }, (_, i) => {
    const start = next() < 0.2 ? null : 200 + Math.floor(next() * 1000);
    return {
      uid: `S${i}`,
      sn: i,
      startYear: start,
      endYear: start === null || next() < 0.1 ? null : start + Math.floor(next() * 50),
      options: { categories: [], dynasties: [], authors: [] },
    };
  });
  return Array.from({ length: n }, (_, i) => ({
    sutra: sutras[Math.floor(next() * sutras.length)] as SutraEntry,
    reel: { reelNo: i + 1 },
    // Few distinct counts, so most orders are decided by their ties.
    hits: 1 + Math.floor(next() * 6),
  }));
}

describe("the first matches in the order asked for", () => {
  it("are the head of every match sorted, for every order and page end", () => {
    const matches = someMatches(600, 7);
    for (const sort of SEARCH_SORTS) {
      const sorted = firstMatches(matches, sort, matches.length);
      for (const count of [0, 1, 20, 100, 149, 150, 600, 700]) {
        expect(firstMatches(matches, sort, count), `${sort} ${count}`).toEqual(sorted.slice(0, count));
      }
    }
  });

  it("put every match in a total order that the full sort agrees with", () => {
    const matches = someMatches(300, 11);
    const byHits = firstMatches(matches, "-hit", 300);
    for (let i = 1; i < byHits.length; i++) {
      const [a, b] = [byHits[i - 1] as Match, byHits[i] as Match];
      expect(a.hits > b.hits || (a.hits === b.hits && a.sutra.sn <= b.sutra.sn)).toBe(true);
    }
    expect(firstMatches(matches, "hit", 300)).toEqual(
      [...byHits]
        .reverse()
        .sort((a, b) => a.hits - b.hits || a.sutra.sn - b.sutra.sn || a.reel.reelNo - b.reel.reelNo),
    );
  });
});
