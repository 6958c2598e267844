/**
 * The researcher application's rules (spec sections 3, 4, 5, 9) as plain values: its statuses,
 * the form's limits and the rejection reason's. The schemas are in applications.ts.
 */

export const APPLICATION_STATUSES = ["pending", "approved", "rejected"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/** What an administrator decides; only a pending application can be decided. */
export const APPLICATION_DECISIONS = ["approved", "rejected"] as const;
export type ApplicationDecision = (typeof APPLICATION_DECISIONS)[number];

/** Spec section 9: application fields 50/100/500/500; rejection reason at most 500. */
export const REAL_NAME_MAX = 50;
export const COMPANY_MAX = 100;
export const INTRO_MAX = 500;
export const PURPOSE_MAX = 500;
export const REASON_MAX = 500;
/** Spec section 9: applications are listed 10 to a page. */
export const APPLICATION_PAGE_SIZE = 10;

/** Spec section 4: a reader may apply with no application, or again after a rejection. */
export const mayApply = (latest: ApplicationStatus | null): boolean =>
  latest === null || latest === "rejected";
