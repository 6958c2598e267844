/**
 * The administrator's decision on an application (spec sections 4, 5): only a pending application
 * can be decided, and confirming on any other just closes the drawer; the status is required, and
 * a rejection needs its reason (at most 500 characters), which is sent only with a rejection.
 */
import type { MessageDescriptor } from "@lingui/core";
import {
  type ApplicationDecision,
  type ApplicationStatus,
  REASON_MAX,
} from "../../../../contract/application-rules.ts";
import type { AdminApplicationDetail, Deal } from "../../../../contract/applications.ts";
import { charCount } from "../../../../contract/feedback.ts";
import { isCleanText } from "../../../../contract/text-rules.ts";
import { decisionErrors as e } from "./text.ts";

export type DecisionValues = { status: ApplicationDecision | null; reason: string };
export type DecisionProblems = { status: MessageDescriptor | null; reason: MessageDescriptor | null };

export const EMPTY_DECISION: DecisionValues = { status: null, reason: "" };

export const canDecide = (status: ApplicationStatus): boolean => status === "pending";

/** The characters the reason's counter shows: the trimmed text, as the server counts it. */
export const reasonLength = (reason: string): number => charCount(reason.trim());

/** The reason is asked for, checked and sent only with a rejection. */
export const needsReason = (values: DecisionValues): boolean => values.status === "rejected";

export function checkDecision(values: DecisionValues): DecisionProblems {
  if (values.status === null) return { status: e.statusRequired, reason: null };
  if (!needsReason(values)) return { status: null, reason: null };
  const reason = values.reason.trim();
  if (reason === "") return { status: null, reason: e.reasonRequired };
  if (charCount(reason) > REASON_MAX) return { status: null, reason: e.reasonTooLong };
  return { status: null, reason: isCleanText(reason, "multi-line") ? null : e.reasonChars };
}

/** What confirming does: close (nothing to decide), show the form's problems, or send the decision. */
export type ConfirmStep =
  | { kind: "close" }
  | { kind: "invalid"; problems: DecisionProblems }
  | { kind: "send"; deal: Deal };

export function confirmDecision(latest: ApplicationStatus, values: DecisionValues): ConfirmStep {
  if (!canDecide(latest)) return { kind: "close" };
  const problems = checkDecision(values);
  if (values.status === null || problems.status || problems.reason) return { kind: "invalid", problems };
  return {
    kind: "send",
    deal: { status: values.status, reason: needsReason(values) ? values.reason.trim() : "" },
  };
}

/**
 * What the form shows for an application: nothing chosen while it is pending, else the decision
 * that was made (its history is newest first), shown read-only.
 */
export function shownDecision(
  detail: Pick<AdminApplicationDetail, "latest_status" | "apply_logs">,
): DecisionValues {
  if (canDecide(detail.latest_status)) return EMPTY_DECISION;
  const decided = detail.apply_logs.find((log) => log.status === detail.latest_status);
  const status = detail.latest_status === "approved" ? "approved" : "rejected";
  return { status, reason: decided?.reason ?? "" };
}

/** The badge colour of an application's status. */
export function applicationStatusColor(status: ApplicationStatus): "warning" | "success" | "danger" {
  switch (status) {
    case "pending":
      return "warning";
    case "approved":
      return "success";
    case "rejected":
      return "danger";
  }
}
