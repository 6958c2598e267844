/**
 * Idempotent writes: a write sent with an `Idempotency-Key` header is applied at most once. A repeat
 * with the same key and the same request answers what the first answered, marked with the
 * `Idempotent-Replayed: true` header; the key is the sender's per signed-in user (guests share one
 * space, so their keys must be unguessable, e.g. a UUID). Keys are kept for seven days.
 *
 * Answers of the key check itself (spec section 8 codes):
 *   400  the key is not 1–128 characters of A–Z a–z 0–9 _ - : .
 *   409  a request with this key is still being applied: send it again later
 *   422  the key was used for a different request (another route, query or body)
 */

/** Header a queued write carries so that sending it twice applies it once (lower case, as Node reads it). */
export const IDEMPOTENCY_HEADER = "idempotency-key";
/** Header on an answer repeated from the stored first one instead of running the write again. */
export const IDEMPOTENT_REPLAYED_HEADER = "idempotent-replayed";

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_\-:.]{1,128}$/;
export const IDEMPOTENCY_KEY_MAX = 128;

/** How long the server remembers a key and its answer. */
export const IDEMPOTENCY_KEY_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const IDEMPOTENCY_ERRORS = {
  badKey: 400,
  inProgress: 409,
  keyReused: 422,
} as const;

export const isIdempotencyKey = (key: string): boolean => IDEMPOTENCY_KEY_PATTERN.test(key);
