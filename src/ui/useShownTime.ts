/** The reader's time format (shownTime.ts), in the zone the API client sends as `Timezone`. */
import { useMemo } from "react";
import { useServices } from "../app/shell/services.ts";
import { type ShownTime, shownTime } from "./shownTime.ts";

export function useShownTime(): ShownTime {
  const zone = useServices().timeZone();
  return useMemo(() => shownTime(zone), [zone]);
}
