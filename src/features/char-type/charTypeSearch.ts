/**
 * The character type screen's query in the address (spec sections 2 and 9): the four text
 * filters, yes/no for is_manual and is_deform, sort_by, page_no and page_size (10 by default).
 * The flags read `yes` and `no` in the address (the router would quote a text "true") and go to
 * the server as true and false.
 */
import {
  CHAR_TYPE_FLAGS,
  CHAR_TYPE_SORTS,
  DEFAULT_CHAR_TYPE_SORT,
} from "../../../contract/char-type-rules.ts";
import { type ListShape, listSearchValidator } from "../list-screen/listSearch.ts";

export const FLAG_CHOICES = ["yes", "no"] as const;
export type FlagChoice = (typeof FLAG_CHOICES)[number];

const filters = {
  ori_txt: "text",
  uni_txt: "text",
  std_txt: "text",
  sim_txt: "text",
  is_manual: FLAG_CHOICES,
  is_deform: FLAG_CHOICES,
} as const;

export const CHAR_TYPE_LIST: ListShape<typeof filters> = {
  filters,
  sorts: CHAR_TYPE_SORTS,
  defaultSort: DEFAULT_CHAR_TYPE_SORT,
};

export const CHAR_TYPE_COLUMN_IDS = [
  "image",
  "ori_txt",
  "uni_txt",
  "std_txt",
  "sim_txt",
  "is_manual",
  "is_deform",
  "frequency",
] as const;
export type CharTypeColumnId = (typeof CHAR_TYPE_COLUMN_IDS)[number];
export const CHAR_TYPE_COLUMNS_KEY = "canon-reader.columns.char-type";

export const validateCharTypeSearch = listSearchValidator(CHAR_TYPE_LIST);

/** The char image screen for a character's original text (opened in a new tab). */
export function charImageHref(tripitakaUid: string, oriTxt: string): string {
  return `/${encodeURIComponent(tripitakaUid)}/char-image?${new URLSearchParams({ ot: oriTxt })}`;
}

/** The list call's query from the screen's: the flags as true or false. */
export function charTypeApiQuery(query: Record<string, string | number>): Record<string, string | number> {
  const sent = { ...query };
  for (const flag of CHAR_TYPE_FLAGS) {
    const value = sent[flag];
    if (value !== undefined) sent[flag] = value === "yes" ? "true" : "false";
  }
  return sent;
}
