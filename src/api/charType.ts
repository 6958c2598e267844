/**
 * `GET /v1/tripitaka/{tripitaka_uid}/char_type/list` (spec section 7): the character types of a
 * tripitaka, for researchers.
 */
import type { CharType } from "../../contract/charType.ts";
import type { Paged } from "../../contract/envelope.ts";
import type { ApiClient } from "./client.ts";

/** `query` is the screen's query: filters with empty values removed, order, page and size. */
export function fetchCharTypes(
  api: ApiClient,
  tripitakaUid: string,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<Paged<CharType>> {
  return api.getResult<Paged<CharType>>(
    api.http.get(`tripitaka/${encodeURIComponent(tripitakaUid)}/char_type/list`, {
      searchParams: query,
      signal,
    }),
  );
}
