/** The text forms the search index holds (index-writer.ts), in the order its rows give them. */
export const INDEX_COLUMNS = ["ori", "std", "sim"] as const;
export type IndexColumn = (typeof INDEX_COLUMNS)[number];

/** A reel's searchable text per indexed text form. */
export type ReelText = Record<IndexColumn, string>;
