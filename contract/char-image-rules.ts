/** The char-image lists' page sizes, orders and text filters, without zod (the web app imports these). */
export const CHAR_LIST_PAGE_SIZE = 10;
export const CHAR_GROUP_PAGE_SIZE = 100;
export const CHAR_LIST_SORTS = ["page_uid", "-page_uid", "ot", "-ot", "cc", "-cc"] as const;
export type CharListSort = (typeof CHAR_LIST_SORTS)[number];
/** The filters, and the text form each of the four text filters matches. */
export const CHAR_TEXT_FILTERS = { ot: "ori_txt", ut: "uni_txt", st: "std_txt", mt: "sim_txt" } as const;
export type CharTextFilter = keyof typeof CHAR_TEXT_FILTERS;
