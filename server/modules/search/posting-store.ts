/**
 * What differs between the databases in the search index's tables (posting-segments.ts,
 * posting-index.ts): how a segment's rows are written, dropped and read, in the statements each
 * database takes best. The tables are the same on both:
 *   search_segment (id, slot, sutra_uid, reel_hi, reels)
 *   search_posting (k, ori, std, sim): a segment's tokens and their lists in the three forms,
 *     keyed by one integer made of the segment and the first token's code points (posting-groups.ts)
 * PostgreSQL: postgres-posting-store.ts; SQLite: sqlite-posting-store.ts.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { IndexColumn } from "./index-columns.ts";
import type { Postings } from "./posting-lists.ts";

type Db = Kysely<Database>;

/** A token's list in one form and segment, as stored (posting-list-bytes.ts). */
export type PostingRow = { gram: string; seg: number; list: Uint8Array };

export type PostingStore = {
  /** Whether the index's tables are there (the migration adding them has run). */
  ready(db: Db): Promise<boolean>;
  /**
   * Writes the rows of one segment. `frozen`: search_posting was emptied in the caller's
   * transaction (fillEmpty), and the rows may go in frozen.
   */
  writeRows(db: Db, seg: number, postings: Postings, frozen: boolean): Promise<void>;
  /**
   * Runs `fill`, which writes every row of an empty search_posting, in the caller's transaction,
   * in the way that suits the database; `fill` is told whether its rows may go in frozen.
   */
  fillEmpty(db: Db, fill: (frozen: boolean) => Promise<void>): Promise<void>;
  /** Drops the rows of the segments of the given ids. */
  dropSegments(db: Db, ids: readonly number[]): Promise<void>;
  /** The lists in a form of any of `grams`, in each segment of the slot that holds them. */
  lists(db: Db, column: IndexColumn, slot: number, grams: readonly string[]): Promise<PostingRow[]>;
  /** The lists in a form of every token starting with the char `ch`, in each segment of the slot. */
  prefixLists(db: Db, column: IndexColumn, slot: number, ch: string): Promise<PostingRow[]>;
  /**
   * The char `ch`'s counts in a form, in each segment of the slot that holds it: lists of each
   * reel's hits of the char, without places (char-counts.ts).
   */
  charCounts(db: Db, column: IndexColumn, slot: number, ch: string): Promise<PostingRow[]>;
  /**
   * Which of `grams` some segment holds in a form: a bigram as a token, a single char as the first
   * char of a token.
   */
  existing(db: Db, column: IndexColumn, grams: readonly string[]): Promise<Set<string>>;
};

/** The gram of a row written by Postings.write (second 0: a char alone). */
export const gramOf = (first: number, second: number): string =>
  second === 0 ? String.fromCodePoint(first) : String.fromCodePoint(first, second);
