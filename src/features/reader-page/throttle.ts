/** Page turning by arrows and keys runs at most once a second (spec section 9). */

export const PAGE_TURN_THROTTLE_MS = 1000;

/** Returns a gate: true when the action may run now, false within `ms` of the last run. */
export function createThrottle(ms: number, now: () => number): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const t = now();
    if (t - last < ms) return false;
    last = t;
    return true;
  };
}
