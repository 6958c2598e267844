/** The reading API calls the web app makes: tripitakas, a tripitaka's sutra list, a reel. */
import { z } from "zod";
import {
  type Reel,
  reelResult,
  type Sutra,
  type SutraListRequest,
  sutraSchema,
  type Tripitaka,
  tripitakaSchema,
} from "../../contract/canon.ts";
import { type Paged, paged } from "../../contract/envelope.ts";
import type { TxtType } from "../../contract/tripitaka.ts";
import { api, getResult } from "./client.ts";

const tripitakaList = z.array(tripitakaSchema);
const sutraPage = paged(sutraSchema);

export function fetchTripitakas(signal?: AbortSignal): Promise<Tripitaka[]> {
  return getResult(tripitakaList, api.get("tripitaka/all", { signal }));
}

export function fetchSutraList(
  tripitakaUid: string,
  body: SutraListRequest,
  signal?: AbortSignal,
): Promise<Paged<Sutra>> {
  const path = `tripitaka/${encodeURIComponent(tripitakaUid)}/sutra/list`;
  return getResult(sutraPage, api.post(path, { json: body, signal }));
}

export function fetchReel(reelUid: string, txtType: TxtType, signal?: AbortSignal): Promise<Reel> {
  const path = `reel/${encodeURIComponent(reelUid)}`;
  return getResult(reelResult, api.get(path, { searchParams: { txt_type: txtType }, signal }));
}
