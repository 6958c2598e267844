/**
 * The character type screen's one-second guard (spec section 2): a search loads its rows at once
 * and then writes its query to the address; the address changing to that query within a second
 * does not load them a second time. Any other change of the address (paging, order, back and
 * forward, a link) loads the rows it names.
 */

export const SEARCH_GUARD_MS = 1000;

export type ListQuery = Record<string, string | number>;

/** What the screen last asked the server for: the query, its printed form and how it was made. */
export type IssuedQuery = {
  query: ListQuery;
  printed: string;
  /** Counts the loads, so a search repeating the shown query still loads it again. */
  round: number;
  /** When a search issued it (ms); null when the address did. */
  searchedAt: number | null;
};

export const printQuery = (query: ListQuery): string => JSON.stringify(query);

export function addressIssue(query: ListQuery, round: number): IssuedQuery {
  return { query, printed: printQuery(query), round, searchedAt: null };
}

export function searchIssue(query: ListQuery, round: number, now: number): IssuedQuery {
  return { query, printed: printQuery(query), round, searchedAt: now };
}

/** Whether the address now naming `printed` loads again, given what was issued last. */
export function reloadsOnAddress(issued: IssuedQuery, printed: string, now: number): boolean {
  if (issued.printed !== printed) return true;
  return issued.searchedAt !== null && now - issued.searchedAt >= SEARCH_GUARD_MS;
}

/** The load key of an issued query: a new round or a new query loads. */
export const issueKey = (issued: IssuedQuery): string => `${issued.printed}#${issued.round}`;
