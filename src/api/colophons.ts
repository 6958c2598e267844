/** The colophon list (spec section 7, `POST /v1/tripitaka/{tripitaka_uid}/pubnote/list`). */
import type { PubNoteListResult } from "../../contract/colophons.ts";
import type { ApiClient } from "./client.ts";

/** `query` is the list screen's query: search fields with empty values removed, order, page and size. */
export function fetchPubNotes(
  api: ApiClient,
  tripitakaUid: string,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<PubNoteListResult> {
  return api.getResult<PubNoteListResult>(
    api.http.post(`tripitaka/${encodeURIComponent(tripitakaUid)}/pubnote/list`, { json: query, signal }),
  );
}
