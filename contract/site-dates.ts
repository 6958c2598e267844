/**
 * The site's calendar days, shared by the server and the web app. Dates are the site's (spec
 * section 9: Asia/Shanghai, +08:00, which keeps no daylight saving): `YYYY-MM-DD` names that day
 * from 00:00:00 to 23:59:59.
 */
export const SITE_UTC_OFFSET_MS = 8 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;
export const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds since the epoch at the start of a site date, or null when it is no real date. */
export function siteDayStart(date: string): number | null {
  const match = DATE_PATTERN.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(year, month - 1, day);
  const back = new Date(utc);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day)
    return null;
  return utc - SITE_UTC_OFFSET_MS;
}

/** Milliseconds since the epoch just after a site date ends (the next day's start). */
export const siteDayEnd = (date: string): number | null => {
  const start = siteDayStart(date);
  return start === null ? null : start + DAY_MS;
};
