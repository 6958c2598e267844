/**
 * The access log's rules: its query in the address (filters, tab, grouping, the two pagers), the
 * calls' filter with the default range, what a group tile opens, and the wall-clock times the
 * filters and the list use.
 */
import { describe, expect, it } from "vitest";
import type { TrackingEvent as OplogEntryEvent } from "../../contract/tracking-events.ts";
import { labelBounds, oplogFilter, tileFilters } from "../../src/features/admin/access-log/accessLogList.ts";
import { objectHref } from "../../src/features/admin/access-log/accessLogObject.ts";
import {
  ACCESS_LOG,
  type AccessLogFilters,
  validateAccessLogSearch,
} from "../../src/features/admin/access-log/accessLogSearch.ts";
import {
  listSearchValidator,
  printListExtras,
  printListSearch,
  readListExtras,
  readListSearch,
  withFilters,
} from "../../src/features/list-screen/listSearch.ts";
import {
  fromLocalInput,
  isWallTime,
  toLocalInput,
  wallTime,
} from "../../src/features/list-screen/wallTime.ts";

const validate = listSearchValidator(ACCESS_LOG);
const noFilters: AccessLogFilters = { user: "", types: "", start: "", end: "" };

describe("the access log's address", () => {
  it("reads the spec's times as the range's start and end, beside start and end", () => {
    const range = { start: "2024-09-01 00:00:00", end: "2024-09-30 23:59:59" };
    expect(validateAccessLogSearch({ times: `${range.start},${range.end}` })).toEqual(range);
    expect(validateAccessLogSearch({ times: [range.start, range.end], user: 7 })).toEqual({
      ...range,
      user: "7",
    });
    expect(validateAccessLogSearch({ times: range.start })).toEqual({ start: range.start });
    // start and end, when given, are the range.
    expect(
      validateAccessLogSearch({ times: `${range.start},${range.end}`, end: "2024-09-02 00:00:00" }),
    ).toEqual({
      start: range.start,
      end: "2024-09-02 00:00:00",
    });
    expect(validateAccessLogSearch({ times: "yesterday,today" })).toEqual({});
    expect(validateAccessLogSearch({ ...range, tab: "list" })).toEqual({ ...range, tab: "list" });
  });

  it("keeps the spec's txt_type when it names a text form, and drops it otherwise", () => {
    expect(validateAccessLogSearch({ tab: "list", txt_type: "sim_txt" })).toEqual({
      tab: "list",
      txt_type: "sim_txt",
    });
    expect(validateAccessLogSearch({ txt_type: "big5" })).toEqual({});
    expect(readListExtras(ACCESS_LOG, { txt_type: "ori_txt" }).views.txt_type).toBe("ori_txt");
    expect(readListExtras(ACCESS_LOG, {}).views.txt_type).toBe("");
  });

  it("is empty for the defaults: the group tab by user, first pages, 10 entries and 100 tiles a page", () => {
    expect(validate({})).toEqual({});
    expect(
      validate({
        tab: "group",
        group_type: "userid",
        page_no: 1,
        page_size: 10,
        page_no_group: 1,
        page_size_group: 100,
      }),
    ).toEqual({});
    expect(readListExtras(ACCESS_LOG, {})).toEqual({
      views: { tab: "group", group_type: "userid", txt_type: "" },
      page_no_group: 1,
      page_size_group: 100,
    });
  });

  it("keeps the user, the action types in the events' order, the times, the tab, the grouping and both pagers", () => {
    const printed = validate({
      user: 42,
      types: "LOGIN, FULLTEXT_SEARCH,NOT_AN_EVENT",
      start: "2026-11-01 08:00:00",
      end: "2026-11-25 23:59:59",
      tab: "list",
      group_type: "day",
      page_no: "3",
      page_size: 20,
      page_no_group: 2,
      page_size_group: 50,
    });
    expect(printed).toEqual({
      user: "42",
      types: "FULLTEXT_SEARCH,LOGIN",
      start: "2026-11-01 08:00:00",
      end: "2026-11-25 23:59:59",
      page_no: 3,
      page_size: 20,
      tab: "list",
      group_type: "day",
      page_no_group: 2,
      page_size_group: 50,
    });
    expect(validate(printed)).toEqual(printed);
  });

  it("drops a user that is no id, times that are no real times, and unknown tabs and groupings", () => {
    expect(
      validate({
        user: "admin",
        start: "2026-02-30 00:00:00",
        end: "2026-11-25",
        tab: "chart",
        group_type: "week",
        page_size_group: 7,
      }),
    ).toEqual({});
    expect(validate({ user: "0" })).toEqual({});
  });

  it("goes back to the first page of both pagers on a new search, keeping the tab and grouping", () => {
    const raw = { tab: "list", group_type: "hour", page_no: 4, page_no_group: 3 };
    const search = readListSearch(ACCESS_LOG, raw);
    const next = withFilters(ACCESS_LOG, search, { ...noFilters, user: "7" });
    const extras = { ...readListExtras(ACCESS_LOG, raw), page_no_group: 1 };
    expect({ ...printListSearch(ACCESS_LOG, next), ...printListExtras(ACCESS_LOG, extras) }).toEqual({
      user: "7",
      tab: "list",
      group_type: "hour",
    });
  });
});

describe("the calls' filter", () => {
  it("runs from 2024-09-01 00:00:00 to now unless a range is chosen", () => {
    const search = readListSearch(ACCESS_LOG, {});
    expect(oplogFilter(search, "2026-11-25 10:00:00")).toEqual({
      start: "2024-09-01 00:00:00",
      end: "2026-11-25 10:00:00",
    });
  });

  it("names the user by id and the action types as event ids", () => {
    const search = readListSearch(ACCESS_LOG, {
      user: "12",
      types: "READ_REEL,LOGIN",
      start: "2026-01-01 00:00:00",
      end: "2026-01-31 23:59:59",
    });
    expect(oplogFilter(search, "2026-11-25 10:00:00")).toEqual({
      start: "2026-01-01 00:00:00",
      end: "2026-01-31 23:59:59",
      userid: 12,
      event_id: ["LOGIN", "READ_REEL"],
    });
  });
});

