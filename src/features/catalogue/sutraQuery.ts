/**
 * The catalogue search's state (keyword, advanced filters, page, page size, sort) and the
 * sutra/list request it makes.
 */
import type { SutraListRequest } from "../../../contract/canon.ts";
import { sutraSorts } from "../../../contract/sutra-list-options.ts";
import { DEFAULT_PAGE_SIZE, type PageSize } from "../../ui/pagination.ts";

export type SutraSort = (typeof sutraSorts)[number];
export const DEFAULT_SORT: SutraSort = "sutra_uid";

export type SutraQuery = {
  keyword: string;
  /** The advanced filters show. */
  advanced: boolean;
  sutraName: string;
  /** A custom group's name; "" for all sutras. */
  group: string;
  dynastyId: number | null;
  categoryId: number | null;
  authorId: number | null;
  pageNo: number;
  pageSize: PageSize;
  sortBy: SutraSort;
};

export const INITIAL_QUERY: SutraQuery = {
  keyword: "",
  advanced: false,
  sutraName: "",
  group: "",
  dynastyId: null,
  categoryId: null,
  authorId: null,
  pageNo: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  sortBy: DEFAULT_SORT,
};

export type Filters = Pick<
  SutraQuery,
  "keyword" | "sutraName" | "group" | "dynastyId" | "categoryId" | "authorId"
>;

export function asSort(value: string): SutraSort {
  return sutraSorts.find((sort) => sort === value) ?? DEFAULT_SORT;
}

/** New filters start again from page 1. */
export function withFilters(query: SutraQuery, filters: Partial<Filters>): SutraQuery {
  return { ...query, ...filters, pageNo: 1 };
}

/** Clear empties the keyword and every filter; page size, sort and the advanced toggle stay. */
export function clearFilters(query: SutraQuery): SutraQuery {
  return { ...INITIAL_QUERY, advanced: query.advanced, pageSize: query.pageSize, sortBy: query.sortBy };
}

export function hasFilters(query: SutraQuery): boolean {
  return (
    query.keyword !== "" ||
    query.sutraName !== "" ||
    query.group !== "" ||
    query.dynastyId !== null ||
    query.categoryId !== null ||
    query.authorId !== null
  );
}

/**
 * The request body. Filters behind a closed advanced panel still apply (they show as set when it
 * opens again); the group filter only for a signed-in reader; pins first for a signed-in reader.
 */
export function toListRequest(query: SutraQuery, signedIn: boolean): SutraListRequest {
  const keyword = query.keyword.trim();
  const sutraName = query.sutraName.trim();
  return {
    page_no: query.pageNo,
    page_size: query.pageSize,
    sort_by: query.sortBy,
    ...(keyword ? { keyword } : {}),
    ...(sutraName ? { sutra_name: sutraName } : {}),
    ...(query.group && signedIn ? { sutra_group_names: [query.group] } : {}),
    ...(query.dynastyId !== null ? { dynasty_ids: [query.dynastyId] } : {}),
    ...(query.categoryId !== null ? { category_ids: [query.categoryId] } : {}),
    ...(query.authorId !== null ? { author_ids: [query.authorId] } : {}),
    ...(signedIn ? { pinned_first: true } : {}),
  };
}
