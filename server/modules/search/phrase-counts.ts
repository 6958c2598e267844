/** What a search asks of the index, on SQLite and on PostgreSQL alike, and what it answers. */
import type { IdRange, IndexColumn } from "./index-columns.ts";
import { bothReels, eitherReels, NO_REELS, type ReelCounts } from "./reel-counts.ts";

export type SearchIndex = {
  /**
   * Which of `grams` occur in a column: a bigram as a token, a single char as the first char of
   * a token. A gram that does not occur cannot be part of a hit.
   */
  existing(column: IndexColumn, grams: readonly string[]): Promise<Set<string>>;
  /**
   * Places each phrase (as chars) occurs, summed per reel within `range`. The phrases must be
   * different strings of the same length, so no place is counted twice. `version`: the index
   * version of the range's tripitaka that the search read its catalogue at, if known.
   */
  count(
    column: IndexColumn,
    phrases: readonly (readonly string[])[],
    range: IdRange,
    version?: number,
  ): Promise<PhraseCounts>;
};

export type PhraseCounts = {
  /** Places per reel, reels by their number within the range (reel-counts.ts). */
  counts: ReelCounts;
  /** A place in a reel, in searchable chars from its start, at or before its first hit. */
  firstAt(reel: number): number | undefined;
  /**
   * Where a reel's first SNIPPETS_PER_REEL snippet windows are, where the index can tell (for one
   * phrase): the text its snippets need lies within them.
   */
  windows(reel: number): readonly SnippetWindow[] | undefined;
};

/**
 * A snippet window, in searchable chars from the reel's start: from its first hit to SNIPPET_CONTEXT
 * chars past the last hit it takes in (every hit starting inside it, as contract/search-snippets.ts
 * cuts them).
 */
export type SnippetWindow = { firstHit: number; end: number };

/** Counts whose places are told by first hits alone. */
export function countsOf(counts: ReelCounts, firstAt: Map<number, number>): PhraseCounts {
  return { counts, firstAt: (reel) => firstAt.get(reel), windows: () => undefined };
}

/** The reels counted by any of `parts` (different phrases), their places added. */
export function eitherPhrase(parts: readonly PhraseCounts[]): PhraseCounts {
  if (parts.length === 1) return parts[0] as PhraseCounts;
  return {
    counts: parts.reduce((sum, part) => eitherReels(sum, part.counts), NO_REELS),
    firstAt: (reel) => earliest(parts.map((part) => part.firstAt(reel))),
    windows: () => undefined,
  };
}

/** The reels counted by both terms, their hits added; their windows are not known. */
export function bothTerms(a: PhraseCounts, b: PhraseCounts): PhraseCounts {
  return {
    counts: bothReels(a.counts, b.counts),
    firstAt: (reel) => earliest([a.firstAt(reel), b.firstAt(reel)]),
    windows: () => undefined,
  };
}

const earliest = (places: (number | undefined)[]): number | undefined => {
  const known = places.filter((p): p is number => p !== undefined);
  return known.length === 0 ? undefined : Math.min(...known);
};
