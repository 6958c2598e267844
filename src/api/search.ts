/**
 * Full-canon search (spec section 7, "Pubnote and search"): a page of reels with snippets and the
 * hit statistics. (`.../match_count` answers the same statistics alone; the page needs no second call.)
 */
import type { SearchRequest, SearchResult } from "../../contract/search.ts";
import type { ApiClient } from "./client.ts";

export type { SearchRequest, SearchResult };

const base = (tripitakaUid: string) => `tripitaka/${encodeURIComponent(tripitakaUid)}`;

export function searchCanon(
  api: ApiClient,
  tripitakaUid: string,
  body: SearchRequest,
  signal?: AbortSignal,
): Promise<SearchResult> {
  return api.getResult<SearchResult>(api.http.post(`${base(tripitakaUid)}/search`, { json: body, signal }));
}
