/**
 * The news list's query (spec sections 2 and 9): `page_no` from 1 and `page_size` one of 10, 20,
 * 50 and 100, each left out of the address at its default (page 1, 10 a page).
 */
import type { SearchSchemaInput } from "@tanstack/react-router";
import { ARTICLE_PAGE_SIZE } from "../../../contract/article-rules.ts";
import { asPageSize, type PageSize } from "../../ui/pagination.ts";

export type NewsSearch = { page_no: number; page_size: PageSize };
export type PrintedNewsSearch = { page_no?: number; page_size?: PageSize };

const DEFAULT_SIZE = asPageSize(ARTICLE_PAGE_SIZE);

/** A number or the text of one, as the router parsed it from the address; NaN for anything else. */
const numberOf = (value: unknown): number =>
  typeof value === "number" || typeof value === "string" ? Number(value) : Number.NaN;

function positiveInt(value: unknown): number | null {
  const n = numberOf(value);
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}

export function parseNewsSearch(search: Record<string, unknown>): NewsSearch {
  return {
    page_no: positiveInt(search.page_no) ?? 1,
    page_size: asPageSize(numberOf(search.page_size), DEFAULT_SIZE),
  };
}

export function printNewsSearch(search: NewsSearch): PrintedNewsSearch {
  const printed: PrintedNewsSearch = {};
  if (search.page_no !== 1) printed.page_no = search.page_no;
  if (search.page_size !== DEFAULT_SIZE) printed.page_size = search.page_size;
  return printed;
}

/** The route's validator: the address keeps only valid values, defaults left out. */
export const validateNewsSearch = (search: PrintedNewsSearch & SearchSchemaInput): PrintedNewsSearch =>
  printNewsSearch(parseNewsSearch(search));
