/**
 * The reader's IANA time zone, for the API's `Timezone` header. Asking Intl builds a date
 * formatter, which costs 50–100 ms the first time in a page, in the middle of its start; where the
 * browser has Temporal, its zone costs nothing. The zone last seen is kept in storage and used at
 * start, the device is asked once the page has started (a device taken to another zone says so
 * from then on), and again at most once a minute.
 */
import type { KeyValueStorage } from "../../auth/authState.ts";

export const TIME_ZONE_KEY = "canon-reader.time-zone";
const TIME_ZONE_TTL_MS = 60_000;

export type TimeZoneDeps = {
  now(): number;
  /** The zone as Intl says it. */
  ask(): string;
  storage: Pick<KeyValueStorage, "getItem" | "setItem">;
  /** Runs work after the page has started. */
  later(work: () => void): void;
};

export function storedTimeZone(storage: Pick<KeyValueStorage, "getItem">): string | null {
  try {
    return storage.getItem(TIME_ZONE_KEY) || null;
  } catch {
    return null;
  }
}

/** The part of TC39 Temporal that names the device's zone (TypeScript's library lacks it yet). */
type TemporalNow = { Now?: { timeZoneId?(): string } };

/** The device's IANA time zone: Temporal's where the browser has it, else Intl's. */
export function askDeviceTimeZone(): string {
  const temporal = (globalThis as { Temporal?: TemporalNow }).Temporal;
  const zone = temporal?.Now?.timeZoneId?.();
  return typeof zone === "string" && zone !== "" ? zone : Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function createTimeZoneReader(deps: TimeZoneDeps): () => string {
  let known: { zone: string; at: number } | null = null;
  const askNow = (at: number): string => {
    const zone = deps.ask();
    known = { zone, at };
    try {
      deps.storage.setItem(TIME_ZONE_KEY, zone);
    } catch {
      // Storage refused: the zone is asked of Intl at the next start too.
    }
    return zone;
  };
  return () => {
    const at = deps.now();
    if (known === null) {
      const stored = storedTimeZone(deps.storage);
      if (stored === null) return askNow(at);
      known = { zone: stored, at };
      deps.later(() => askNow(deps.now()));
      return stored;
    }
    return at - known.at > TIME_ZONE_TTL_MS ? askNow(at) : known.zone;
  };
}
