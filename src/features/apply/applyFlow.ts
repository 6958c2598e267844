/**
 * What the application screens show for a status (spec sections 2 and 4): /apply offers the form
 * to a reader who never applied (empty) or who reapplies after a rejection (prefilled), and sends
 * everyone else to /apply-result, which shows success, pending or failure.
 */
import type { Role } from "../../../contract/account-rules.ts";
import type { ApplicationStatus } from "../../../contract/application-rules.ts";
import type { ApplicationStatusResult } from "../../../contract/applications.ts";
import { isSitePath } from "./applySearch.ts";

export type ApplyEntry = { kind: "form"; prefill: boolean } | { kind: "result" };

export function applyEntry(status: ApplicationStatus | null, needReApply: boolean): ApplyEntry {
  if (status === null) return { kind: "form", prefill: false };
  if (status === "rejected" && needReApply) return { kind: "form", prefill: true };
  return { kind: "result" };
}

export type ResultView =
  | { kind: "success" }
  | { kind: "pending" }
  | { kind: "failure"; reason: string; reapply: boolean }
  /** No application yet: the result screen sends the reader to the form. */
  | { kind: "none" };

/**
 * The result screen for a status. An approval the reader's sign-in does not carry (the role was
 * taken away since) shows as a failure, as the spec asks, but without reapply: the server accepts
 * no new application once one is approved.
 */
export function resultView(status: ApplicationStatusResult, roles: readonly Role[]): ResultView {
  switch (status.latest_status) {
    case null:
      return { kind: "none" };
    case "pending":
      return { kind: "pending" };
    case "approved":
      return roles.includes("researcher")
        ? { kind: "success" }
        : { kind: "failure", reason: "", reapply: false };
    case "rejected":
      return { kind: "failure", reason: status.apply_logs[0]?.reason ?? "", reapply: true };
  }
}

const RESEARCH_TOOL = /^\/(?:[^/]+\/(?:char-image|char-type|colophon|people)|person\/[^/?#]+)(?:[/?#]|$)/;

/**
 * Where to go once the application is sent: the `redirect` of the query when the reader may open
 * it now, else /apply-result. A research tool needs the approval that has not come yet, so a
 * redirect to one (the special topics give it) would only end on "no permission".
 */
export function afterSubmitTarget(redirect: string | undefined, roles: readonly Role[]): string {
  if (redirect === undefined || !isSitePath(redirect)) return "/apply-result";
  if (RESEARCH_TOOL.test(redirect) && !roles.includes("researcher")) return "/apply-result";
  return redirect;
}

/** Spec section 9: the form goes on 1000 ms after a successful send. */
export const APPLY_REDIRECT_DELAY_MS = 1000;

/** Spec section 2: the result screen names a contact address; none is configured, so this is it. */
export const APPLICATION_CONTACT_EMAIL = "contact@canon-reader.example";
