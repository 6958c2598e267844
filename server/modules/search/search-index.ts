/** The search index of a canon's database (posting-index.ts), read and written through its store. */
import type { CanonDb, Dialect } from "../../db/connect.ts";
import type { SearchIndex } from "./phrase-counts.ts";
import { postgresPostingStore } from "./postgres-posting-store.ts";
import { postingSearchIndex } from "./posting-index.ts";
import { PostingRowCache } from "./posting-row-cache.ts";
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

const indexOfCanon = new WeakMap<CanonDb, SearchIndex>();

/** The index of a canon's database, one per database opened, with its process's cache of lists. */
export function searchIndexOf(canon: CanonDb): SearchIndex {
  let index = indexOfCanon.get(canon);
  if (!index) {
    index = postingSearchIndex(canon.db, postingStoreOf(canon.dialect), new PostingRowCache());
    indexOfCanon.set(canon, index);
  }
  return index;
}
