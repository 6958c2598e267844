/**
 * The calls a download makes: its plan, reels and pages in batches, the catalogue rows it keeps,
 * and the stored files (scans, thumbnails) by path. Background calls: no notice is shown for
 * their failures, the download manager records them.
 */
import type { Apparatus } from "../../contract/apparatus.ts";
import type { Book, Page, Sutra, SutraCatalog, Tripitaka } from "../../contract/canon.ts";
import type { Paged } from "../../contract/envelope.ts";
import type {
  OfflinePagesRequest,
  OfflinePlan,
  OfflinePlanRequest,
  OfflineReelsRequest,
} from "../../contract/offline.ts";
import type { ReelTextRow } from "../../contract/offline-library.ts";
import type { ApiClient, ResultOptions } from "./client.ts";
import { ApiError } from "./errors.ts";

const quiet: ResultOptions = { quietStatuses: [400, 401, 403, 404, 422, 429, 500, 502, 503, 504] };

/** The plan shown before a download starts; the dialog shows its own message on failure. */
export function fetchOfflinePlan(
  api: ApiClient,
  tripitakaUid: string,
  body: OfflinePlanRequest,
  signal?: AbortSignal,
): Promise<OfflinePlan> {
  const path = `tripitaka/${encodeURIComponent(tripitakaUid)}/offline/plan`;
  return api.getResult<OfflinePlan>(api.http.post(path, { json: body, signal, timeout: 120_000 }), quiet);
}

export function fetchOfflineReels(
  api: ApiClient,
  body: OfflineReelsRequest,
  signal?: AbortSignal,
): Promise<ReelTextRow["reel"][]> {
  return api.getResult(api.http.post("offline/reels", { json: body, signal, timeout: 60_000 }), quiet);
}

/** The collation apparatus of the same reels and forms (`POST /v1/offline/apparatus`), kept beside them. */
export function fetchOfflineApparatus(
  api: ApiClient,
  body: OfflineReelsRequest,
  signal?: AbortSignal,
): Promise<Apparatus[]> {
  return api.getResult(api.http.post("offline/apparatus", { json: body, signal, timeout: 60_000 }), quiet);
}

export function fetchOfflinePages(
  api: ApiClient,
  body: OfflinePagesRequest,
  signal?: AbortSignal,
): Promise<Page[]> {
  return api.getResult(api.http.post("offline/pages", { json: body, signal, timeout: 60_000 }), quiet);
}

export function fetchTripitakaList(api: ApiClient, signal?: AbortSignal): Promise<Tripitaka[]> {
  return api.getResult(api.http.get("tripitaka/all", { signal }), quiet);
}

export function fetchBookList(api: ApiClient, tripitakaUid: string, signal?: AbortSignal): Promise<Book[]> {
  return api.getResult(
    api.http.get(`tripitaka/${encodeURIComponent(tripitakaUid)}/catalog`, { signal }),
    quiet,
  );
}

/** Catalogue entries of up to 100 sutras of a tripitaka. */
export async function fetchSutraEntries(
  api: ApiClient,
  tripitakaUid: string,
  sutraUids: readonly string[],
  signal?: AbortSignal,
): Promise<Sutra[]> {
  const path = `tripitaka/${encodeURIComponent(tripitakaUid)}/sutra/list`;
  const json = { sutra_uids: [...sutraUids], page_size: 100 };
  const page = await api.getResult<Paged<Sutra>>(api.http.post(path, { json, signal }), quiet);
  return page.list;
}

export function fetchCatalogOf(
  api: ApiClient,
  sutraUid: string,
  signal?: AbortSignal,
): Promise<SutraCatalog> {
  return api.getResult(api.http.get(`sutra/${encodeURIComponent(sutraUid)}/catalog`, { signal }), quiet);
}

/** A stored file (page scan or thumbnail) by the path it is served under; `origin` is "" in the browser. */
export async function fetchStoredFile(
  origin: string,
  path: string,
  signal?: AbortSignal,
): Promise<{ blob: Blob; contentType: string }> {
  const response = await fetch(`${origin}${path}`, { signal, credentials: "same-origin" });
  if (!response.ok) throw new ApiError(`HTTP ${response.status}`, response.status, null, false);
  const contentType = response.headers.get("content-type")?.split(";")[0]?.trim() ?? "";
  return { blob: await response.blob(), contentType };
}
