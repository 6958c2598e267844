/**
 * The character image screen's query in the address (spec sections 2 and 9): the four text
 * filters (one character each), page, char number and sutra; sort_by; the tab (list or group),
 * the list's mode (table or cards), the form the groups count by (txt_type) and their order
 * (sort_by_group, most char images first unless chosen); the list's pager (10 a page) and the
 * groups' pager (100 a page).
 */
import {
  CHAR_GROUP_PAGE_SIZE,
  CHAR_GROUP_SORTS,
  CHAR_LIST_SORTS,
  CHAR_TEXT_FILTERS,
  type CharTextFilter,
} from "../../../contract/char-image-rules.ts";
import { type TxtType, txtTypes } from "../../../contract/tripitaka.ts";
import { asPageSize } from "../../ui/pagination.ts";
import { type FilterValues, type ListShape, listSearchValidator } from "../list-screen/listSearch.ts";

const filters = {
  ot: "text",
  ut: "text",
  st: "text",
  mt: "text",
  page_uid: "text",
  char_sn: "text",
  sutra_uid: "text",
} as const;

const views = {
  tab: ["list", "group"],
  mode: ["table", "card"],
  txt_type: txtTypes,
  sort_by_group: CHAR_GROUP_SORTS,
} as const;

export type CharImageFilterSpec = typeof filters;
export type CharImageViews = typeof views;
export type CharImageFilters = FilterValues<CharImageFilterSpec>;

export const CHAR_IMAGE_LIST: ListShape<CharImageFilterSpec, CharImageViews> = {
  filters,
  sorts: CHAR_LIST_SORTS,
  defaultSort: "page_uid",
  views,
  groupPageSize: asPageSize(CHAR_GROUP_PAGE_SIZE),
};

export const TEXT_FILTERS = Object.keys(CHAR_TEXT_FILTERS) as CharTextFilter[];
/** The filters behind "more". */
export const MORE_FILTERS = ["page_uid", "char_sn", "sutra_uid"] as const;

/** The text filter that matches a text form: a group of that form opens the list with it. */
export function filterOfForm(form: TxtType): CharTextFilter {
  const found = TEXT_FILTERS.find((key) => CHAR_TEXT_FILTERS[key] === form);
  if (!found) throw new Error(`no filter for ${form}`);
  return found;
}

/** A text filter holds one character (the list's boxes each hold one). */
export const isOneChar = (text: string): boolean => Array.from(text.trim()).length <= 1;

export const CHAR_IMAGE_COLUMN_IDS = [
  "image",
  "ot",
  "ut",
  "st",
  "mt",
  "page",
  "sn",
  "sutra",
  "sutraName",
  "deform",
  "cc",
] as const;
export type CharImageColumnId = (typeof CHAR_IMAGE_COLUMN_IDS)[number];
export const CHAR_IMAGE_DEFAULT_COLUMNS: readonly CharImageColumnId[] = CHAR_IMAGE_COLUMN_IDS.filter(
  (id) => id !== "cc",
);
export const CHAR_IMAGE_COLUMNS_KEY = "canon-reader.columns.char-image";

export const validateCharImageSearch = listSearchValidator(CHAR_IMAGE_LIST);
