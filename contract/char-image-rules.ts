/** The char-image lists' page sizes, orders and text filters, without zod (the web app imports these). */
export const CHAR_LIST_PAGE_SIZE = 10;
export const CHAR_GROUP_PAGE_SIZE = 100;
export const CHAR_LIST_SORTS = ["page_uid", "-page_uid", "ot", "-ot", "cc", "-cc"] as const;
export type CharListSort = (typeof CHAR_LIST_SORTS)[number];
/** The group view's orders: by how many boxes hold the character (most first by default), or by it. */
export const CHAR_GROUP_SORTS = ["-count", "count", "txt", "-txt"] as const;
export type CharGroupSort = (typeof CHAR_GROUP_SORTS)[number];
/** The figures the statistics menu counts (spec section 5: at least one of them is chosen). */
export const CHAR_STATS_CATEGORIES = ["total", "chars", "pages", "sutras"] as const;
export type CharStatsCategory = (typeof CHAR_STATS_CATEGORIES)[number];
/** The filters, and the text form each of the four text filters matches. */
export const CHAR_TEXT_FILTERS = { ot: "ori_txt", ut: "uni_txt", st: "std_txt", mt: "sim_txt" } as const;
export type CharTextFilter = keyof typeof CHAR_TEXT_FILTERS;
