/**
 * The administrator's clock for the operation-log screens: now, and the reader's time zone, the
 * one the API client sends as `Timezone`, in which the calls' wall-clock times are read and the
 * screens' times are shown.
 */
import { useMemo } from "react";
import { useServices } from "../../app/shell/services.ts";

export type AdminClock = { now(): number; timeZone: string };

export function useAdminClock(): AdminClock {
  const timeZone = useServices().timeZone();
  return useMemo(() => ({ now: () => Date.now(), timeZone }), [timeZone]);
}
