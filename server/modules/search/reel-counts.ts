/**
 * Hits per reel as two parallel arrays in ascending reel order: each reel's number within its
 * tripitaka's id range (its search id − the range's `lo`, see index-writer.ts) and its hits. The
 * index hands a search thousands of reels; arrays of small integers cost a fraction of a Map keyed
 * by 64-bit ids, for the index's answer and for every step after it.
 */
export type ReelCounts = { reels: Int32Array; hits: Int32Array };

export const NO_REELS: ReelCounts = { reels: new Int32Array(0), hits: new Int32Array(0) };

/**
 * Counts from reel numbers and hits in any order (a reel listed once); arrays already in order are
 * taken as they are, not copied.
 */
export function reelCountsOf(reels: Int32Array, hits: Int32Array): ReelCounts {
  let ascending = true;
  for (let i = 1; i < reels.length && ascending; i++)
    ascending = (reels[i - 1] as number) < (reels[i] as number);
  if (ascending) return { reels, hits };
  const order = Array.from(reels.keys()).sort((a, b) => (reels[a] as number) - (reels[b] as number));
  return {
    reels: Int32Array.from(order, (i) => reels[i] as number),
    hits: Int32Array.from(order, (i) => hits[i] as number),
  };
}

/**
 * The reels of either (`keep` "either") or of both (`keep` "both"), with the hits of both added.
 */
function merged(a: ReelCounts, b: ReelCounts, keep: "either" | "both"): ReelCounts {
  const reels = new Int32Array(
    keep === "both" ? Math.min(a.reels.length, b.reels.length) : a.reels.length + b.reels.length,
  );
  const hits = new Int32Array(reels.length);
  let [i, j, n] = [0, 0, 0];
  while (i < a.reels.length || j < b.reels.length) {
    const ra = i < a.reels.length ? (a.reels[i] as number) : Number.POSITIVE_INFINITY;
    const rb = j < b.reels.length ? (b.reels[j] as number) : Number.POSITIVE_INFINITY;
    if (ra === rb) {
      reels[n] = ra;
      hits[n++] = (a.hits[i++] as number) + (b.hits[j++] as number);
    } else if (keep === "both") {
      if (ra < rb) i++;
      else j++;
    } else if (ra < rb) {
      reels[n] = ra;
      hits[n++] = a.hits[i++] as number;
    } else {
      reels[n] = rb;
      hits[n++] = b.hits[j++] as number;
    }
  }
  return { reels: reels.subarray(0, n), hits: hits.subarray(0, n) };
}

/** Reels holding either phrase, with the places of both added (phrases never overlap in a place). */
export const eitherReels = (a: ReelCounts, b: ReelCounts): ReelCounts => merged(a, b, "either");

/** Reels holding both terms, with the hits of both added. */
export const bothReels = (a: ReelCounts, b: ReelCounts): ReelCounts => merged(a, b, "both");

/** Where a reel is in the counts, or -1. */
export function positionOf(counts: ReelCounts, reel: number): number {
  let [lo, hi] = [0, counts.reels.length - 1];
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = counts.reels[mid] as number;
    if (at === reel) return mid;
    if (at < reel) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
