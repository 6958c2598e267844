/**
 * The search page's data: the result page for the address, and the filter panel's statistics,
 * which come with it (each group counted with the other groups' filters applied).
 */
import { useState } from "react";
import type { HitStats, SearchResult } from "../../../contract/search.ts";
import { searchCanon } from "../../api/search.ts";
import { useServices } from "../../app/shell/services.ts";
import { type Load, useLoad } from "../../ui/useLoad.ts";
import type { SearchParams } from "./searchParams.ts";
import { canSearch, statsScope, type TextChoice, toSearchRequest } from "./searchRequest.ts";

export type SearchData = {
  results: Load<SearchResult | null>;
  /** The panel's statistics and the search they belong to (a new key means new statistics). */
  stats: { data: HitStats | undefined; key: string };
};

export function useSearchData(
  tripitakaUid: string,
  params: SearchParams,
  text: TextChoice,
  signedIn: boolean,
): SearchData {
  const { api } = useServices();
  const searching = canSearch(params);
  const body = toSearchRequest(params, text, signedIn);
  const results = useLoad(`${tripitakaUid}|${searching ? JSON.stringify(body) : ""}`, (signal) =>
    searching ? searchCanon(api, tripitakaUid, body, signal) : Promise.resolve(null),
  );
  const key = `${tripitakaUid}|${searching ? JSON.stringify(statsScope(params, text)) : ""}`;
  const fresh = results.data?.stats;
  // A new page, sort or filter of the same search keeps the last statistics on show while it loads.
  const [kept, setKept] = useState<{ key: string; data: HitStats } | null>(null);
  if (fresh && (kept?.key !== key || kept.data !== fresh)) setKept({ key, data: fresh });
  const data = fresh ?? (kept?.key === key ? kept.data : undefined);
  return { results, stats: { data, key } };
}
