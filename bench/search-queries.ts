/**
 * Benchmark queries taken from the corpus itself: for each length (1, 2, 4, 8 characters), common
 * ones (among the most frequent n-grams) and rare ones (found in 1 to 3 reels). Only runs of Han
 * characters are sampled (no digits or Latin letters). The same seed and text give the same
 * queries.
 */
import { seededRandom } from "../server/seeded-random.ts";

export type ReelText = { uid: string; text: string };
export type QueryKind = "common" | "rare";
export type QueryClass = { length: number; kind: QueryKind };
export type BenchQuery = QueryClass & { text: string; reels: number };

export const QUERY_LENGTHS = [1, 2, 4, 8] as const;
export const QUERY_KINDS: QueryKind[] = ["common", "rare"];
export const classLabel = (c: QueryClass): string => `${c.length} char ${c.kind}`;

const RARE_MAX_REELS = 3;
/** Reels sampled to find frequent n-grams longer than one character. */
const SAMPLE_REELS = 300;
/** Common queries are drawn from this many times as many top n-grams as are wanted. */
const POOL_FACTOR = 4;
/** A rare bigram almost always holds a character found in at most this many reels. */
const RARE_BIGRAM_CHAR_REELS = 30;
const RARE_ATTEMPTS = 4000;

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** Runs of Han characters as arrays of code points (an Extension B character is one element). */
function hanRuns(text: string): string[][] {
  return (text.match(/\p{Script=Han}+/gu) ?? []).map((run) => Array.from(run));
}

/** In how many reels each Han character occurs. */
function charReelCounts(reels: readonly ReelText[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const reel of reels) {
    const seen = new Set<string>();
    for (const run of reel.text.match(/\p{Script=Han}+/gu) ?? []) for (const ch of run) seen.add(ch);
    for (const ch of seen) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  return counts;
}

/** Reels whose text contains `query`, counting no further than `stopAfter`. */
export function reelsContaining(reels: readonly ReelText[], query: string, stopAfter = Infinity): number {
  let count = 0;
  for (const reel of reels) {
    if (reel.text.includes(query) && ++count >= stopAfter) break;
  }
  return count;
}

const byCountThenText = ([a, ca]: [string, number], [b, cb]: [string, number]): number =>
  cb - ca || (a < b ? -1 : a > b ? 1 : 0);

/** n-grams by the number of sampled reels that hold them, most frequent first. */
function frequentNgrams(sample: readonly ReelText[], n: number): string[] {
  const counts = new Map<string, number>();
  for (const reel of sample) {
    const seen = new Set<string>();
    for (const run of hanRuns(reel.text)) {
      for (let i = 0; i + n <= run.length; i++) seen.add(run.slice(i, i + n).join(""));
    }
    for (const gram of seen) counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return [...counts].sort(byCountThenText).map(([gram]) => gram);
}

type Picker = {
  reels: readonly ReelText[];
  random: () => number;
  charReels: Map<string, number>;
  sample: readonly ReelText[];
  perClass: number;
};

function pickCommon(p: Picker, n: number): string[] {
  const ranked =
    n === 1 ? [...p.charReels].sort(byCountThenText).map(([ch]) => ch) : frequentNgrams(p.sample, n);
  return shuffled(ranked.slice(0, p.perClass * POOL_FACTOR), p.random).slice(0, p.perClass);
}

/** Start offsets in `run` worth trying for a rare n-gram. */
function rareStarts(p: Picker, run: string[], n: number): number[] {
  const starts: number[] = [];
  for (let i = 0; i + n <= run.length; i++) {
    const lowest = Math.min(...run.slice(i, i + n).map((ch) => p.charReels.get(ch) ?? 0));
    if (n > 2 || lowest <= RARE_BIGRAM_CHAR_REELS) starts.push(i);
  }
  return starts;
}

function pickRare(p: Picker, n: number): string[] {
  if (n === 1) {
    const pool = [...p.charReels]
      .filter(([, count]) => count <= RARE_MAX_REELS)
      .sort(byCountThenText)
      .map(([ch]) => ch);
    return shuffled(pool, p.random).slice(0, p.perClass);
  }
  const picked: string[] = [];
  const tried = new Set<string>();
  for (let attempt = 0; attempt < RARE_ATTEMPTS && picked.length < p.perClass; attempt++) {
    const reel = p.reels[Math.floor(p.random() * p.reels.length)] as ReelText;
    const runs = hanRuns(reel.text).filter((run) => run.length >= n);
    const run = runs[Math.floor(p.random() * runs.length)];
    if (!run) continue;
    const starts = rareStarts(p, run, n);
    const start = starts[Math.floor(p.random() * starts.length)];
    if (start === undefined) continue;
    const gram = run.slice(start, start + n).join("");
    if (tried.has(gram)) continue;
    tried.add(gram);
    const count = reelsContaining(p.reels, gram, RARE_MAX_REELS + 1);
    if (count >= 1 && count <= RARE_MAX_REELS) picked.push(gram);
  }
  return picked;
}

/** `perClass` queries for every length and kind, each with the number of reels that hold it. */
export function pickQueries(reels: readonly ReelText[], seed: number, perClass: number): BenchQuery[] {
  const random = seededRandom(seed);
  const picker: Picker = {
    reels,
    random,
    charReels: charReelCounts(reels),
    sample: shuffled(reels, random).slice(0, SAMPLE_REELS),
    perClass,
  };
  const queries: BenchQuery[] = [];
  for (const length of QUERY_LENGTHS) {
    for (const kind of QUERY_KINDS) {
      const texts = kind === "common" ? pickCommon(picker, length) : pickRare(picker, length);
      for (const text of texts) {
        const count = length === 1 ? picker.charReels.get(text) : undefined;
        queries.push({ length, kind, text, reels: count ?? reelsContaining(reels, text) });
      }
    }
  }
  return queries;
}
