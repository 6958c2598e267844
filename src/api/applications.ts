/** The reader's researcher application (spec section 7, "Applications"). */
import type { ApplicationStatusResult, ApplyForm } from "../../contract/applications.ts";
import type { ApiClient } from "./client.ts";

export function fetchApplicationStatus(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<ApplicationStatusResult> {
  return api.getResult<ApplicationStatusResult>(api.http.get("applications/status", { signal }));
}

/**
 * The team-joining QR code (a PNG) an approved researcher is shown; null when the site has none
 * configured or the reader is not a researcher (yet).
 */
export async function fetchTeamQr(api: ApiClient, signal?: AbortSignal): Promise<Blob | null> {
  const response = await api.http.get("applications/team_qr", { signal });
  return response.ok ? response.blob() : null;
}

/**
 * Sends the form. A refusal (400 for a form the server's rules reject, 422 while an application
 * is pending or once approved) is shown by the form with the server's msg, not toasted.
 */
export function submitApplication(api: ApiClient, form: ApplyForm): Promise<ApplicationStatusResult> {
  return api.getResult<ApplicationStatusResult>(api.http.post("applications", { json: form }), {
    quietStatuses: [400, 422],
  });
}
