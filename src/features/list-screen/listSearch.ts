/**
 * The query of an admin list screen, kept in the address (spec sections 2, 7, 9): its filters,
 * `sort_by`, `page_no` and `page_size`. A screen declares its filters: free text, a site date
 * (YYYY-MM-DD), a wall-clock time (YYYY-MM-DD HH:mm:ss), a row id, one of a set of values, or
 * several of them (comma-joined). What the router parsed from the address (strings, or numbers
 * and booleans when the text looked like one) is read back into trimmed texts; values that are
 * not allowed are dropped. Defaults and empty values are left out of the address and out of the
 * request.
 *
 * A screen may also declare views, choices that apply at once rather than through the search
 * button (a tab, a grouping; the first value of each is its default), and a second pager
 * (`page_no_group`, `page_size_group`) for a tab of groups.
 */
import { siteDayStart } from "../../../contract/site-dates.ts";
import { asPageSize, DEFAULT_PAGE_SIZE, type PageSize } from "../../ui/pagination.ts";
import { isWallTime } from "./wallTime.ts";

/** Several of a set of values, kept comma-joined in the order the set lists them. */
export type SeveralKind = { readonly several: readonly string[] };
/**
 * Free text, a date (YYYY-MM-DD), a wall-clock time (YYYY-MM-DD HH:mm:ss), a row id, the values a
 * choice filter allows, or several of them.
 */
export type FilterKind = "text" | "date" | "datetime" | "id" | readonly string[] | SeveralKind;
export type FilterSpec = Record<string, FilterKind>;
export type FilterValues<Spec extends FilterSpec> = { [Key in keyof Spec]: string };

/** Each view's values, its default first. */
export type ViewSpec = Record<string, readonly [string, ...string[]]>;
export type NoViews = Record<never, readonly [string, ...string[]]>;
export type ViewValues<Views extends ViewSpec> = { [Key in keyof Views]: Views[Key][number] };

export type ListShape<Spec extends FilterSpec, Views extends ViewSpec = NoViews> = {
  filters: Spec;
  /** The sort_by values the list offers; empty when it has no sorting. */
  sorts: readonly string[];
  /** The order when the address names none ("" for the server's own). */
  defaultSort: string;
  /** Choices applied at once (a tab, a grouping); none when absent. */
  views?: Views;
  /** The default page size of a second pager (page_no_group, page_size_group); none when absent. */
  groupPageSize?: PageSize;
};

export type ListSearch<Spec extends FilterSpec> = {
  filters: FilterValues<Spec>;
  sort_by: string;
  page_no: number;
  page_size: PageSize;
};

/** Longest text a free-text filter keeps. */
const TEXT_MAX = 200;
const ROW_ID = /^[1-9]\d{0,9}$/;

function text(value: unknown): string {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "boolean") return String(value);
  return "";
}

function positiveInt(value: unknown): number | null {
  const n = Number(text(value));
  return Number.isInteger(n) && n >= 1 ? n : null;
}

export function emptyFilters<Spec extends FilterSpec>(spec: Spec): FilterValues<Spec> {
  const values: Record<string, string> = {};
  for (const key of Object.keys(spec)) values[key] = "";
  return values as FilterValues<Spec>;
}

export const isSeveral = (kind: FilterKind): kind is SeveralKind =>
  typeof kind === "object" && "several" in kind;

/** A filter's value if the list allows it, else "". */
export function filterValue(kind: FilterKind, value: unknown): string {
  const typed = text(value);
  if (kind === "text") return Array.from(typed).slice(0, TEXT_MAX).join("");
  if (kind === "date") return siteDayStart(typed) === null ? "" : typed;
  if (kind === "datetime") return isWallTime(typed) ? typed : "";
  if (kind === "id") return ROW_ID.test(typed) ? typed : "";
  if (isSeveral(kind)) {
    const chosen = typed.split(",").map((item) => item.trim());
    return kind.several.filter((allowed) => chosen.includes(allowed)).join(",");
  }
  return kind.includes(typed) ? typed : "";
}

