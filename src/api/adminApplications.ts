/**
 * The administrator's side of researcher applications (spec section 7, "Applications"): the
 * filtered list, one application with its history, and the decision.
 */
import type { AdminApplication, AdminApplicationDetail, Deal } from "../../contract/applications.ts";
import type { Paged } from "../../contract/envelope.ts";
import type { ApiClient } from "./client.ts";

/** `query` is the list screen's query: filters with empty values removed, page and size. */
export function fetchAdminApplications(
  api: ApiClient,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<Paged<AdminApplication>> {
  return api.getResult<Paged<AdminApplication>>(
    api.http.get("admin/applications", { searchParams: query, signal }),
  );
}

export function fetchAdminApplication(
  api: ApiClient,
  applyId: number,
  signal?: AbortSignal,
): Promise<AdminApplicationDetail> {
  return api.getResult<AdminApplicationDetail>(api.http.get(`admin/applications/${applyId}`, { signal }));
}

/**
 * Decides a pending application. A refusal (400 for a decision the server's rules reject, 422 when
 * the application was decided meanwhile) is shown by the drawer with the server's msg, not toasted.
 */
export function dealApplication(
  api: ApiClient,
  applyId: number,
  deal: Deal,
): Promise<AdminApplicationDetail> {
  return api.getResult<AdminApplicationDetail>(
    api.http.post(`admin/applications/${applyId}/deal`, { json: deal }),
    { quietStatuses: [400, 422] },
  );
}
