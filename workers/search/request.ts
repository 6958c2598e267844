/**
 * A search request read the way the server's schema reads it (contract/search.ts `searchBody`):
 * the same defaults and limits, without zod (the worker ships without it). A request the server
 * would refuse with 400 is refused here with the same code.
 */
import { GROUP_NAME_MAX } from "../../contract/personal-rules.ts";
import type { SearchQuery, SearchRequest } from "../../contract/search.ts";
import {
  DEFAULT_SEARCH_MODE,
  DEFAULT_SEARCH_SORT,
  FOLDINGS,
  type Folding,
  isFolding,
  SEARCH_KEYWORD_MAX,
  SEARCH_MODES,
  SEARCH_PAGE_SIZE_DEFAULT,
  SEARCH_PAGE_SIZES,
  SEARCH_SORTS,
  searchTerms,
  TRANS_MODES,
} from "../../contract/search-options.ts";
import { txtTypes } from "../../contract/tripitaka.ts";

export type RequestReading = { ok: true; query: SearchQuery } | { ok: false; code: 400; message: string };

const LIST_LIMITS = { ids: 200, sutras: 1000, groups: 50, authors: 200 } as const;

const choice = <T extends string>(list: readonly T[], value: unknown, fallback: T): T | null =>
  value === undefined ? fallback : (list.find((item) => item === value) ?? null);

const intList = (value: unknown, max: number): number[] | null | undefined => {
  if (value === undefined) return undefined;
  return Array.isArray(value) && value.length <= max && value.every(Number.isInteger) ? value : null;
};

const stringList = (value: unknown, max: number, each: number): string[] | null | undefined => {
  if (value === undefined) return undefined;
  return Array.isArray(value) &&
    value.length <= max &&
    value.every((item) => typeof item === "string" && item.length <= each)
    ? value
    : null;
};

/** `foldings_off`: absent, or at most as many foldings as there are, each one of them. */
const foldingList = (value: unknown): Folding[] | null | undefined => {
  if (value === undefined) return undefined;
  return Array.isArray(value) && value.length <= FOLDINGS.length && value.every(isFolding) ? value : null;
};

export function readRequest(request: SearchRequest): RequestReading {
  const bad = (message: string): RequestReading => ({ ok: false, code: 400, message });
  const keyword = typeof request.keyword === "string" ? request.keyword.trim() : "";
  if (searchTerms(keyword).length === 0) return bad("keyword: the keyword is required");
  if (keyword.length > SEARCH_KEYWORD_MAX) return bad(`keyword: at most ${SEARCH_KEYWORD_MAX} characters`);
  const search_mode = choice(SEARCH_MODES, request.search_mode, DEFAULT_SEARCH_MODE);
  const txt_type = choice(txtTypes, request.txt_type, "std_txt");
  const trans_mode = choice(TRANS_MODES, request.trans_mode, "uni2default");
  // The spec's `sortCond` is read as `sort_by`, as the server reads it (contract/spec-names.ts).
  const sortCond = (request as { sortCond?: unknown }).sortCond;
  if (sortCond !== undefined && request.sort_by !== undefined && sortCond !== request.sort_by)
    return bad("sortCond and sort_by are one parameter, given two values: give one of them");
  const sort_by = choice(SEARCH_SORTS, request.sort_by ?? sortCond, DEFAULT_SEARCH_SORT);
  if (!search_mode || !txt_type || !trans_mode || !sort_by) return bad("an option is not one of its choices");
  const page_no = request.page_no ?? 1;
  if (!Number.isInteger(page_no) || page_no < 1) return bad("page_no: a whole number from 1");
  const page_size = request.page_size ?? SEARCH_PAGE_SIZE_DEFAULT;
  if (!(SEARCH_PAGE_SIZES as readonly number[]).includes(page_size))
    return bad("page_size must be 10, 20, 50 or 100");
  const categories = intList(request.categories, LIST_LIMITS.ids);
  const dynasties = intList(request.dynasties, LIST_LIMITS.ids);
  const sutra_uids = stringList(request.sutra_uids, LIST_LIMITS.sutras, 64);
  const authors = stringList(request.authors, LIST_LIMITS.authors, 100);
  const groups = stringList(request.sutra_group_names, LIST_LIMITS.groups, Number.POSITIVE_INFINITY);
  const sutra_group_names = groups?.map((name) => name.trim());
  if (
    categories === null ||
    dynasties === null ||
    sutra_uids === null ||
    authors === null ||
    groups === null ||
    sutra_group_names?.some((name) => name.length < 1 || name.length > GROUP_NAME_MAX)
  )
    return bad("a filter list is malformed or too long");
  const foldings_off = foldingList(request.foldings_off);
  if (foldings_off === null) return bad(`foldings_off: each one of ${FOLDINGS.join(", ")}`);
  const in_readings = request.in_readings ?? false;
  if (typeof in_readings !== "boolean") return bad("in_readings: true or false");
  return {
    ok: true,
    query: {
      keyword,
      search_mode,
      txt_type,
      trans_mode,
      categories,
      sutra_uids,
      sutra_group_names,
      authors,
      dynasties,
      page_no,
      page_size,
      sort_by,
      foldings_off,
      in_readings,
    },
  };
}
