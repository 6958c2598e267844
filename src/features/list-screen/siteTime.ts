/**
 * Times on the admin screens (spec section 9): YYYY-MM-DD HH:mm:ss in the site's time zone
 * (+08:00, no daylight saving), the same days the date filters name.
 */
import { SITE_UTC_OFFSET_MS } from "../../../contract/site-dates.ts";

const two = (n: number): string => String(n).padStart(2, "0");

export function siteDateTime(ms: number): string {
  const at = new Date(ms + SITE_UTC_OFFSET_MS);
  const date = `${at.getUTCFullYear()}-${two(at.getUTCMonth() + 1)}-${two(at.getUTCDate())}`;
  return `${date} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())}`;
}
