/** The search index of a canon's database: SQLite's or PostgreSQL's (phrase-counts.ts). */
import type { CanonDb } from "../../db/connect.ts";
import type { SearchIndex } from "./phrase-counts.ts";
import { postgresSearchIndex } from "./postgres-index.ts";
import { sqliteSearchIndex } from "./sqlite-index.ts";

export {
  bothTerms,
  countsOf,
  eitherPhrase,
  type PhraseCounts,
  type SearchIndex,
  type SnippetWindow,
} from "./phrase-counts.ts";

export function searchIndexOf(canon: CanonDb): SearchIndex {
  return canon.dialect === "sqlite" ? sqliteSearchIndex(canon.db) : postgresSearchIndex(canon.db);
}
