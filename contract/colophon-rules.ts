/** The colophon search's fields, orders and page sizes, without zod (the web app imports these). */
/** The search fields, in the order the screen shows them. */
export const PUB_NOTE_SEARCH_FIELDS = [
  "pub_note",
  "reel_name",
  "page_uid",
  "pub_era",
  "pub_address",
  "fundraiser",
  "donor",
  "writer",
  "editor",
  "engraver",
  "director",
  "remark",
] as const;
export type PubNoteSearchField = (typeof PUB_NOTE_SEARCH_FIELDS)[number];

/** The sortable columns; `-` before one sorts it descending. `donate_amount` sorts by its value. */
export const PUB_NOTE_SORT_FIELDS = [
  "reel_name",
  "page_uid",
  "thousand_char",
  "pub_year",
  "char_count",
  "donate_amount",
  "remark",
] as const;
export type PubNoteSortField = (typeof PUB_NOTE_SORT_FIELDS)[number];
export const PUB_NOTE_SORTS = [
  ...PUB_NOTE_SORT_FIELDS,
  ...PUB_NOTE_SORT_FIELDS.map((field) => `-${field}` as const),
] as const;
export type PubNoteSort = (typeof PUB_NOTE_SORTS)[number];

export const PUB_NOTE_PAGE_SIZES = [10, 20, 50, 100] as const;
export const PUB_NOTE_PAGE_SIZE_DEFAULT = 10;
/** Longest search text a field takes. */
export const PUB_NOTE_FILTER_MAX = 200;

/** The pages of a row, first to last, from its image names. */
export function pagesOfPubNote(row: { img_name: string }): string[] {
  return row.img_name.split(",").filter((name) => name !== "");
}
