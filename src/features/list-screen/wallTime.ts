/**
 * Wall-clock times of a time zone, "YYYY-MM-DD HH:mm:ss" and "YYYY-MM-DD", as the operation log's
 * calls take and answer them (contract/oplog-rules.ts: the zone is the request's `Timezone`
 * header): checked as real calendar times, read from an instant in a named zone, and moved by
 * whole calendar days. Texts of this form in one zone sort as their times do.
 */
import { shownTime } from "../../ui/shownTime.ts";

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const WALL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const two = (n: number): string => String(n).padStart(2, "0");
const four = (n: number): string => String(n).padStart(4, "0");

function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** "YYYY-MM-DD" naming a real day. */
export function isWallDate(text: string): boolean {
  const match = WALL_DATE.exec(text);
  return match !== null && isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** "YYYY-MM-DD HH:mm:ss" naming a real time of a real day. */
export function isWallTime(text: string): boolean {
  const match = WALL_TIME.exec(text);
  if (!match) return false;
  const [hour, minute, second] = [Number(match[4]), Number(match[5]), Number(match[6])];
  return (
    isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3])) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59
  );
}

/** The time `ms` (since the epoch) shows on a clock in `timeZone`, as the app shows times. */
export function wallTime(ms: number, timeZone: string): string {
  return shownTime(timeZone).dateTime(ms);
}

/** The day `ms` falls on in `timeZone`. */
export function wallDate(ms: number, timeZone: string): string {
  return wallTime(ms, timeZone).slice(0, 10);
}

/** The day `days` calendar days after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  const match = WALL_DATE.exec(date);
  if (!match) throw new Error(`not a date: ${date}`);
  const moved = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days));
  return `${four(moved.getUTCFullYear())}-${two(moved.getUTCMonth() + 1)}-${two(moved.getUTCDate())}`;
}

/** The last day of the month "YYYY-MM". */
export function monthEnd(month: string): string {
  const [year, number] = month.split("-").map(Number);
  const last = new Date(Date.UTC(year ?? 0, number ?? 1, 0));
  return `${month}-${two(last.getUTCDate())}`;
}

/** The whole days from `start` to `end`, both included: 00:00:00 to 23:59:59. */
export function dayBounds(start: string, end: string): { start: string; end: string } {
  return { start: `${start} 00:00:00`, end: `${end} 23:59:59` };
}

/** A wall-clock time as a `datetime-local` input holds it ("YYYY-MM-DDTHH:mm:ss"). */
export function toLocalInput(time: string): string {
  return time.replace(" ", "T");
}

/**
 * What a `datetime-local` input holds ("YYYY-MM-DDTHH:mm", seconds given only when not zero) as a
 * wall-clock time; "" when it holds nothing usable.
 */
export function fromLocalInput(value: string): string {
  const [date = "", clock = ""] = value.split("T");
  const time = `${date} ${clock.length === 5 ? `${clock}:00` : clock.slice(0, 8)}`;
  return isWallTime(time) ? time : "";
}
