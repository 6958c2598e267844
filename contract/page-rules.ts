/** Limits of the page reading calls that the web app shares with the request schemas. No zod here: the web app imports this. */

/** At most this many pages' thumbnails in one GET /v1/page_thumbs. */
export const PAGE_THUMBS_MAX = 100;
