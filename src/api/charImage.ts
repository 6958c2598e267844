/**
 * The character image screen's calls (spec section 7, "Chars"): the boxed chars of a search, the
 * same counted by character, the search's statistics, and a char's column image.
 */
import type { CharGroupSort, CharStatsCategory } from "../../contract/char-image-rules.ts";
import type { CharGroupItem, CharImageItem, CharStats } from "../../contract/charImage.ts";
import type { Paged } from "../../contract/envelope.ts";
import type { TxtType } from "../../contract/tripitaka.ts";
import type { ApiClient } from "./client.ts";

export { fetchCharColumnImg } from "./reelReader.ts";

/** `query` is the screen's query: filters with empty values removed, order, page and size. */
export type CharQuery = Record<string, string | number>;

const charPath = (tripitakaUid: string, path: string) =>
  `tripitaka/${encodeURIComponent(tripitakaUid)}/char/${path}`;

export function fetchCharList(
  api: ApiClient,
  tripitakaUid: string,
  query: CharQuery,
  signal?: AbortSignal,
): Promise<Paged<CharImageItem>> {
  return api.getResult<Paged<CharImageItem>>(
    api.http.get(charPath(tripitakaUid, "list"), { searchParams: query, signal }),
  );
}

export function fetchCharGroups(
  api: ApiClient,
  tripitakaUid: string,
  query: CharQuery,
  view: { txt_type: TxtType; sort_by: CharGroupSort },
  page: { page_no: number; page_size: number },
  signal?: AbortSignal,
): Promise<Paged<CharGroupItem>> {
  return api.getResult<Paged<CharGroupItem>>(
    api.http.get(charPath(tripitakaUid, "group/list"), {
      searchParams: { ...query, ...view, ...page },
      signal,
    }),
  );
}

export function fetchCharStats(
  api: ApiClient,
  tripitakaUid: string,
  query: CharQuery,
  txtType: TxtType,
  categories: readonly CharStatsCategory[],
  signal?: AbortSignal,
): Promise<CharStats> {
  return api.getResult<CharStats>(
    api.http.get(charPath(tripitakaUid, "stats"), {
      searchParams: { ...query, txt_type: txtType, categories: categories.join(",") },
      signal,
    }),
  );
}
