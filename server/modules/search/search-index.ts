/** The search index of a canon's database (posting-index.ts), read and written through its store. */
import type { CanonDb, Dialect } from "../../db/connect.ts";
import type { SearchIndex } from "./phrase-counts.ts";
import { postgresPostingStore } from "./postgres-posting-store.ts";
import { postingSearchIndex } from "./posting-index.ts";
import type { PostingStore } from "./posting-store.ts";
import { sqlitePostingStore } from "./sqlite-posting-store.ts";

export {
  bothTerms,
  countsOf,
  eitherPhrase,
  type PhraseCounts,
  type SearchIndex,
  type SnippetWindow,
} from "./phrase-counts.ts";

/** How the index's rows are written and read on a database. */
export const postingStoreOf = (dialect: Dialect): PostingStore =>
  dialect === "sqlite" ? sqlitePostingStore : postgresPostingStore;

export function searchIndexOf(canon: CanonDb): SearchIndex {
  return postingSearchIndex(canon.db, postingStoreOf(canon.dialect));
}
