/**
 * `GET /v1/tripitaka/{tripitaka_uid}/char/dynamic_font?font_name,chars` (spec section 7): a font
 * holding the given characters, taken only as WOFF2 or as an octet stream.
 */
import type { ApiClient } from "./client.ts";
import { ApiError } from "./errors.ts";

const FONT_TYPES = ["font/woff2", "application/octet-stream"] as const;

export async function fetchDynamicFont(
  api: ApiClient,
  tripitakaUid: string,
  fontName: string,
  chars: readonly string[],
  signal?: AbortSignal,
): Promise<ArrayBuffer> {
  const path = `tripitaka/${encodeURIComponent(tripitakaUid)}/char/dynamic_font`;
  const response = await api.http.get(path, {
    searchParams: { font_name: fontName, chars: chars.join("") },
    headers: { Accept: FONT_TYPES.join(", ") },
    signal,
  });
  // The reader falls back to the box glyph on failure: no notice for the user.
  if (!response.ok) throw new ApiError(`HTTP ${response.status}`, response.status, null, false);
  const type = response.headers.get("content-type")?.split(";")[0]?.trim() ?? "";
  if (!FONT_TYPES.some((accepted) => accepted === type)) {
    throw new ApiError(`not a font: ${type || "no content type"}`, response.status, null, false);
  }
  return response.arrayBuffer();
}
