/**
 * The reading API calls the web app makes: tripitakas, a tripitaka's sutra list, a reel and its
 * collation apparatus.
 */

import { reelPath, TRIPITAKAS_PATH } from "../../contract/app-screens.ts";
import type { Apparatus } from "../../contract/apparatus.ts";
import type { Reel, Sutra, SutraListRequest, Tripitaka } from "../../contract/canon.ts";
import type { Paged } from "../../contract/envelope.ts";
import type { TxtType } from "../../contract/tripitaka.ts";
import type { ApiClient } from "./client.ts";
import { takeEarlyGet, takeTripitakasInPage } from "./early.ts";

/** The list the page came with is taken the first time (src/api/early.ts). */
export function fetchTripitakas(api: ApiClient, signal?: AbortSignal): Promise<Tripitaka[]> {
  const inPage = takeTripitakasInPage();
  if (inPage) return api.getResult<Tripitaka[]>(Promise.resolve(inPage));
  return api.getResult<Tripitaka[]>(api.http.get(TRIPITAKAS_PATH, { signal }));
}

export function fetchSutraList(
  api: ApiClient,
  tripitakaUid: string,
  body: SutraListRequest,
  signal?: AbortSignal,
): Promise<Paged<Sutra>> {
  const path = `tripitaka/${encodeURIComponent(tripitakaUid)}/sutra/list`;
  return api.getResult<Paged<Sutra>>(api.http.post(path, { json: body, signal }));
}

/**
 * An unknown reel answers 404: the reel screen goes to /404 instead of toasting. The answer to a
 * request the entry started for this reel (src/api/early.ts) is used when it succeeded.
 */
export async function fetchReel(
  api: ApiClient,
  reelUid: string,
  txtType: TxtType,
  signal?: AbortSignal,
): Promise<Reel> {
  const early = await takeEarlyGet(reelPath(reelUid, txtType));
  if (early) return api.getResult<Reel>(Promise.resolve(early));
  const path = `reel/${encodeURIComponent(reelUid)}`;
  const request = api.http.get(path, { searchParams: { txt_type: txtType }, signal });
  return api.getResult<Reel>(request, { quietStatuses: [404] });
}

/** A reel's collation apparatus in one text form (no entries when it has none); 404 for an unknown reel. */
export function reelApparatus(
  api: ApiClient,
  reelUid: string,
  txtType: TxtType,
  signal?: AbortSignal,
): Promise<Apparatus> {
  const path = `reel/${encodeURIComponent(reelUid)}/apparatus`;
  const request = api.http.get(path, { searchParams: { txt_type: txtType }, signal });
  // The apparatus only adds to a text already shown: a failure leaves the marks out, unannounced.
  return api.getResult<Apparatus>(request, { quietStatuses: [404, 429, 500, 502, 503, 504] });
}
