/** Dates in the storage panel and a pack's summary, shown as every time is (src/ui/shownTime.ts). */
import { askDeviceTimeZone } from "../../app/shell/timeZone.ts";
import { shownTime } from "../../ui/shownTime.ts";

export function shownDate(ms: number): string {
  return shownTime(askDeviceTimeZone()).dateTime(ms);
}
