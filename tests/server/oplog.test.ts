/**
 * The administrators' operation-log calls, on SQLite and PostgreSQL: a few thousand seeded events
 * over six weeks arrive through `POST /v1/track` and the search route, then every answer of count,
 * trend and group list is compared with a plain count over the raw `oplog` rows, for ranges in
 * Asia/Shanghai, UTC, America/New_York (its 23-hour day) and Asia/Kolkata whose ends fall on day
 * boundaries of one zone that are mid-day in another, on month ends and around a whole quarter. Then the list, the user
 * lookup, who may call, the refusals, and the figures surviving the clearing of addresses and the
 * deletion of old events.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Paged } from "../../contract/envelope.ts";
import type { OplogEntry, OplogGroup } from "../../contract/oplog.ts";
import { OPLOG_GROUP_TYPES, OPLOG_TIME_TYPES } from "../../contract/oplog-rules.ts";
import { testDialects } from "../support/databases.ts";
import {
  exactSpan,
  expectedCount,
  expectedGroups,
  expectedList,
  expectedTrend,
  type Filter,
  WINDOWS,
  type Window,
} from "./oplog-expected.ts";
import { type OplogHarness, type RawRow, rawRows, sendEvents, startOplogApp } from "./oplog-setup.ts";

const DAY_MS = 86_400_000;
const FIRST_EVENT = Date.UTC(2025, 1, 20);
const LAST_EVENT = Date.UTC(2025, 3, 2);

const PAGE_SIZES: Record<(typeof OPLOG_GROUP_TYPES)[number], number> = {
  userid: 4,
  event_id: 4,
  hour: 250,
  day: 25,
  month: 1,
};

describe.each(testDialects())("the operation log's admin calls on %s", (dialect) => {
  let h: OplogHarness;
  let rows: RawRow[];
  const names = new Map<number, string>();
  const filters: Filter[] = [];

  const range = (w: Window) => ({ start: w.start, end: w.end });
  const adminGet = async (url: string, w: Window, query: Record<string, string> = {}) => {
    const reply = await h.get(h.admin, url, { ...range(w), ...query }, w.zone);
    expect(reply, `${url} ${w.label}`).toMatchObject({ statusCode: 200, code: 0 });
    return reply.result;
  };
  const filterQuery = (filter: Filter): Record<string, string> => ({
    ...(filter.userid === undefined ? {} : { userid: String(filter.userid) }),
    ...(filter.event_id === undefined ? {} : { event_id: filter.event_id.join(",") }),
  });

  beforeAll(async () => {
    h = await startOplogApp(dialect, { retention: { ipDays: 45, keepDays: 50 } });
    await h.database.canon.db
      .updateTable("user")
      .set({ nickname: "觀音" })
      .where("id", "=", h.readers[1]?.id ?? 0)
      .execute();
    for (const reader of h.readers)
      names.set(reader.id, reader.id === h.readers[1]?.id ? "觀音" : reader.username);
    await sendEvents(h, { seed: 11, from: FIRST_EVENT, to: LAST_EVENT, count: 2_500, searches: 60 });
    rows = await rawRows(h);
    const busiest = h.readers[0]?.id ?? 0;
    filters.push(
      {},
      { userid: busiest },
      { event_id: ["READ_REEL", "LOGIN"] },
      { userid: busiest, event_id: ["BROWSE_PAGE"] },
    );
  });
  afterAll(() => h.close());

  it("stored what was sent, with the searches' keywords and several readers, visitors and addresses", () => {
    expect(rows).toHaveLength(2_560);
    expect(rows.filter((r) => r.event_id === "FULLTEXT_SEARCH" && r.anonymous_uuid === "").length).toBe(60);
    expect(new Set(rows.map((r) => r.user_id)).size).toBe(h.readers.length + 1);
    expect(new Set(rows.map((r) => r.ip)).size).toBeGreaterThan(30);
  });

  it.each(WINDOWS.map((w) => [w.label, w] as const))(
    "counts every indicator and the top keywords: %s",
    async (_l, w) => {
      const expected = expectedCount(rows, w);
      expect(expected.count).toBeGreaterThan(0);
      expect(await adminGet("/v1/admin/oplog/count", w)).toEqual(expected);
    },
  );

  it.each(WINDOWS.map((w) => [w.label, w] as const))(
    "draws each indicator by hour, day and month: %s",
    async (_l, w) => {
      for (const time_type of OPLOG_TIME_TYPES) {
        const answer = await adminGet("/v1/admin/oplog/trend", w, {
          time_type,
          indicators: "count,anonymous,login,register,ip",
        });
        expect(answer, time_type).toEqual(expectedTrend(rows, w, time_type));
      }
      const some = (await adminGet("/v1/admin/oplog/trend", w, {
        time_type: "day",
        indicators: "ip,login",
      })) as {
        rows: Record<string, number>[];
      };
      const full = expectedTrend(rows, w, "day");
      expect(some.rows).toEqual(full.rows.map((row) => ({ ip: row.ip, login: row.login })));
    },
  );

  it.each(WINDOWS.map((w) => [w.label, w] as const))(
    "groups by user, event and time, filtered and paged: %s",
    async (_l, w) => {
      for (const group_type of OPLOG_GROUP_TYPES) {
        for (const filter of filters) {
          const expected = expectedGroups(rows, w, group_type, filter, names);
          const page_size = PAGE_SIZES[group_type];
          const got: OplogGroup[] = [];
          const pages = Math.max(1, Math.ceil(expected.length / page_size));
          for (let page_no = 1; page_no <= pages + 1; page_no++) {
            const page = (await adminGet("/v1/admin/oplog/group/list", w, {
              group_type,
              page_no: String(page_no),
              page_size: String(page_size),
              ...filterQuery(filter),
            })) as Paged<OplogGroup>;
            expect(page, `${group_type} ${JSON.stringify(filter)}`).toMatchObject({
              total: expected.length,
              page_count: Math.ceil(expected.length / page_size),
              page_no,
            });
            got.push(...page.list);
          }
          expect(got, `${group_type} ${JSON.stringify(filter)}`).toEqual(expected);
        }
      }
    },
  );

  it.each(WINDOWS.map((w) => [w.label, w] as const))(
    "lists the raw events newest first, exact to the second: %s",
    async (_l, w) => {
      for (const filter of filters) {
        const expected = expectedList(rows, w, filter);
        const page_size = 7;
        const lastPage = Math.max(1, Math.ceil(expected.length / page_size));
        for (const page_no of new Set([1, 2, lastPage])) {
          const page = (await adminGet("/v1/admin/oplog/list", w, {
            page_no: String(page_no),
            page_size: String(page_size),
            ...filterQuery(filter),
          })) as Paged<OplogEntry>;
          expect(page.total, JSON.stringify(filter)).toBe(expected.length);
          const want = expected.slice((page_no - 1) * page_size, page_no * page_size);
          expect(page.list).toEqual(
            want.map((row) => ({
              _id: row.id,
              userid: row.user_id,
              username: row.user_id === null ? null : (names.get(row.user_id) ?? null),
              url: row.url,
              ip: row.ip,
              user_agent: row.user_agent,
              event_id: row.event_id,
              tripitaka_uid: row.tripitaka_uid,
              ouid:
                (JSON.parse(row.extra) as { reel_uid?: string; keyword?: string }).reel_uid ??
                (JSON.parse(row.extra) as { keyword?: string }).keyword ??
                null,
              duration:
                row.event_id === "LEAVE" ? (JSON.parse(row.extra) as { duration: number }).duration : null,
              created_at: row.created_at,
            })),
          );
        }
      }
      const { from, to } = exactSpan(w);
      expect(expectedList(rows, w, {}).every((r) => r.created_at >= from && r.created_at < to)).toBe(true);
    },
  );

  it("looks users up by id (null for no such user) and by keyword", async () => {
    const [first, second] = h.readers;
    const byIds = await h.get(h.admin, "/v1/admin/oplog/users", { ids: `${first?.id},${second?.id},999999` });
    expect(byIds.result).toEqual({
      [String(first?.id)]: first?.username,
      [String(second?.id)]: "觀音",
      "999999": null,
    });
    const found = await h.get(h.admin, "/v1/admin/oplog/users", { keyword: "觀" });
    expect(found.result).toEqual({ [String(second?.id)]: "觀音" });
    const readers = await h.get(h.admin, "/v1/admin/oplog/users", { keyword: "LOG_READER" });
    expect(readers.result).toEqual(Object.fromEntries(h.readers.map((r) => [String(r.id), names.get(r.id)])));
    expect((await h.get(h.admin, "/v1/admin/oplog/users", {})).result).toEqual({});
  });

  it("answers administrators only: 401 signed out, 403 for a reader", async () => {
    const w = WINDOWS[0] as Window;
    const calls: [string, Record<string, string>][] = [
      ["/v1/admin/oplog/list", range(w)],
      ["/v1/admin/oplog/users", { ids: "1" }],
      ["/v1/admin/oplog/group/list", range(w)],
      ["/v1/admin/oplog/count", range(w)],
      ["/v1/admin/oplog/trend", { ...range(w), indicators: "count" }],
    ];
    for (const [url, query] of calls) {
      expect(await h.get(null, url, query), url).toMatchObject({ statusCode: 401, code: 401 });
      expect(await h.get(h.readers[0] ?? null, url, query), url).toMatchObject({
        statusCode: 403,
        code: 403,
      });
      expect(await h.get(h.admin, url, query), url).toMatchObject({ statusCode: 200, code: 0 });
    }
  });

  it.each([
    [
      "a date that does not exist",
      "/v1/admin/oplog/count",
      { start: "2025-02-30", end: "2025-03-01" },
      undefined,
    ],
    [
      "a time without seconds",
      "/v1/admin/oplog/count",
      { start: "2025-03-01 10:00", end: "2025-03-02" },
      undefined,
    ],
    [
      "start after end",
      "/v1/admin/oplog/count",
      { start: "2025-03-02", end: "2025-03-01 23:59:59" },
      undefined,
    ],
    [
      "start after end (list)",
      "/v1/admin/oplog/list",
      { start: "2025-03-02 00:00:01", end: "2025-03-02" },
      undefined,
    ],
    [
      "an unknown indicator",
      "/v1/admin/oplog/trend",
      { start: "2025-03-01", end: "2025-03-02", indicators: "count,visits" },
      undefined,
    ],
    [
      "no indicator",
      "/v1/admin/oplog/trend",
      { start: "2025-03-01", end: "2025-03-02", indicators: "," },
      undefined,
    ],
    [
      "an unknown time type",
      "/v1/admin/oplog/trend",
      { start: "2025-03-01", end: "2025-03-02", indicators: "count", time_type: "week" },
      undefined,
    ],
    [
      "too many hour labels",
      "/v1/admin/oplog/trend",
      { start: "2024-01-01", end: "2025-01-26", indicators: "count", time_type: "hour" },
      undefined,
    ],
    [
      "an unknown group type",
      "/v1/admin/oplog/group/list",
      { start: "2025-03-01", end: "2025-03-02", group_type: "ip" },
      undefined,
    ],
    [
      "an unknown event id",
      "/v1/admin/oplog/list",
      { start: "2025-03-01", end: "2025-03-02", event_id: "CLICK" },
      undefined,
    ],
    ["a user keyword with a control character", "/v1/admin/oplog/users", { keyword: "觀\u0000" }, undefined],
    [
      "a Timezone that is no zone name",
      "/v1/admin/oplog/count",
      { start: "2025-03-01", end: "2025-03-02" },
      "../etc/passwd",
    ],
  ])("refuses %s with 400", async (_label, url, query, zone) => {
    const reply = await h.get(h.admin, url, query as Record<string, string>, zone);
    expect(reply).toMatchObject({ statusCode: 400, code: 400, result: null });
  });

  it("takes up to the label limit, and reads an unknown zone as Asia/Shanghai", async () => {
    const hours = await h.get(h.admin, "/v1/admin/oplog/trend", {
      start: "2024-01-01",
      end: "2025-01-09 23:59:59",
      indicators: "count",
      time_type: "hour",
    });
    expect((hours.result as { labels: string[] }).labels).toHaveLength(9000);
    const w = WINDOWS[0] as Window;
    expect(w.zone).toBe("Asia/Shanghai");
    const unknown = await h.get(h.admin, "/v1/admin/oplog/count", range(w), "Mars/Olympus");
    expect(unknown.result).toEqual(expectedCount(rows, w));
  });

  it("keeps every figure when old addresses are cleared and old events deleted", async () => {
    h.clock.now = Date.UTC(2025, 4, 10);
    const pruned = await h.app.oplogWriter.prune();
    const clearedBefore = h.clock.now - 45 * DAY_MS;
    const keptFrom = h.clock.now - 50 * DAY_MS;
    expect(pruned.deleted).toBe(rows.filter((r) => r.created_at < keptFrom).length);
    expect(pruned.cleared).toBe(
      rows.filter((r) => r.created_at >= keptFrom && r.created_at < clearedBefore && r.ip !== "").length,
    );
    expect(pruned.deleted).toBeGreaterThan(0);
    const left = await rawRows(h);
    expect(left.every((r) => r.created_at >= keptFrom)).toBe(true);
    expect(left.filter((r) => r.ip !== "").every((r) => r.created_at >= clearedBefore)).toBe(true);

    for (const w of WINDOWS) {
      expect(await adminGet("/v1/admin/oplog/count", w), w.label).toEqual(expectedCount(rows, w));
      const trend = await adminGet("/v1/admin/oplog/trend", w, {
        time_type: "day",
        indicators: "count,anonymous,ip",
      });
      const full = expectedTrend(rows, w, "day");
      expect(trend, w.label).toEqual({
        labels: full.labels,
        rows: full.rows.map((row) => ({ count: row.count, anonymous: row.anonymous, ip: row.ip })),
      });
      const byUser = (await adminGet("/v1/admin/oplog/group/list", w, {
        page_size: "500",
      })) as Paged<OplogGroup>;
      expect(byUser.list, w.label).toEqual(expectedGroups(rows, w, "userid", {}, names));
    }
    const all = WINDOWS.find((w) => w.label === "all of it in Shanghai") as Window;
    const listed = (await adminGet("/v1/admin/oplog/list", all, { page_size: "100" })) as Paged<OplogEntry>;
    expect(listed.total).toBe(expectedList(left, all, {}).length);
    expect(listed.list.map((e) => e._id)).toEqual(
      expectedList(left, all, {})
        .slice(0, 100)
        .map((r) => r.id),
    );
  });
});
