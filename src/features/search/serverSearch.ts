/**
 * The server's answer to the search page's request, as the page loads it (useSearchData) and as
 * the app's start loads it ahead for the first screen (src/app/routes/firstScreenData.ts).
 */
import { searchAnswerPath } from "../../../contract/app-screens.ts";
import type { SearchRequest, SearchResult } from "../../../contract/search.ts";
import type { ApiClient } from "../../api/client.ts";
import { takeAnswerInPage } from "../../api/early.ts";
import { searchCanon } from "../../api/search.ts";
import { isNetworkFailure, networkState } from "../../offline/network.ts";
import { readLocalChoice } from "../../offline/search/localSearchChoice.ts";
import { loadAhead } from "../../ui/useLoad.ts";
import { parseSearchParams } from "./searchParams.ts";
import { canSearch, toSearchRequest } from "./searchRequest.ts";
import { readSearchSettings, textChoice } from "./searchSettings.ts";

/** The `useLoad` key of the server's answer; an empty `bodyKey` asks nothing. */
export const serverSearchKey = (tripitakaUid: string, bodyKey: string): string =>
  `search:${tripitakaUid}|${bodyKey}`;

/**
 * Asks the server, or takes the answer the page the app opened on holds for this search
 * (server/plugins/search-drawing.ts): a guest's, reckoned without any reader's groups.
 */
export function askServer(
  api: ApiClient,
  tripitakaUid: string,
  body: SearchRequest,
  asking: { signedIn: boolean; signal?: AbortSignal | undefined },
): Promise<SearchResult> {
  const inPage = asking.signedIn ? null : takeAnswerInPage(searchAnswerPath(tripitakaUid, body));
  if (inPage) return api.getResult<SearchResult>(Promise.resolve(inPage));
  return searchCanon(api, tripitakaUid, body, asking.signal).catch((error: unknown) => {
    if (isNetworkFailure(error)) networkState().reportUnreachable();
    throw error;
  });
}

export type SearchAhead = {
  api: ApiClient;
  tripitakaUid: string;
  /** The address's query, as the search route has checked it. */
  search: Record<string, unknown>;
  locale: string;
  signedIn: boolean;
  storage: Storage;
};

/**
 * Starts the server's answer for the search page the app opens on, as the page would ask for it;
 * nothing when the address searches nothing or the reader searches downloaded texts only.
 */
export function loadSearchAhead(ahead: SearchAhead): Promise<SearchResult> | null {
  const params = parseSearchParams(ahead.search);
  if (!canSearch(params) || readLocalChoice(ahead.storage) || !networkState().isOnline()) return null;
  const text = textChoice(params.txt_type, readSearchSettings(ahead.storage), ahead.locale);
  const body = toSearchRequest(params, text, ahead.signedIn);
  return loadAhead(serverSearchKey(ahead.tripitakaUid, JSON.stringify(body)), () =>
    askServer(ahead.api, ahead.tripitakaUid, body, { signedIn: ahead.signedIn }),
  );
}
