/**
 * The variant-character pairs search folds with (`GET /v1/search/variants`), for the offline search
 * index; `known` is the hash already held, answered without the pairs when still current.
 */
import type { SearchVariants } from "../../contract/search-variants.ts";
import type { ApiClient } from "./client.ts";

export type { SearchVariants };

export function fetchSearchVariants(api: ApiClient, known: string): Promise<SearchVariants> {
  const searchParams = known ? { known } : {};
  return api.getResult<SearchVariants>(api.http.get("search/variants", { searchParams }), {
    quietStatuses: [404, 500, 502, 503],
  });
}
