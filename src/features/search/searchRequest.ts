/**
 * The body the search page sends to `POST .../search`, and the part of it that makes a new search
 * (keyword, mode, foldings, text and sutra scope) as opposed to another page, sort or filter of the
 * same one.
 */
import type { SearchRequest } from "../../../contract/search.ts";
import { DEFAULT_SEARCH_SORT, searchTerms, type TransMode } from "../../../contract/search-options.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import type { SearchParams } from "./searchParams.ts";

export type TextChoice = { txtType: TxtType; transMode: TransMode };

/** A keyword the server accepts: at least one term once split on whitespace. */
export const canSearch = (params: SearchParams): boolean => searchTerms(params.keyword).length > 0;

/** Sorting applies in exact mode only; fuzzy results come by relevance (spec section 4). */
export const effectiveSort = (params: SearchParams) =>
  params.mode === "exact" ? params.sort : DEFAULT_SEARCH_SORT;

function scope(params: SearchParams, text: TextChoice) {
  return {
    keyword: params.keyword,
    search_mode: params.mode,
    txt_type: text.txtType,
    trans_mode: text.transMode,
    ...(params.sutra_uids.length > 0 ? { sutra_uids: params.sutra_uids } : {}),
    ...(params.mode === "fuzzy" && params.foldings_off.length > 0
      ? { foldings_off: params.foldings_off }
      : {}),
  };
}

export function toSearchRequest(params: SearchParams, text: TextChoice, signedIn: boolean): SearchRequest {
  return {
    ...scope(params, text),
    ...(params.category_ids.length > 0 ? { categories: params.category_ids } : {}),
    ...(params.dynasty_ids.length > 0 ? { dynasties: params.dynasty_ids } : {}),
    ...(params.author_names.length > 0 ? { authors: params.author_names } : {}),
    ...(signedIn && params.sutra_groups.length > 0 ? { sutra_group_names: params.sutra_groups } : {}),
    ...(params.in_readings ? { in_readings: true } : {}),
    page_no: params.page_no,
    page_size: params.page_size,
    sort_by: effectiveSort(params),
  };
}

/** What the filter panel's statistics depend on besides its own filters: a change means new statistics. */
export function statsScope(params: SearchParams, text: TextChoice): SearchRequest {
  return scope(params, text);
}
