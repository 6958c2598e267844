/** The query of /apply, read when the route is matched (so without the screens' own code). */

/** The query of /apply: `needReApply` (reapply after a rejection) and `redirect` (where to go after sending). */
export type ApplySearch = { needReApply?: 1; redirect?: string };

export function parseApplySearch(search: Record<string, unknown>): ApplySearch {
  const parsed: ApplySearch = {};
  const need = search.needReApply;
  if (need === 1 || need === "1" || need === true || need === "true") parsed.needReApply = 1;
  if (typeof search.redirect === "string" && isSitePath(search.redirect)) parsed.redirect = search.redirect;
  return parsed;
}

/** A path of this site: one leading slash, so `//host` and `https://…` are not followed. */
export const isSitePath = (value: string): boolean => /^\/(?![/\\])/.test(value);
