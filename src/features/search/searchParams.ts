/**
 * The search page's query (spec section 2): keyword, mode, page_no, page_size, sort, category_ids,
 * sutra_uids, sutra_groups, author_names, dynasty_ids and txt_type, the foldings of fuzzy
 * search switched off (foldings_off), and whether the other editions' readings are searched too
 * (in_readings, written `1`). `parseSearchParams` is the
 * route's validator: it takes whatever the router parsed from the address (strings, numbers,
 * arrays) and keeps only valid values. `printSearchParams` gives the router's search object with
 * the defaults left out (page 1, page size 20, fuzzy mode, relevance sort, empty lists).
 */
import type { SearchSchemaInput } from "@tanstack/react-router";
import {
  DEFAULT_SEARCH_MODE,
  DEFAULT_SEARCH_SORT,
  type Folding,
  isFolding,
  SEARCH_KEYWORD_MAX,
  SEARCH_MODES,
  SEARCH_PAGE_SIZE_DEFAULT,
  SEARCH_PAGE_SIZES,
  SEARCH_SORTS,
  type SearchMode,
  type SearchSort,
  sortedFoldings,
} from "../../../contract/search-options.ts";
import { type TxtType, txtTypes } from "../../../contract/tripitaka.ts";

export type SearchPageSize = (typeof SEARCH_PAGE_SIZES)[number];

export type SearchParams = {
  /** Trimmed, at most 500 characters; "" when there is nothing to search. */
  keyword: string;
  mode: SearchMode;
  page_no: number;
  page_size: SearchPageSize;
  sort: SearchSort;
  category_ids: number[];
  sutra_uids: string[];
  sutra_groups: string[];
  author_names: string[];
  dynasty_ids: number[];
  /** The text type asked for in the address; null when absent or unknown. */
  txt_type: TxtType | null;
  /** Foldings of fuzzy search switched off, in FOLDINGS order. */
  foldings_off: Folding[];
  /** Also search the other editions' readings (contract/search-readings.ts). */
  in_readings: boolean;
};

export const EMPTY_SEARCH: SearchParams = {
  keyword: "",
  mode: DEFAULT_SEARCH_MODE,
  page_no: 1,
  page_size: SEARCH_PAGE_SIZE_DEFAULT,
  sort: DEFAULT_SEARCH_SORT,
  category_ids: [],
  sutra_uids: [],
  sutra_groups: [],
  author_names: [],
  dynasty_ids: [],
  txt_type: null,
  foldings_off: [],
  in_readings: false,
};

const LIST_MAX = 200;

/** A scalar the router parsed: numbers and booleans back to the text that was typed. */
function text(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "boolean") return String(value);
  return null;
}

const oneOf = <T extends string>(choices: readonly T[], value: unknown): T | undefined =>
  choices.find((choice) => choice === text(value));

/** Array items, or one value; `split` also cuts comma-joined text typed into an address by hand. */
function items(value: unknown, split: boolean): string[] {
  const raw = Array.isArray(value) ? value : [value];
  const found = raw
    .map(text)
    .filter((item): item is string => item !== null)
    .flatMap((item) => (split ? item.split(",") : [item]))
    .map((item) => item.trim())
    .filter((item) => item !== "");
  return [...new Set(found)].slice(0, LIST_MAX);
}

const ids = (value: unknown): number[] =>
  items(value, true)
    .filter((item) => /^-?\d+$/u.test(item))
    .map(Number);

function positiveInt(value: unknown): number | null {
  const n = Number(text(value));
  return Number.isInteger(n) && n >= 1 ? n : null;
}

export function parseSearchParams(search: Record<string, unknown>): SearchParams {
  const pageSize = positiveInt(search.page_size);
  return {
    keyword: (text(search.keyword) ?? "").trim().slice(0, SEARCH_KEYWORD_MAX),
    mode: oneOf(SEARCH_MODES, search.mode) ?? DEFAULT_SEARCH_MODE,
    page_no: positiveInt(search.page_no) ?? 1,
    page_size: SEARCH_PAGE_SIZES.find((size) => size === pageSize) ?? SEARCH_PAGE_SIZE_DEFAULT,
    sort: oneOf(SEARCH_SORTS, search.sort) ?? DEFAULT_SEARCH_SORT,
    category_ids: ids(search.category_ids),
    sutra_uids: items(search.sutra_uids, true),
    sutra_groups: items(search.sutra_groups, false),
    author_names: items(search.author_names, false),
    dynasty_ids: ids(search.dynasty_ids),
    txt_type: oneOf(txtTypes, search.txt_type) ?? null,
    foldings_off: sortedFoldings(items(search.foldings_off, true).filter(isFolding)),
    in_readings: ["1", "true"].includes(text(search.in_readings) ?? ""),
  };
}

export type PrintedSearch = Partial<Record<keyof SearchParams, string | number | string[] | number[]>>;

/**
 * The route's validator. The router writes what it returns back into the address, so it returns
 * the printed form (defaults left out); the page reads the full query with `parseSearchParams`.
 */
export const validateSearchParams = (search: PrintedSearch & SearchSchemaInput): PrintedSearch =>
  printSearchParams(parseSearchParams(search));

/** The router's search object for `params`: defaults and empty values left out. */
export function printSearchParams(params: SearchParams): PrintedSearch {
  const printed: PrintedSearch = {};
  if (params.keyword !== "") printed.keyword = params.keyword;
  if (params.mode !== DEFAULT_SEARCH_MODE) printed.mode = params.mode;
  if (params.page_no !== 1) printed.page_no = params.page_no;
  if (params.page_size !== SEARCH_PAGE_SIZE_DEFAULT) printed.page_size = params.page_size;
  if (params.sort !== DEFAULT_SEARCH_SORT) printed.sort = params.sort;
  const lists = [
    "category_ids",
    "sutra_uids",
    "sutra_groups",
    "author_names",
    "dynasty_ids",
    "foldings_off",
  ] as const;
  for (const key of lists) {
    if (params[key].length > 0) printed[key] = params[key];
  }
  if (params.txt_type !== null) printed.txt_type = params.txt_type;
  if (params.in_readings) printed.in_readings = 1;
  return printed;
}

export const asSort = (value: string): SearchSort =>
  SEARCH_SORTS.find((sort) => sort === value) ?? DEFAULT_SEARCH_SORT;

/** A new keyword, mode or scope: back to page 1 (spec section 4). */
export function withSearch(params: SearchParams, patch: Partial<SearchParams>): SearchParams {
  return { ...params, ...patch, page_no: patch.page_no ?? 1 };
}
