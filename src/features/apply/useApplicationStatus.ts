/** The reader's application status, fetched on entry to either application screen. */
import type { ApplicationStatusResult } from "../../../contract/applications.ts";
import { fetchApplicationStatus } from "../../api/applications.ts";
import { useServices } from "../../app/shell/services.ts";
import { type Load, useLoad } from "../../ui/useLoad.ts";

export function useApplicationStatus(): Load<ApplicationStatusResult> {
  const { api } = useServices();
  return useLoad("status", (signal) => fetchApplicationStatus(api, signal));
}