export function readListSearch<Spec extends FilterSpec>(
  shape: ListShape<Spec>,
  raw: Record<string, unknown>,
): ListSearch<Spec> {
  const filters = emptyFilters(shape.filters) as Record<string, string>;
  for (const [key, kind] of Object.entries(shape.filters)) filters[key] = filterValue(kind, raw[key]);
  const sort = text(raw.sort_by);
  return {
    filters: filters as FilterValues<Spec>,
    sort_by: shape.sorts.includes(sort) ? sort : shape.defaultSort,
    page_no: positiveInt(raw.page_no) ?? 1,
    page_size: asPageSize(raw.page_size),
  };
}

export type PrintedListSearch = Record<string, string | number>;

/** The address's query: defaults and empty filters left out. */
export function printListSearch<Spec extends FilterSpec>(
  shape: ListShape<Spec>,
  search: ListSearch<Spec>,
): PrintedListSearch {
  const printed: PrintedListSearch = {};
  for (const [key, value] of Object.entries(search.filters)) if (value !== "") printed[key] = value;
  if (search.sort_by !== shape.defaultSort && search.sort_by !== "") printed.sort_by = search.sort_by;
  if (search.page_no !== 1) printed.page_no = search.page_no;
  if (search.page_size !== DEFAULT_PAGE_SIZE) printed.page_size = search.page_size;
  return printed;
}

/** The views and the second pager of a shape that declares them. */
export type ListExtras<Views extends ViewSpec> = {
  views: ViewValues<Views>;
  page_no_group: number;
  page_size_group: PageSize;
};

export function readListExtras<Spec extends FilterSpec, Views extends ViewSpec>(
  shape: ListShape<Spec, Views>,
  raw: Record<string, unknown>,
): ListExtras<Views> {
  const views: Record<string, string> = {};
  for (const [key, values] of Object.entries<readonly [string, ...string[]]>(shape.views ?? {})) {
    const typed = text(raw[key]);
    views[key] = values.includes(typed) ? typed : values[0];
  }
  return {
    views: views as ViewValues<Views>,
    page_no_group: shape.groupPageSize ? (positiveInt(raw.page_no_group) ?? 1) : 1,
    page_size_group: asPageSize(raw.page_size_group, shape.groupPageSize ?? DEFAULT_PAGE_SIZE),
  };
}

/** The views and the second pager in the address: defaults left out. */
export function printListExtras<Spec extends FilterSpec, Views extends ViewSpec>(
  shape: ListShape<Spec, Views>,
  extras: ListExtras<Views>,
): PrintedListSearch {
  const printed: PrintedListSearch = {};
  const chosen: Record<string, string> = extras.views;
  for (const [key, values] of Object.entries<readonly [string, ...string[]]>(shape.views ?? {})) {
    const value = chosen[key];
    if (value !== undefined && value !== values[0]) printed[key] = value;
  }
  if (shape.groupPageSize) {
    if (extras.page_no_group !== 1) printed.page_no_group = extras.page_no_group;
    if (extras.page_size_group !== shape.groupPageSize) printed.page_size_group = extras.page_size_group;
  }
  return printed;
}

/** The route's `validateSearch`: the router writes back what it returns, the printed form. */
export function listSearchValidator<Spec extends FilterSpec, Views extends ViewSpec = NoViews>(
  shape: ListShape<Spec, Views>,
) {
  return (raw: Record<string, unknown>): PrintedListSearch => ({
    ...printListSearch(shape, readListSearch(shape, raw)),
    ...printListExtras(shape, readListExtras(shape, raw)),
  });
}

/** The list call's query: empty values removed (spec section 7), page and size always sent. */
export function listRequestQuery<Spec extends FilterSpec>(
  search: ListSearch<Spec>,
): Record<string, string | number> {
  const query: Record<string, string | number> = { page_no: search.page_no, page_size: search.page_size };
  for (const [key, value] of Object.entries(search.filters)) if (value !== "") query[key] = value;
  if (search.sort_by !== "") query.sort_by = search.sort_by;
  return query;
}

/** New filters: back to page 1, the order and page size kept. */
export function withFilters<Spec extends FilterSpec>(
  shape: ListShape<Spec>,
  search: ListSearch<Spec>,
  typed: FilterValues<Spec>,
): ListSearch<Spec> {
  return readListSearch(shape, {
    ...typed,
    sort_by: search.sort_by,
    page_size: search.page_size,
    page_no: 1,
  });
}
