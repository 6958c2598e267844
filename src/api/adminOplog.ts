/**
 * The administrators' operation-log calls (spec section 7, "Operation log (admin)"): the access
 * log's entries and groups, user names, and the statistics' counters and trend. Times are
 * wall-clock times in the zone the client's `Timezone` header names (contract/oplog-rules.ts).
 */
import type { Paged } from "../../contract/envelope.ts";
import type { OplogCount, OplogEntry, OplogGroup, OplogTrend } from "../../contract/oplog.ts";
import type { OplogGroupType, OplogIndicator, OplogTimeType } from "../../contract/oplog-rules.ts";
import type { TrackingEvent } from "../../contract/tracking-events.ts";
import type { ApiClient } from "./client.ts";

/** The range and filters the access log's list and groups share. */
export type OplogFilter = {
  start: string;
  end: string;
  userid?: number;
  event_id?: readonly TrackingEvent[];
};

export type TimeRange = { start: string; end: string };

function filterParams(filter: OplogFilter): Record<string, string | number> {
  const params: Record<string, string | number> = { start: filter.start, end: filter.end };
  if (filter.userid !== undefined) params.userid = filter.userid;
  if (filter.event_id && filter.event_id.length > 0) params.event_id = filter.event_id.join(",");
  return params;
}

export function fetchOplogList(
  api: ApiClient,
  filter: OplogFilter,
  page: { page_no: number; page_size: number },
  signal?: AbortSignal,
): Promise<Paged<OplogEntry>> {
  return api.getResult<Paged<OplogEntry>>(
    api.http.get("admin/oplog/list", { searchParams: { ...filterParams(filter), ...page }, signal }),
  );
}

export function fetchOplogGroups(
  api: ApiClient,
  filter: OplogFilter,
  groupType: OplogGroupType,
  page: { page_no: number; page_size: number },
  signal?: AbortSignal,
): Promise<Paged<OplogGroup>> {
  return api.getResult<Paged<OplogGroup>>(
    api.http.get("admin/oplog/group/list", {
      searchParams: { ...filterParams(filter), group_type: groupType, ...page },
      signal,
    }),
  );
}

/** User id → display name, null for no such user; by ids, or up to 20 users matching a keyword. */
export function fetchOplogUsers(
  api: ApiClient,
  lookup: { ids: readonly number[] } | { keyword: string },
  signal?: AbortSignal,
): Promise<Record<string, string | null>> {
  const searchParams = "ids" in lookup ? { ids: lookup.ids.join(",") } : { keyword: lookup.keyword };
  return api.getResult<Record<string, string | null>>(
    api.http.get("admin/oplog/users", { searchParams, signal }),
  );
}

/** The five counters and the top full-text search keywords of a range. */
export function fetchOplogCount(api: ApiClient, range: TimeRange, signal?: AbortSignal): Promise<OplogCount> {
  return api.getResult<OplogCount>(api.http.get("admin/oplog/count", { searchParams: range, signal }));
}

export function fetchOplogTrend(
  api: ApiClient,
  query: TimeRange & { time_type: OplogTimeType; indicators: readonly OplogIndicator[] },
  signal?: AbortSignal,
): Promise<OplogTrend> {
  return api.getResult<OplogTrend>(
    api.http.get("admin/oplog/trend", {
      searchParams: {
        start: query.start,
        end: query.end,
        time_type: query.time_type,
        indicators: query.indicators.join(","),
      },
      signal,
    }),
  );
}
