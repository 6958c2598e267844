/**
 * What requests leave behind: idempotency records, spent upload policies, rate-limit hits
 * (server/plugins), page-image views (server/modules/canon/page-image-views.ts).
 */
/** A write's `Idempotency-Key` and, once the write is done, the answer it got (kept seven days). */
export interface IdempotencyRecordTable {
  /** "user:<id>" for a signed-in sender, "guest" otherwise. */
  scope: string;
  key: string;
  method: string;
  path: string;
  /** sha256 (hex) of the method, path, query and canonical JSON body. */
  fingerprint: string;
  state: "pending" | "done";
  status_code: number | null;
  /** The JSON envelope as sent. */
  response_body: string | null;
  created_at: number;
}

/** An upload policy that has been used, kept until it expires (a policy is good for one file). */
export interface SpentUploadPolicyTable {
  /** The random id the signed policy document carries. */
  policy_id: string;
  /** When the policy expires, ms since the epoch. */
  expires_at: number;
}

/** A rate limit's hits in its current window, per route and client (server/plugins/rate-limit-store.ts). */
export interface RateLimitHitTable {
  route: string;
  key: string;
  window_start: number;
  hits: number;
  expires_at: number;
}

/** A page a viewer saw with its image on a UTC day (days since the epoch). */
export interface PageImageViewTable {
  /** "user:<id>", "visitor:<uuid>" or "address:<address>". */
  viewer: string;
  day: number;
  page_uid: string;
}

/** How many pages a viewer saw with their image on a UTC day. */
export interface PageImageQuotaTable {
  viewer: string;
  day: number;
  views: number;
}

export interface RequestTables {
  idempotency_record: IdempotencyRecordTable;
  spent_upload_policy: SpentUploadPolicyTable;
  rate_limit_hit: RateLimitHitTable;
  page_image_view: PageImageViewTable;
  page_image_quota: PageImageQuotaTable;
}
