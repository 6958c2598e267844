/**
 * How the app shows a time, on every screen and in every interface language: YYYY-MM-DD HH:mm:ss
 * (spec section 9), or YYYY-MM-DD for a day, on a clock in the reader's time zone, the zone the
 * API client sends as `Timezone` (src/app/shell/timeZone.ts), so a time the server reads in that
 * zone (the access log's filters, the statistics' days) and a time shown agree. The server answers
 * instants (milliseconds since the epoch) and formats none itself.
 */
export type ShownTime = {
  /** The zone the times are shown in. */
  timeZone: string;
  /** YYYY-MM-DD HH:mm:ss. */
  dateTime(ms: number): string;
  /** YYYY-MM-DD. */
  date(ms: number): string;
};

const FIELDS: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
};

const two = (n: number): string => String(n).padStart(2, "0");
const four = (n: number): string => String(n).padStart(4, "0");

/** The fields are read by type from a fixed locale's parts, so the order a locale writes them in never matters. */
function formatIn(timeZone: string): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat("en-US", { ...FIELDS, timeZone });
  } catch {
    // A zone this browser does not know (one stored by another browser): the browser's own.
    return new Intl.DateTimeFormat("en-US", FIELDS);
  }
}

/** One formatter for `timeZone`; keep it while the zone holds, building one costs more than using it. */
export function shownTime(timeZone: string): ShownTime {
  const format = formatIn(timeZone);
  const dateTime = (ms: number): string => {
    const parts = format.formatToParts(ms);
    const part = (type: Intl.DateTimeFormatPartTypes): number =>
      Number(parts.find((item) => item.type === type)?.value ?? "0");
    const date = `${four(part("year"))}-${two(part("month"))}-${two(part("day"))}`;
    return `${date} ${two(part("hour"))}:${two(part("minute"))}:${two(part("second"))}`;
  };
  return { timeZone: format.resolvedOptions().timeZone, dateTime, date: (ms) => dateTime(ms).slice(0, 10) };
}
