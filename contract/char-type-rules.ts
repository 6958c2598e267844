/** The char-type list's page size, filters, flags and orders, without zod (the web app imports these). */
/** Spec section 9: the char type list shows 10 a page. */
export const CHAR_TYPE_PAGE_SIZE = 10;
/** The font name the glyph addresses carry (the dynamic font's, see contract/font-chars.ts). */
export const CHAR_TYPE_FONT_NAME = "NotoSerifSC";
/** Longest text filter taken; a filter matches a whole character, so a longer one matches nothing. */
export const CHAR_TYPE_FILTER_MAX = 200;

export const CHAR_TYPE_TEXT_FILTERS = ["ori_txt", "uni_txt", "std_txt", "sim_txt"] as const;
export type CharTypeTextFilter = (typeof CHAR_TYPE_TEXT_FILTERS)[number];
export const CHAR_TYPE_FLAGS = ["is_manual", "is_deform"] as const;
export type CharTypeFlag = (typeof CHAR_TYPE_FLAGS)[number];

/** Ordering by ori_txt is by code point; a leading minus sorts descending. */
export const CHAR_TYPE_SORTS = ["-frequency", "frequency", "ori_txt", "-ori_txt"] as const;
export type CharTypeSort = (typeof CHAR_TYPE_SORTS)[number];
export const DEFAULT_CHAR_TYPE_SORT: CharTypeSort = "-frequency";

/** The dynamic-font address that draws `char`: what `img_url` holds when a site font has it. */
export function charGlyphUrl(tripitakaUid: string, char: string): string {
  const query = new URLSearchParams({ font_name: CHAR_TYPE_FONT_NAME, chars: char });
  return `/v1/tripitaka/${encodeURIComponent(tripitakaUid)}/char/dynamic_font?${query}`;
}
