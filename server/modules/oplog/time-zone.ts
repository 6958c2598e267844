/**
 * Wall-clock times in an IANA time zone and instants (milliseconds since the epoch, UTC), converted
 * with Intl, daylight saving included. A wall time that a zone skips (the spring-forward hour) or
 * repeats (the fall-back hour) resolves as Temporal's "compatible" disambiguation does: a skipped
 * time moves forward by the gap, a repeated one names the earlier instant.
 */

export const SECOND_MS = 1000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export type WallTime = {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

export type Zone = {
  readonly name: string;
  /** Local time minus UTC at `instant`, in milliseconds. */
  offsetAt(instant: number): number;
  toInstant(wall: WallTime): number;
  toWall(instant: number): WallTime;
};

/** The shape of an IANA zone name (Asia/Shanghai, America/Argentina/Buenos_Aires, UTC, Etc/GMT+5). */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]{0,29}(?:\/[A-Za-z0-9_+-]{1,30}){0,2}$/;

export const looksLikeZoneName = (text: string): boolean => ZONE_NAME.test(text);

const WALL_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

/** "YYYY-MM-DD HH:mm:ss" or "YYYY-MM-DD" (midnight); null unless it is a real calendar time. */
export function parseWallTime(text: string): WallTime | null {
  const match = WALL_TEXT.exec(text);
  if (!match) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match.slice(1).map((v) => Number(v ?? 0));
  const wall = { year, month, day, hour, minute, second } as WallTime;
  const back = wallFromEpoch(epochOfWall(wall));
  return back.year === wall.year &&
    back.month === wall.month &&
    back.day === wall.day &&
    back.hour === wall.hour &&
    back.minute === wall.minute &&
    back.second === wall.second
    ? wall
    : null;
}

/** The wall time read as if it were UTC, in milliseconds (years below 100 included). */
export function epochOfWall(wall: WallTime): number {
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  date.setUTCHours(wall.hour, wall.minute, wall.second, 0);
  return date.getTime();
}

export function wallFromEpoch(epoch: number): WallTime {
  const date = new Date(epoch);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

export type LabelUnit = "hour" | "day" | "month";

/** `2026-11-25 13`, `2026-11-25` or `2026-11`. */
export function labelOf(wall: WallTime, unit: LabelUnit): string {
  const month = `${pad(wall.year, 4)}-${pad(wall.month)}`;
  if (unit === "month") return month;
  const day = `${month}-${pad(wall.day)}`;
  return unit === "day" ? day : `${day} ${pad(wall.hour)}`;
}

/** The wall time at which the label `unit` holding `wall` starts. */
export function startOfLabel(wall: WallTime, unit: LabelUnit): WallTime {
  return {
    year: wall.year,
    month: wall.month,
    day: unit === "month" ? 1 : wall.day,
    hour: unit === "hour" ? wall.hour : 0,
    minute: 0,
    second: 0,
  };
}

/** The wall time one `unit` after `wall` (calendar arithmetic, no zone involved). */
export function nextLabelStart(wall: WallTime, unit: LabelUnit): WallTime {
  const date = new Date(epochOfWall(wall));
  if (unit === "month") date.setUTCMonth(date.getUTCMonth() + 1);
  else if (unit === "day") date.setUTCDate(date.getUTCDate() + 1);
  else date.setUTCHours(date.getUTCHours() + 1);
  return wallFromEpoch(date.getTime());
}

/** The zone of an IANA name, or null when this runtime's Intl does not know the name. */
export function zoneOf(name: string): Zone | null {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: name,
      hourCycle: "h23",
      era: "short",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
  } catch {
    return null;
  }

  const exactOffset = (instant: number): number => {
    const second = Math.floor(instant / SECOND_MS) * SECOND_MS;
    const wall: WallTime = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
    let beforeCommonEra = false;
    for (const part of format.formatToParts(second)) {
      if (part.type === "era") beforeCommonEra = part.value === "BC";
      else if (part.type in wall) wall[part.type as keyof WallTime] = Number(part.value);
    }
    if (beforeCommonEra) wall.year = 1 - wall.year;
    return epochOfWall(wall) - second;
  };

  // Offsets by UTC day: when the offsets at both ends of a day agree, the whole day has that
  // offset (zones change their offset months apart, never twice within a day and back).
  const dayOffsets = new Map<number, number | null>();
  const offsetAt = (instant: number): number => {
    const day = Math.floor(instant / DAY_MS);
    let known = dayOffsets.get(day);
    if (known === undefined) {
      const atStart = exactOffset(day * DAY_MS);
      known = atStart === exactOffset((day + 1) * DAY_MS) ? atStart : null;
      dayOffsets.set(day, known);
    }
    return known ?? exactOffset(instant);
  };

  return {
    name: format.resolvedOptions().timeZone,
    offsetAt,
    toInstant(wall) {
      const local = epochOfWall(wall);
      const before = offsetAt(local - DAY_MS);
      const after = offsetAt(local + DAY_MS);
      // Read with the offset in force a day before, and a day after; the earlier reading that
      // fits wins, and neither fits only inside a skipped hour.
      const early = local - before;
      const earlyFits = offsetAt(early) === before;
      if (earlyFits && before === after) return early;
      const late = local - after;
      const lateFits = offsetAt(late) === after;
      if (earlyFits && lateFits) return Math.min(early, late);
      if (lateFits) return late;
      return early;
    },
    toWall: (instant) => wallFromEpoch(instant + offsetAt(instant)),
  };
}
