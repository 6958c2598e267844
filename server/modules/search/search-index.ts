/** What a search asks of the index, on SQLite and on PostgreSQL alike. */
import type { CanonDb } from "../../db/connect.ts";
import type { IdRange, IndexColumn } from "./index-writer.ts";
import { postgresSearchIndex } from "./postgres-index.ts";
import { sqliteSearchIndex } from "./sqlite-index.ts";

export type SearchIndex = {
  /**
   * Which of `grams` occur in a column: a bigram as a token, a single char as the first char of
   * a token. A gram that does not occur cannot be part of a hit.
   */
  existing(column: IndexColumn, grams: readonly string[]): Promise<Set<string>>;
  /**
   * Places each phrase (as chars) occurs, summed per reel id within `range`. The phrases must be
   * different strings of the same length, so no place is counted twice.
   */
  count(column: IndexColumn, phrases: readonly (readonly string[])[], range: IdRange): Promise<PhraseCounts>;
};

export type PhraseCounts = {
  /** Places per reel id. */
  hits: Map<number, number>;
  /**
   * A place in a reel, in searchable chars from its start, at or before its first hit: the hit's
   * own on SQLite, the start of the chunk holding it on PostgreSQL.
   */
  firstAt(id: number): number | undefined;
  /**
   * Where a reel's first SNIPPETS_PER_REEL snippet windows are, where the index can tell (SQLite's,
   * for one phrase): the text its snippets need lies within them.
   */
  windows(id: number): readonly SnippetWindow[] | undefined;
};

/**
 * A snippet window, in searchable chars from the reel's start: from its first hit to SNIPPET_CONTEXT
 * chars past the last hit it takes in (every hit starting inside it, as contract/search-snippets.ts
 * cuts them).
 */
export type SnippetWindow = { firstHit: number; end: number };

/** Counts whose places are told by first hits alone. */
export function countsOf(hits: Map<number, number>, firstAt: Map<number, number>): PhraseCounts {
  return { hits, firstAt: (id) => firstAt.get(id), windows: () => undefined };
}

export function searchIndexOf(canon: CanonDb): SearchIndex {
  return canon.dialect === "sqlite" ? sqliteSearchIndex(canon.db) : postgresSearchIndex(canon.db);
}
