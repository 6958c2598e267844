/**
 * The reel reader's calls besides the reel itself: the sutra's catalogue entry (header card), its
 * contents tree and reel list (side panel), and a char's column image (image on hover).
 */
import type { Sutra, SutraCatalog } from "../../contract/canon.ts";
import type { CharColumnImg } from "../../contract/charImage.ts";
import type { Paged } from "../../contract/envelope.ts";
import type { ApiClient } from "./client.ts";

export type { SutraCatalog };

export function fetchSutraCatalog(
  api: ApiClient,
  sutraUid: string,
  signal?: AbortSignal,
): Promise<SutraCatalog> {
  const path = `sutra/${encodeURIComponent(sutraUid)}/catalog`;
  return api.getResult<SutraCatalog>(api.http.get(path, { signal }), { quietStatuses: [404] });
}

/** One sutra's catalogue entry, or null when the tripitaka's list does not hold it. */
export async function fetchSutra(
  api: ApiClient,
  tripitakaUid: string,
  sutraUid: string,
  signal?: AbortSignal,
): Promise<Sutra | null> {
  const path = `tripitaka/${encodeURIComponent(tripitakaUid)}/sutra/list`;
  const request = api.http.post(path, { json: { sutra_uids: [sutraUid], page_size: 10 }, signal });
  const page = await api.getResult<Paged<Sutra>>(request);
  return page.list.find((sutra) => sutra.uid === sutraUid) ?? null;
}

/** A char's column image; refusals and misses are the reader's "no image", never a notice. */
export function fetchCharColumnImg(
  api: ApiClient,
  tripitakaUid: string,
  query: { page_uid: string; char_sn: string },
  signal?: AbortSignal,
): Promise<CharColumnImg> {
  const path = `tripitaka/${encodeURIComponent(tripitakaUid)}/char/column/img`;
  return api.getResult<CharColumnImg>(api.http.get(path, { searchParams: query, signal }), {
    quietStatuses: [401, 403, 404],
  });
}
