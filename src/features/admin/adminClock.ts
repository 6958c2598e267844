/**
 * The administrator's clock for the operation-log screens: now, and the time zone the API client
 * sends as `Timezone` (the browser's), in which the calls' wall-clock times are read.
 */
export type AdminClock = { now(): number; timeZone: string };

export function browserClock(): AdminClock {
  return { now: () => Date.now(), timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone };
}
