/**
 * The access log's address (spec sections 2, 7, 9), read when the route is matched: the user (an
 * id), the action types (several event ids), the time range, the tab (groups first), the grouping
 * and the two pagers. The address may also give the range as the spec names it, `times`: its
 * start and end joined by a comma (or given twice). `txt_type` is the text form a search the log
 * names is opened in (none: the administrator's own).
 */
import { OPLOG_GROUP_PAGE_SIZE, OPLOG_GROUP_TYPES } from "../../../../contract/oplog-rules.ts";
import { TRACKING_EVENTS } from "../../../../contract/tracking-events.ts";
import { txtTypes } from "../../../../contract/tripitaka.ts";
import { asPageSize } from "../../../ui/pagination.ts";
import { type FilterValues, type ListShape, listSearchValidator } from "../../list-screen/listSearch.ts";

const filters = {
  user: "id",
  types: { several: TRACKING_EVENTS },
  start: "datetime",
  end: "datetime",
} as const;

const views = {
  tab: ["group", "list"],
  group_type: OPLOG_GROUP_TYPES,
  txt_type: ["", ...txtTypes],
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
