/** The full-canon search index (server/modules/search). */
import type { Generated } from "kysely";

/** Full-canon search (server/modules/search): a slot per indexed tripitaka, so reel ids group by it. */
export interface SearchTripitakaTable {
  uid: string;
  slot: number;
  /** Counts the changes to the tripitaka's index, so what is kept of it knows when it is stale. */
  version: Generated<number>;
}

/** One indexed reel; `id` is the index's document id: slot × 2³² + a number within the slot. */
export interface SearchReelTable {
  id: number;
  reel_uid: string;
  sutra_uid: string;
  tripitaka_uid: string;
  /** Searchable chars of each of the reel's lines (server/modules/search/line-chars.ts). */
  line_chars: Buffer | null;
}

/** A segment of the positional search index (posting-segments.ts). */
export interface SearchSegmentTable {
  id: Generated<number>;
  slot: number;
  /** The sutra whose own segment it is; null for a bulk segment of the slot. */
  sutra_uid: string | null;
  /** The highest reel id the segment stands for: later reels get higher ids. */
  reel_hi: number;
  reels: number;
}

/**
 * A token's posting lists in one segment (posting-lists.ts; stored as posting-list-bytes.ts writes
 * them), as PostgreSQL keys them. SQLite keys the same rows by one integer instead of slot, seg and
 * gram; only server/modules/search/sqlite-posting-store.ts reads or writes them there.
 */
export interface SearchPostingTable {
  gram: string;
  slot: number;
  seg: number;
  /** Null where the form lacks the token; empty where the list equals std's. */
  ori: Buffer | null;
  std: Buffer | null;
  sim: Buffer | null;
}

export interface SearchTables {
  search_tripitaka: SearchTripitakaTable;
  search_reel: SearchReelTable;
  search_segment: SearchSegmentTable;
  search_posting: SearchPostingTable;
}
