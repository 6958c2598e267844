/**
 * The web app's own calls pass the strict admin lists and the char image screen's new parameters,
 * on SQLite and on PostgreSQL: each admin list screen's request, every filter filled and a sort
 * chosen, sent by the app's API functions over HTTP to the real server; the access log's list,
 * groups, user names, counters and trend; and the char group order and statistics categories.
 */
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAR_GROUP_SORTS, CHAR_STATS_CATEGORIES } from "../../contract/char-image-rules.ts";
import { OPLOG_GROUP_TYPES } from "../../contract/oplog-rules.ts";
import { fetchAdminApplications } from "../../src/api/adminApplications.ts";
import { fetchAdminArticles } from "../../src/api/adminArticles.ts";
import { fetchAdminFeedbackLogs, fetchAdminFeedbacks } from "../../src/api/adminFeedback.ts";
import {
  fetchOplogCount,
  fetchOplogGroups,
  fetchOplogList,
  fetchOplogTrend,
  fetchOplogUsers,
} from "../../src/api/adminOplog.ts";
import { fetchAdminUsers } from "../../src/api/adminUsers.ts";
import { fetchCharGroups, fetchCharStats } from "../../src/api/charImage.ts";
import { type ApiClient, createApiClient } from "../../src/api/client.ts";
import { ApiError } from "../../src/api/errors.ts";
import { createEmitter } from "../../src/api/events.ts";
import { oplogFilter } from "../../src/features/admin/access-log/accessLogList.ts";
import { ACCESS_LOG } from "../../src/features/admin/access-log/accessLogSearch.ts";
import { APPLICATION_LIST } from "../../src/features/admin/applications/applicationList.ts";
import { articleListShape } from "../../src/features/admin/articles/articleListShape.ts";
import { FEEDBACK_LIST } from "../../src/features/admin/feedback/feedbackSearch.ts";
import { ADMIN_USER_LIST } from "../../src/features/admin/users/adminUserList.ts";
import {
  type FilterKind,
  type FilterSpec,
  type ListShape,
  listRequestQuery,
  readListSearch,
} from "../../src/features/list-screen/listSearch.ts";
import { testDialects } from "../support/databases.ts";
import type { AuthHarness } from "./auth-setup.ts";
import { type ResearchTokens, startResearchApp } from "./research-setup.ts";

/** A value each kind of filter keeps. */
function filled(kind: FilterKind): string {
  if (kind === "text") return "a";
  if (kind === "date") return "2024-09-01";
  if (kind === "datetime") return "2024-09-01 00:00:00";
  if (kind === "id") return "1";
  if ("several" in kind) return kind.several.slice(0, 2).join(",");
  return kind[0] ?? "";
}

/** The screen's request with every filter filled and its last order chosen. */
function fullRequest<Spec extends FilterSpec>(shape: ListShape<Spec>): Record<string, string | number> {
  const raw: Record<string, unknown> = { sort_by: shape.sorts.at(-1) ?? "", page_no: 2, page_size: 20 };
  for (const [key, kind] of Object.entries(shape.filters)) raw[key] = filled(kind);
  const request = listRequestQuery(readListSearch(shape, raw));
  expect(Object.keys(request).length).toBeGreaterThanOrEqual(Object.keys(shape.filters).length + 2);
  return request;
}

describe.each(testDialects())("the web app's calls to the strict lists on %s", (dialect) => {
  let h: AuthHarness;
  let tokens: ResearchTokens;
  const clientOf = (token: string, origin: string): ApiClient =>
    createApiClient({
      prefixUrl: `${origin}/v1`,
      tokens: { get: () => token, set: () => undefined, clear: () => undefined },
      events: createEmitter(),
      timeZone: () => "Asia/Shanghai",
    });
  let admin: ApiClient;
  let researcher: ApiClient;

  beforeAll(async () => {
    ({ h, tokens } = await startResearchApp(dialect, "snc"));
    await h.app.listen({ port: 0, host: "127.0.0.1" });
    const origin = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    admin = clientOf(tokens.admin, origin);
    researcher = clientOf(tokens.researcher, origin);
  });
  afterAll(() => h.close());

  it("sends each admin list screen's full request and gets its page", async () => {
    const users = fullRequest(ADMIN_USER_LIST);
    expect(users).toMatchObject({ role: expect.any(String), sort_by: expect.any(String) });
    expect(await fetchAdminUsers(admin, users)).toMatchObject({ page_no: 2, page_size: 20 });
    expect(await fetchAdminArticles(admin, fullRequest(articleListShape))).toMatchObject({ page_no: 2 });
    expect(await fetchAdminApplications(admin, fullRequest(APPLICATION_LIST))).toMatchObject({ page_no: 2 });
    expect(await fetchAdminFeedbacks(admin, fullRequest(FEEDBACK_LIST))).toMatchObject({ page_no: 2 });
    // No such feedback: its conversation is a 404, its query no 400.
    await expect(fetchAdminFeedbackLogs(admin, 999_999)).rejects.toSatisfy(
      (error) => error instanceof ApiError && error.status === 404,
    );
  });

  it("sends the access log's and the statistics' calls as the screens make them", async () => {
    const raw: Record<string, unknown> = {};
    for (const [key, kind] of Object.entries(ACCESS_LOG.filters)) raw[key] = filled(kind);
    const filter = oplogFilter(readListSearch(ACCESS_LOG, raw), "2030-01-01 00:00:00");
    expect(filter).toMatchObject({ userid: 1, event_id: expect.arrayContaining([expect.any(String)]) });
    expect(await fetchOplogList(admin, filter, { page_no: 1, page_size: 10 })).toMatchObject({ total: 0 });
    for (const groupType of OPLOG_GROUP_TYPES)
      expect(await fetchOplogGroups(admin, filter, groupType, { page_no: 1, page_size: 100 })).toMatchObject({
        page_size: 100,
      });
    expect(await fetchOplogUsers(admin, { ids: [1, 2] })).toHaveProperty("1");
    expect(await fetchOplogUsers(admin, { keyword: "snc" })).toBeTypeOf("object");
    const range = { start: "2024-09-01 00:00:00", end: "2030-01-01 00:00:00" };
    expect(await fetchOplogCount(admin, range)).toHaveProperty("count");
    expect(
      await fetchOplogTrend(admin, { ...range, time_type: "month", indicators: ["count", "ip"] }),
    ).toHaveProperty("labels");
  });

  it("sends the char group orders and the statistics categories the char image screen offers", async () => {
    const query = { page_uid: "GL_79_4_7" };
    const orders = new Set<string>();
    for (const sort_by of CHAR_GROUP_SORTS) {
      const page = await fetchCharGroups(
        researcher,
        "GL",
        query,
        { txt_type: "ori_txt", sort_by },
        {
          page_no: 1,
          page_size: 100,
        },
      );
      orders.add(page.list.map((group) => group.txt).join(""));
    }
    expect(orders.size).toBe(CHAR_GROUP_SORTS.length);
    expect(await fetchCharStats(researcher, "GL", query, "sim_txt", ["pages", "sutras"])).toEqual({
      pages: 1,
      sutras: 1,
    });
    expect(
      Object.keys(await fetchCharStats(researcher, "GL", query, "ori_txt", CHAR_STATS_CATEGORIES)),
    ).toEqual([...CHAR_STATS_CATEGORIES]);
    await expect(fetchCharStats(researcher, "GL", query, "ori_txt", [])).rejects.toSatisfy(
      (error) => error instanceof ApiError && error.status === 400,
    );
  });
});
