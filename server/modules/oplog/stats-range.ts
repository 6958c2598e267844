/**
 * The time range of an admin operation-log call: `start` and `end` are wall times in the zone of
 * the request's `Timezone` header (absent, or a name this server does not know: Asia/Shanghai),
 * `end` inclusive to the second. Statistics count whole UTC hours, so their range is rounded out
 * to hours (which changes nothing when the ends fall on whole hours of a whole-hour zone).
 */
import { DEFAULT_TIME_ZONE } from "../../../contract/oplog-rules.ts";
import { badRequest } from "../../errors.ts";
import { hourOf } from "./buckets.ts";
import {
  epochOfWall,
  HOUR_MS,
  looksLikeZoneName,
  parseWallTime,
  SECOND_MS,
  type Zone,
  zoneOf,
} from "./time-zone.ts";

export type StatsRange = {
  zone: Zone;
  /** The exact range, milliseconds since the epoch, `endMs` exclusive. */
  startMs: number;
  endMs: number;
  /** Rounded out to whole UTC hours: hour buckets `startHour` to `endHour` (exclusive). */
  startHour: number;
  endHour: number;
};

/** The zone a `Timezone` header names; 400 for a value that is no zone name at all. */
export function zoneOfHeader(header: string | string[] | undefined): Zone {
  const fallback = () => {
    const zone = zoneOf(DEFAULT_TIME_ZONE);
    if (!zone) throw new Error(`this runtime does not know ${DEFAULT_TIME_ZONE}`);
    return zone;
  };
  if (header === undefined || header === "") return fallback();
  if (typeof header !== "string" || !looksLikeZoneName(header))
    throw badRequest("Timezone: must be an IANA time zone name such as Asia/Shanghai");
  return zoneOf(header) ?? fallback();
}

export function rangeOf(zone: Zone, query: { start: string; end: string }): StatsRange {
  const start = parseWallTime(query.start);
  const end = parseWallTime(query.end);
  if (!start) throw badRequest("start: no such time");
  if (!end) throw badRequest("end: no such time");
  if (epochOfWall(start) > epochOfWall(end)) throw badRequest("start: must not be after end");
  const startMs = zone.toInstant(start);
  // Ends inside an hour that daylight saving skips may resolve out of order: the range is empty.
  const endMs = Math.max(startMs, zone.toInstant(end) + SECOND_MS);
  return { zone, startMs, endMs, startHour: hourOf(startMs), endHour: Math.ceil(endMs / HOUR_MS) };
}
