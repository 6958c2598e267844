/**
 * The access log's list (spec sections 2, 7, 9): the call's filter (from 2024-09-01 00:00:00 to now
 * unless chosen), the columns, and what a group tile opens: the list filtered by it. Its address
 * is accessLogSearch.ts.
 */

import type { OplogGroup } from "../../../../contract/oplog.ts";
import { ACCESS_LOG_DEFAULT_START, type OplogGroupType } from "../../../../contract/oplog-rules.ts";
import { TRACKING_EVENTS, type TrackingEvent } from "../../../../contract/tracking-events.ts";
import type { OplogFilter } from "../../../api/adminOplog.ts";
import type { ListSearch } from "../../list-screen/listSearch.ts";
import { dayBounds, isWallDate, monthEnd } from "../../list-screen/wallTime.ts";
import type { AccessLogFilterSpec, AccessLogFilters } from "./accessLogSearch.ts";

/** The range's start when none is chosen. */
export const DEFAULT_START = `${ACCESS_LOG_DEFAULT_START} 00:00:00`;

export const ACCESS_LOG_COLUMN_IDS = [
  "user",
  "url",
  "ip",
  "userAgent",
  "event",
  "tripitaka",
  "ouid",
  "duration",
  "time",
] as const;
export type AccessLogColumnId = (typeof ACCESS_LOG_COLUMN_IDS)[number];
export const ACCESS_LOG_COLUMNS_KEY = "canon-reader.columns.admin-access-log";

export const isTrackingEvent = (value: string): value is TrackingEvent =>
  (TRACKING_EVENTS as readonly string[]).includes(value);

/** The list's and the groups' filter; an empty end is `now` (a wall-clock time). */
export function oplogFilter(search: ListSearch<AccessLogFilterSpec>, now: string): OplogFilter {
  const { user, types, start, end } = search.filters;
  const filter: OplogFilter = { start: start || DEFAULT_START, end: end || now };
  if (user !== "") filter.userid = Number(user);
  const events = types.split(",").filter(isTrackingEvent);
  if (events.length > 0) filter.event_id = events;
  return filter;
}

const HOUR_LABEL = /^(\d{4}-\d{2}-\d{2}) (\d{2})$/;
const MONTH_LABEL = /^\d{4}-\d{2}$/;

/** The wall-clock times an hour, day or month label covers, both included; null for no such label. */
export function labelBounds(
  groupType: Extract<OplogGroupType, "hour" | "day" | "month">,
  label: string,
): { start: string; end: string } | null {
  if (groupType === "hour") {
    const match = HOUR_LABEL.exec(label);
    if (!match || !isWallDate(match[1] ?? "") || Number(match[2]) > 23) return null;
    return { start: `${label}:00:00`, end: `${label}:59:59` };
  }
  if (groupType === "day") return isWallDate(label) ? dayBounds(label, label) : null;
  if (!MONTH_LABEL.test(label) || !isWallDate(`${label}-01`)) return null;
  return dayBounds(`${label}-01`, monthEnd(label));
}

/**
 * The filters a tile opens the list with: its user, its action type, or its time (within the
 * range already chosen); null when the tile names nothing the list can filter by (visitors not
 * signed in).
 */
export function tileFilters(
  groupType: OplogGroupType,
  tile: OplogGroup,
  current: AccessLogFilters,
): Partial<AccessLogFilters> | null {
  if (groupType === "userid") return tile.userid === null ? null : { user: String(tile.userid) };
  if (groupType === "event_id")
    return tile.name !== null && isTrackingEvent(tile.name) ? { types: tile.name } : null;
  const bounds = tile.name === null ? null : labelBounds(groupType, tile.name);
  if (!bounds) return null;
  return {
    start: current.start > bounds.start ? current.start : bounds.start,
    end: current.end !== "" && current.end < bounds.end ? current.end : bounds.end,
  };
}
