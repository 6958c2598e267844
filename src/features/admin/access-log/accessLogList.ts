/**
 * The access log's query (spec sections 2, 7, 9): the user (an id), the action types (several
 * event ids), the time range (from 2024-09-01 00:00:00 to now unless chosen), the tab (groups
 * first), the grouping, the list's pager (10 a page) and the groups' pager (100 a page); and what
 * a group tile opens: the list filtered by it. The address may also give the range as the spec
 * names it, `times`: its start and end joined by a comma (or given twice).
 */

import type { OplogGroup } from "../../../../contract/oplog.ts";
import {
  ACCESS_LOG_DEFAULT_START,
  OPLOG_GROUP_PAGE_SIZE,
  OPLOG_GROUP_TYPES,
  type OplogGroupType,
} from "../../../../contract/oplog-rules.ts";
import { TRACKING_EVENTS, type TrackingEvent } from "../../../../contract/tracking-events.ts";
import type { OplogFilter } from "../../../api/adminOplog.ts";
import { asPageSize } from "../../../ui/pagination.ts";
import {
  type FilterValues,
  type ListSearch,
  type ListShape,
  listSearchValidator,
} from "../../list-screen/listSearch.ts";
import { dayBounds, isWallDate, monthEnd } from "../../list-screen/wallTime.ts";

const filters = {
  user: "id",
  types: { several: TRACKING_EVENTS },
  start: "datetime",
  end: "datetime",
} as const;

const views = {
  tab: ["group", "list"],
  group_type: OPLOG_GROUP_TYPES,
} as const;

export type AccessLogFilterSpec = typeof filters;
export type AccessLogTab = (typeof views.tab)[number];
export type AccessLogFilters = FilterValues<AccessLogFilterSpec>;

export const ACCESS_LOG: ListShape<typeof filters, typeof views> = {
  filters,
  sorts: [],
  defaultSort: "",
  views,
  groupPageSize: asPageSize(OPLOG_GROUP_PAGE_SIZE),
};

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
export function oplogFilter(search: ListSearch<typeof filters>, now: string): OplogFilter {
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

const validateListSearch = listSearchValidator(ACCESS_LOG);

/** The route's `validateSearch`: `times` read as start and end where those are not given. */
export function validateAccessLogSearch(raw: Record<string, unknown>) {
  const { times, ...rest } = raw;
  const [start, end] = (Array.isArray(times) ? times : typeof times === "string" ? times.split(",") : []).map(
    (time: unknown) => (typeof time === "string" ? time.trim() : ""),
  );
  return validateListSearch({ start, end, ...rest });
}

export function isAccessLogTab(value: string): value is AccessLogTab {
  return (views.tab as readonly string[]).includes(value);
}
