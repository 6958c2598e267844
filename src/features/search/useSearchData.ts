/**
 * The search page's data: the result page for the address, and the filter panel's statistics,
 * which come with it (each group counted with the other groups' filters applied).
 * Two sources answer in the same shape: the server, and the offline search index over the
 * downloaded texts (src/offline/search). Offline, or when the reader chose local search, only the
 * local index answers. Online, the local answer shows at once and the server's replaces it when it
 * arrives (or stays, when the server cannot be reached); `source` says which one is on show.
 */
import { useEffect, useState } from "react";
import type { SutraGroup } from "../../../contract/personal.ts";
import type { HitStats, SearchRequest, SearchResult } from "../../../contract/search.ts";
import type { ApiClient } from "../../api/client.ts";
import { useServices } from "../../app/shell/services.ts";
import { libraryExists } from "../../offline/library/presence.ts";
import { useOnline } from "../../offline/network.ts";
import {
  checkVariantsOnce,
  indexSettled,
  indexStatus,
  type LocalScope,
  searchLocal,
} from "../../offline/search/client.ts";
import { type Load, useLoad } from "../../ui/useLoad.ts";
import type { SearchParams } from "./searchParams.ts";
import { canSearch, statsScope, type TextChoice, toSearchRequest } from "./searchRequest.ts";
import { askServer, serverSearchKey } from "./serverSearch.ts";

export type ResultSource = "local" | "server";

/** What the local index can say: a result, or that nothing of this tripitaka is downloaded. */
type LocalOutcome =
  | { kind: "result"; result: SearchResult; indexing: boolean }
  | { kind: "nothing"; indexing: boolean };

export type SearchData = {
  results: Load<SearchResult | null>;
  source: ResultSource;
  /** Only downloaded texts are searched (offline, or local search chosen). */
  localOnly: boolean;
  /** Searching locally with nothing of this tripitaka downloaded. */
  nothingLocal: boolean;
  /** The index is still taking in downloaded texts. */
  indexing: boolean;
  /** The panel's statistics and the search they belong to (a new key means new statistics). */
  stats: { data: HitStats | undefined; key: string };
};

/**
 * The local index's answer. Beside the server's answer, a browser with no offline library has
 * no index to ask: the search worker (and its code) is started only for a reader who searches
 * downloaded texts (`localOnly`) or who has downloaded some.
 */
async function askLocal(
  api: ApiClient,
  scope: LocalScope,
  body: SearchRequest,
  localOnly: boolean,
): Promise<LocalOutcome> {
  if (!localOnly && !(await libraryExists())) return { kind: "nothing", indexing: false };
  // The index's variant pairs are brought up to date before it is first asked.
  await checkVariantsOnce(api);
  const status = await indexStatus();
  const indexing = status.state === "indexing";
  if (!status.tripitakas[scope.tripitakaUid]) return { kind: "nothing", indexing };
  return { kind: "result", result: await searchLocal(scope, body), indexing };
}

/** The reader's groups in their order, as the server lists them. */
const scopeGroups = (groups: readonly SutraGroup[]) =>
  [...groups]
    .sort((a, b) => a.sn - b.sn || a._id - b._id)
    .map((g) => ({ name: g.name, sutra_uids: g.sutra_uids }));

export function useSearchData(
  tripitakaUid: string,
  params: SearchParams,
  text: TextChoice,
  groups: { signedIn: boolean; groups: readonly SutraGroup[] },
  localChosen: boolean,
): SearchData {
  const { api } = useServices();
  const online = useOnline();
  const localOnly = localChosen || !online;
  const searching = canSearch(params);
  const body = toSearchRequest(params, text, groups.signedIn);
  const bodyKey = searching ? JSON.stringify(body) : "";
  const scope: LocalScope = { tripitakaUid, groups: groups.signedIn ? scopeGroups(groups.groups) : [] };

  const local = useLoad(`${tripitakaUid}|${bodyKey}|${JSON.stringify(scope.groups)}|${localOnly}`, () =>
    searching ? askLocal(api, scope, body, localOnly) : Promise.resolve(null),
  );
  const server = useLoad(serverSearchKey(tripitakaUid, localOnly ? "" : bodyKey), (signal) =>
    searching && !localOnly
      ? askServer(api, tripitakaUid, body, { signedIn: groups.signedIn, signal })
      : Promise.resolve(null),
  );

  const outcome = local.data ?? null;
  const { reload: reloadLocal } = local;
  // An answer given while the index was still taking in downloads is asked again once it is done.
  useEffect(() => {
    if (!outcome?.indexing) return;
    let current = true;
    void indexSettled().then(() => {
      if (current) reloadLocal();
    });
    return () => {
      current = false;
    };
  }, [outcome, reloadLocal]);
  const localResult = outcome?.kind === "result" ? outcome.result : undefined;
  let results: Load<SearchResult | null>;
  let source: ResultSource = "server";
  if (localOnly) {
    source = "local";
    results = {
      ...local,
      data: local.data === undefined ? undefined : (localResult ?? null),
      latest: localResult,
    };
  } else if (server.data !== undefined || localResult === undefined) {
    results = server;
  } else {
    source = "local";
    results = {
      data: localResult,
      latest: localResult,
      error: undefined,
      loading: server.loading,
      reload: server.reload,
    };
  }

  const key = `${tripitakaUid}|${searching ? JSON.stringify(statsScope(params, text)) : ""}`;
  const fresh = results.data?.stats;
  // A new page, sort or filter of the same search keeps the last statistics on show while it loads.
  const [kept, setKept] = useState<{ key: string; data: HitStats } | null>(null);
  if (fresh && (kept?.key !== key || kept.data !== fresh)) setKept({ key, data: fresh });
  const data = fresh ?? (kept?.key === key ? kept.data : undefined);
  return {
    results,
    source,
    localOnly,
    nothingLocal: localOnly && outcome?.kind === "nothing" && !outcome.indexing,
    indexing: outcome?.indexing ?? false,
    stats: { data, key },
  };
}
