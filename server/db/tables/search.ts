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
 * A segment's tokens, one or more consecutive ones of a char (server/modules/search/
 * posting-groups.ts): keyed by the segment and the first token's code points, each form's column
 * holding the tokens' lists (posting-list-bytes.ts).
 */
export interface SearchPostingTable {
  k: number;
  /** Null where the form lacks every token of the row. */
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