describe("a group tile", () => {
  it("opens the list of its user, or nothing for visitors not signed in", () => {
    expect(tileFilters("userid", { userid: 5, name: "道安", count: 3 }, noFilters)).toEqual({ user: "5" });
    expect(tileFilters("userid", { userid: null, name: null, count: 9 }, noFilters)).toBeNull();
  });

  it("opens the list of its action type", () => {
    expect(tileFilters("event_id", { userid: null, name: "FULLTEXT_SEARCH", count: 2 }, noFilters)).toEqual({
      types: "FULLTEXT_SEARCH",
    });
    expect(tileFilters("event_id", { userid: null, name: "SOMETHING", count: 2 }, noFilters)).toBeNull();
  });

  it("opens the list of its hour, day or month", () => {
    const tile = (name: string) => ({ userid: null, name, count: 1 });
    expect(tileFilters("hour", tile("2026-11-25 13"), noFilters)).toEqual({
      start: "2026-11-25 13:00:00",
      end: "2026-11-25 13:59:59",
    });
    expect(tileFilters("day", tile("2026-11-25"), noFilters)).toEqual({
      start: "2026-11-25 00:00:00",
      end: "2026-11-25 23:59:59",
    });
    expect(tileFilters("month", tile("2024-02"), noFilters)).toEqual({
      start: "2024-02-01 00:00:00",
      end: "2024-02-29 23:59:59",
    });
    expect(tileFilters("month", tile("2026-13"), noFilters)).toBeNull();
    expect(tileFilters("hour", tile("2026-11-25 24"), noFilters)).toBeNull();
  });

  it("keeps within the range already chosen", () => {
    const chosen = { ...noFilters, start: "2026-11-10 12:30:00", end: "2026-11-20 08:00:00" };
    expect(tileFilters("month", { userid: null, name: "2026-11", count: 4 }, chosen)).toEqual({
      start: "2026-11-10 12:30:00",
      end: "2026-11-20 08:00:00",
    });
    expect(tileFilters("day", { userid: null, name: "2026-11-15", count: 4 }, chosen)).toEqual({
      start: "2026-11-15 00:00:00",
      end: "2026-11-15 23:59:59",
    });
  });

  it("labels bound whole hours, days and months", () => {
    expect(labelBounds("month", "2023-02")).toEqual({
      start: "2023-02-01 00:00:00",
      end: "2023-02-28 23:59:59",
    });
    expect(labelBounds("day", "2023-02-29")).toBeNull();
  });
});

describe("wall-clock times", () => {
  it("are read from an instant on the clock of a time zone, summer time included", () => {
    const instant = Date.UTC(2026, 6, 1, 22, 5, 9);
    expect(wallTime(instant, "Asia/Shanghai")).toBe("2026-07-02 06:05:09");
    expect(wallTime(instant, "Europe/Berlin")).toBe("2026-07-02 00:05:09");
    expect(wallTime(Date.UTC(2026, 0, 1, 22, 5, 9), "Europe/Berlin")).toBe("2026-01-01 23:05:09");
  });

  it("go to and from a datetime-local input, which leaves out zero seconds", () => {
    expect(toLocalInput("2024-09-01 00:00:00")).toBe("2024-09-01T00:00:00");
    expect(fromLocalInput("2024-09-01T00:00")).toBe("2024-09-01 00:00:00");
    expect(fromLocalInput("2024-09-01T13:14:15")).toBe("2024-09-01 13:14:15");
    expect(fromLocalInput("")).toBe("");
    expect(isWallTime("2024-09-01 24:00:00")).toBe(false);
  });
});

describe("an access-log entry's object", () => {
  const entry = (event_id: OplogEntryEvent, ouid: string | null, tripitaka_uid: string | null = "TS") => ({
    event_id,
    ouid,
    tripitaka_uid,
  });

  it("opens the reel or page read or left", () => {
    expect(objectHref(entry("READ_REEL", "TS0251_1"), "")).toBe("/scroll/TS0251_1");
    expect(objectHref(entry("LEAVE", "TS0251_1"), "sim_txt")).toBe("/scroll/TS0251_1");
    expect(objectHref(entry("READ_PAGE", "JS_100_527"), "")).toBe("/page/JS_100_527");
    expect(objectHref(entry("LEAVE", "JS_100_527"), "")).toBe("/page/JS_100_527");
  });

  it("runs a logged search again, in the address's text form when it gives one", () => {
    expect(objectHref(entry("FULLTEXT_SEARCH", "如是 我聞"), "")).toBe(
      "/TS/search?keyword=%E5%A6%82%E6%98%AF+%E6%88%91%E8%81%9E",
    );
    expect(objectHref(entry("FULLTEXT_SEARCH", "如是"), "ori_txt")).toBe(
      "/TS/search?keyword=%E5%A6%82%E6%98%AF&txt_type=ori_txt",
    );
  });

  it("links nothing else", () => {
    expect(objectHref(entry("READ_REEL", null), "")).toBeNull();
    expect(objectHref(entry("READ_REEL", "not a reel"), "")).toBeNull();
    expect(objectHref(entry("FULLTEXT_SEARCH", "如是", null), "")).toBeNull();
    expect(objectHref(entry("CHAR_SEARCH", "如"), "")).toBeNull();
  });
});
