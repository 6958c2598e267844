/**
 * A pasted reference to the place it names: read with contract/citations.ts, looked up first in
 * the offline library (so a downloaded text opens with no network), then on the server.
 */
import { type CitationError, parseCitation } from "../../../contract/citations.ts";
import type { CiteResult } from "../../../contract/cite.ts";
import { fetchCitedPlace } from "../../api/cite.ts";
import type { ApiClient } from "../../api/client.ts";
import { ApiError } from "../../api/errors.ts";
import type { OfflineLibrary } from "../../offline/library/db.ts";
import { isNetworkFailure, type NetworkState } from "../../offline/network.ts";

export type CiteOutcome =
  | { kind: "found"; place: CiteResult }
  | { kind: "refused"; error: CitationError }
  /** The library does not hold the page or line. */
  | { kind: "missing"; pageUid: string }
  /** Not downloaded, and the server cannot be reached. */
  | { kind: "offline"; pageUid: string };

export type CiteDeps = {
  api: ApiClient;
  network: NetworkState;
  /** The offline library, or a rejection when this browser has none. */
  library(): Promise<OfflineLibrary>;
};

export async function resolveCitation(
  deps: CiteDeps,
  reference: string,
  signal?: AbortSignal,
): Promise<CiteOutcome> {
  const parsed = parseCitation(reference);
  if (!parsed.ok) return { kind: "refused", error: parsed.error };
  const { citation } = parsed;
  try {
    const { storedCitedPlace } = await import("../../offline/reading/citedPlace.ts");
    const stored = await storedCitedPlace(await deps.library(), citation);
    if (stored) return { kind: "found", place: stored };
  } catch {
    // No library in this browser: the server answers.
  }
  if (!deps.network.isOnline()) return { kind: "offline", pageUid: citation.pageUid };
  try {
    const place = await fetchCitedPlace(deps.api, reference, signal);
    deps.network.reportReachable();
    return { kind: "found", place };
  } catch (error) {
    if (isNetworkFailure(error)) {
      deps.network.reportUnreachable();
      return { kind: "offline", pageUid: citation.pageUid };
    }
    if (error instanceof ApiError && error.status === 404)
      return { kind: "missing", pageUid: citation.pageUid };
    throw error;
  }
}

/** The address that opens a keyword typed in a search box when it is a reference, else null. */
export function citationAddress(keyword: string): string | null {
  return parseCitation(keyword).ok ? `/cite/${encodeURIComponent(keyword.trim())}` : null;
}
