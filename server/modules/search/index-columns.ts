/**
 * The shape of the search index (index-writer.ts): the text forms it holds, in the order its rows
 * give them, and the document id ranges of tripitakas (slot × 2³² + n).
 */
export const INDEX_COLUMNS = ["ori", "std", "sim"] as const;
export type IndexColumn = (typeof INDEX_COLUMNS)[number];

/** A reel's searchable text per indexed text form. */
export type ReelText = Record<IndexColumn, string>;

const SLOT_SPAN = 2 ** 32;

export type IdRange = { lo: number; hi: number };

export const idRangeOfSlot = (slot: number): IdRange => ({
  lo: slot * SLOT_SPAN,
  hi: (slot + 1) * SLOT_SPAN - 1,
});
