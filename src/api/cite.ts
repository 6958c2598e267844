/** Where a pasted reference leads (spec extension: GET /v1/cite, contract/cite.ts). */
import type { CiteResult } from "../../contract/cite.ts";
import type { ApiClient } from "./client.ts";

export function fetchCitedPlace(
  api: ApiClient,
  reference: string,
  signal?: AbortSignal,
): Promise<CiteResult> {
  return api.getResult<CiteResult>(api.http.get("cite", { searchParams: { ref: reference }, signal }), {
    quietStatuses: [400, 404],
  });
}
