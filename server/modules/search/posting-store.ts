/**
 * What differs between the databases in the search index's tables (posting-segments.ts,
 * posting-index.ts): how a segment's rows are written, keyed, dropped and read. Both hold
 *   search_segment (id, slot, sutra_uid, reel_hi, reels)
 *   search_posting: a row per token and segment with the token's lists of the three forms (ori,
 *     std, sim), keyed so that the tokens of a segment, and those a char starts, are one range of
 *     the key in code point order.
 * PostgreSQL (postgres-posting-store.ts) keys the rows by (slot, seg, gram); SQLite
 * (sqlite-posting-store.ts) by one integer made of the segment and the token's code points.
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
  writeRows(db: Db, slot: number, seg: number, postings: Postings, frozen: boolean): Promise<void>;
  /**
   * Runs `fill`, which writes every row of an empty search_posting, in the caller's transaction,
   * in the way that suits the database; `fill` is told whether its rows may go in frozen.
   */
  fillEmpty(db: Db, fill: (frozen: boolean) => Promise<void>): Promise<void>;
  /** Drops the rows of the segments of the given ids. */
  dropSegments(db: Db, slot: number, ids: readonly number[]): Promise<void>;
  /** The lists in a form of any of `grams`, in each segment of the slot that holds them. */
  lists(db: Db, column: IndexColumn, slot: number, grams: readonly string[]): Promise<PostingRow[]>;
  /** The lists in a form of every token starting with the char `ch`, in each segment of the slot. */
  prefixLists(db: Db, column: IndexColumn, slot: number, ch: string): Promise<PostingRow[]>;
  /**
   * Which of `grams` some segment holds in a form: a bigram as a token, a single char as the first
   * char of a token.
   */
  existing(db: Db, column: IndexColumn, grams: readonly string[]): Promise<Set<string>>;
};

/** Above every char: a token starting with `ch` sorts from `ch` to `ch` + this. */
export const LAST_CHAR = String.fromCodePoint(0x10ffff);

/** The gram of a row written by Postings.write (second 0: a char alone). */
export const gramOf = (first: number, second: number): string =>
  second === 0 ? String.fromCodePoint(first) : String.fromCodePoint(first, second);
