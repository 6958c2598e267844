/**
 * Parameter names as the spec writes them, on SQLite and on PostgreSQL: the spec's camelCase
 * names (`eventId`, `groupType`, `isManual`, `isDeform`, `msgType`, `realName`, `latestStatus`,
 * `sortCond`) answer as the server's names do, both given with different values is a 400 naming
 * the spec's one, and the OpenAPI document states each beside the server's name. The admin lists
 * refuse an unknown query parameter with a 400 naming it (the web app's own calls are checked to
 * pass in spec-names-client.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../support/databases.ts";
import { type AuthHarness, bearer, parse, type Reply } from "./auth-setup.ts";
import { type ResearchTokens, startResearchApp } from "./research-setup.ts";

const RANGE = { start: "2000-01-01 00:00:00", end: "2099-12-31 23:59:59" };

/** Every admin list with the least query it answers 200 to (the feedback's logs: 404, no such feedback). */
const ADMIN_LISTS: [string, Record<string, string>][] = [
  ["/v1/admin/users", {}],
  ["/v1/admin/article/list", {}],
  ["/v1/admin/applications", {}],
  ["/v1/admin/feedbacks", {}],
  ["/v1/admin/feedback/999999/logs", {}],
  ["/v1/admin/oplog/list", RANGE],
  ["/v1/admin/oplog/group/list", RANGE],
  ["/v1/admin/oplog/users", {}],
  ["/v1/admin/oplog/count", RANGE],
  ["/v1/admin/oplog/trend", { start: "2026-01-01", end: "2026-01-31", indicators: "count" }],
];

type Parameter = { in: string; name: string; description?: string; schema: { description?: string } };
type Operation = {
  parameters?: Parameter[];
  requestBody?: {
    content: Record<string, { schema: { properties?: Record<string, { description?: string }> } }>;
  };
};
type Document = { paths: Record<string, Record<string, Operation>> };

describe.each(testDialects())("parameter names as the spec writes them on %s", (dialect) => {
  let h: AuthHarness;
  let tokens: ResearchTokens;

  beforeAll(async () => {
    ({ h, tokens } = await startResearchApp(dialect, "sn"));
    // Events to filter and group: char searches and full-text searches, recorded by the server.
    for (const ot of ["城", "華", "經"])
      await get(tokens.researcher, "/v1/tripitaka/GL/char/list", { ot, page_uid: "GL_79_4_7" });
    await h.app.inject({ method: "POST", url: "/v1/tripitaka/TS/search", payload: { keyword: "佛" } });
    await h.app.oplogWriter.flush();
  });
  afterAll(() => h.close());

  async function get(
    token: string,
    url: string,
    query: Record<string, string | string[]> = {},
  ): Promise<Reply> {
    return parse(await h.app.inject({ method: "GET", url, query, headers: bearer(token) }));
  }
  const ok = async (token: string, url: string, query: Record<string, string | string[]>) => {
    const reply = await get(token, url, query);
    expect(reply, `${url} ${JSON.stringify(query)}`).toMatchObject({ statusCode: 200, code: 0 });
    return reply.result;
  };
  const refused = async (token: string, url: string, query: Record<string, string>, naming: string) => {
    const reply = await get(token, url, query);
    expect(reply, `${url} ${JSON.stringify(query)}`).toMatchObject({
      statusCode: 400,
      code: 400,
      result: null,
    });
    expect(reply.msg).toContain(naming);
  };

  it("reads the access log's eventId as event_id and the groups' groupType as group_type", async () => {
    const admin = tokens.admin;
    const list = "/v1/admin/oplog/list";
    const all = (await ok(admin, list, RANGE)) as { total: number };
    const bySpec = (await ok(admin, list, { ...RANGE, eventId: "CHAR_SEARCH" })) as { total: number };
    expect(bySpec).toEqual(await ok(admin, list, { ...RANGE, event_id: "CHAR_SEARCH" }));
    expect(bySpec.total).toBe(3);
    expect(all.total).toBeGreaterThan(bySpec.total);
    // Several, comma-joined or repeated, as event_id takes them.
    const two = await ok(admin, list, { ...RANGE, eventId: "CHAR_SEARCH,FULLTEXT_SEARCH" });
    expect(two).toEqual(await ok(admin, list, { ...RANGE, eventId: ["CHAR_SEARCH", "FULLTEXT_SEARCH"] }));
    expect(two).toMatchObject({ total: 4 });

    const groups = "/v1/admin/oplog/group/list";
    const byEvent = await ok(admin, groups, { ...RANGE, groupType: "event_id" });
    expect(byEvent).toEqual(await ok(admin, groups, { ...RANGE, group_type: "event_id" }));
    expect(byEvent).not.toEqual(await ok(admin, groups, RANGE));
    expect(byEvent).toMatchObject({
      list: expect.arrayContaining([{ name: "CHAR_SEARCH", userid: null, count: 3 }]),
    });
    const filtered = await ok(admin, groups, { ...RANGE, groupType: "event_id", eventId: "FULLTEXT_SEARCH" });
    expect(filtered).toMatchObject({ total: 1, list: [{ name: "FULLTEXT_SEARCH", count: 1 }] });
  });

  it("refuses both names with different values, naming the spec's, and takes them with the same", async () => {
    const admin = tokens.admin;
    await refused(
      admin,
      "/v1/admin/oplog/list",
      { ...RANGE, eventId: "LOGIN", event_id: "READ_REEL" },
      "eventId",
    );
    await refused(
      admin,
      "/v1/admin/oplog/group/list",
      { ...RANGE, groupType: "day", group_type: "hour" },
      "groupType",
    );
    await refused(admin, "/v1/admin/oplog/group/list", { ...RANGE, groupType: "week" }, "group_type");
    await ok(admin, "/v1/admin/oplog/list", { ...RANGE, eventId: "CHAR_SEARCH", event_id: "CHAR_SEARCH" });
    const charTypes = "/v1/tripitaka/JS/char_type/list";
    await refused(tokens.researcher, charTypes, { isManual: "true", is_manual: "false" }, "isManual");
    await refused(tokens.researcher, charTypes, { isDeform: "maybe" }, "is_deform");
    await refused(tokens.reader, "/v1/messages", { msgType: "friend", msg_type: "system" }, "msgType");
    await refused(tokens.reader, "/v1/messages", { msgType: "notice" }, "msg_type");
  });

  it("reads isManual and isDeform of the char types, and msgType of the messages", async () => {
    const charTypes = "/v1/tripitaka/JS/char_type/list";
    const all = (await ok(tokens.researcher, charTypes, {})) as { total: number };
    for (const [spec, server] of [
      ["isManual", "is_manual"],
      ["isDeform", "is_deform"],
    ] as const) {
      const bySpec = (await ok(tokens.researcher, charTypes, { [spec]: "true" })) as { total: number };
      expect(bySpec).toEqual(await ok(tokens.researcher, charTypes, { [server]: "true" }));
      expect(bySpec.total, spec).toBeGreaterThan(0);
      expect(bySpec.total, spec).toBeLessThan(all.total);
    }
    expect(await ok(tokens.reader, "/v1/messages", { msgType: "friend" })).toEqual(
      await ok(tokens.reader, "/v1/messages", { msg_type: "friend" }),
    );
  });

  it("takes the application form's realName, and the applications' realName and latestStatus filters", async () => {
    const form = { realName: "名實", company: "某大学", intro: "研究大藏经", purpose: "校勘" };
    const applied = parse(
      await h.app.inject({
        method: "POST",
        url: "/v1/applications",
        payload: form,
        headers: bearer(tokens.reader),
      }),
    );
    expect(applied).toMatchObject({ statusCode: 200, code: 0, result: { real_name: "名實" } });
    const both = parse(
      await h.app.inject({
        method: "POST",
        url: "/v1/applications",
        payload: { ...form, real_name: "另一個" },
        headers: bearer(tokens.reader),
      }),
    );
    expect(both).toMatchObject({ statusCode: 400, code: 400 });
    expect(both.msg).toContain("realName");

    const admin = tokens.admin;
    const applications = "/v1/admin/applications";
    const bySpec = await ok(admin, applications, { realName: "名實", latestStatus: "pending" });
    expect(bySpec).toEqual(await ok(admin, applications, { real_name: "名實", latest_status: "pending" }));
    expect(bySpec).toMatchObject({ total: 1, list: [{ real_name: "名實" }] });
    expect(await ok(admin, applications, { latestStatus: "approved" })).toMatchObject({ total: 0 });
  });

  it("reads the search's sortCond as sort_by", async () => {
    const search = async (body: Record<string, unknown>) =>
      parse(await h.app.inject({ method: "POST", url: "/v1/tripitaka/TS/search", payload: body }));
    const body = { keyword: "佛", search_mode: "exact", page_size: 100 };
    const bySpec = await search({ ...body, sortCond: "-sutra_uid" });
    expect(bySpec).toMatchObject({ statusCode: 200, code: 0 });
    const byServer = await search({ ...body, sort_by: "-sutra_uid" });
    expect(bySpec.result).toEqual(byServer.result);
    const uids = (bySpec.result as { list: { sutra_uid: string }[] }).list.map((item) => item.sutra_uid);
    expect(new Set(uids).size).toBeGreaterThan(1);
    expect(uids).toEqual([...uids].sort().reverse());
    const conflict = await search({ ...body, sortCond: "sutra_uid", sort_by: "-sutra_uid" });
    expect(conflict).toMatchObject({ statusCode: 400, code: 400 });
    expect(conflict.msg).toContain("sortCond");
  });

  it("refuses an unknown parameter on every admin list with a 400 naming it", async () => {
    const doc = (await h.app.inject({ method: "GET", url: "/v1/docs/json" })).json() as Document;
    const withQuery = Object.entries(doc.paths)
      .filter(
        ([path, methods]) =>
          path.startsWith("/v1/admin/") && methods.get?.parameters?.some((p) => p.in === "query"),
      )
      .map(([path]) => path.replace("{feedback_id}", "999999"))
      .sort();
    expect(ADMIN_LISTS.map(([url]) => url).sort()).toEqual(withQuery);
    for (const [url, query] of ADMIN_LISTS) {
      const answered = await get(tokens.admin, url, query);
      const expected = url.includes("/feedback/") ? 404 : 200;
      expect(answered.statusCode, url).toBe(expected);
      // The spec's authenticate flag is no unknown parameter.
      expect((await get(tokens.admin, url, { ...query, authenticate: "true" })).statusCode, url).toBe(
        expected,
      );
      for (const unknown of ["unknown_filter", "pageNo", "sort"])
        await refused(tokens.admin, url, { ...query, [unknown]: "1" }, unknown);
    }
    // Still for administrators only: a reader is refused before the query is read.
    expect((await get(tokens.reader, "/v1/admin/users", { unknown_filter: "1" })).statusCode).toBe(403);
  });

  it("states each spec name in the OpenAPI document beside the server's name", async () => {
    const doc = (await h.app.inject({ method: "GET", url: "/v1/docs/json" })).json() as Document;
    const queryParameter = (path: string, name: string) =>
      doc.paths[path]?.get?.parameters?.find((p) => p.in === "query" && p.name === name);
    const stated = (path: string, spec: string, server: string) => {
      const parameter = queryParameter(path, spec);
      expect(parameter, `${path} ${spec}`).toBeDefined();
      expect(parameter?.description ?? parameter?.schema.description).toContain(`spec's name for ${server}`);
      expect(queryParameter(path, server), `${path} ${server}`).toBeDefined();
    };
    stated("/v1/admin/oplog/list", "eventId", "event_id");
    stated("/v1/admin/oplog/group/list", "eventId", "event_id");
    stated("/v1/admin/oplog/group/list", "groupType", "group_type");
    stated("/v1/tripitaka/{tripitaka_uid}/char_type/list", "isManual", "is_manual");
    stated("/v1/tripitaka/{tripitaka_uid}/char_type/list", "isDeform", "is_deform");
    stated("/v1/messages", "msgType", "msg_type");
    stated("/v1/admin/applications", "realName", "real_name");
    stated("/v1/admin/applications", "latestStatus", "latest_status");
    const bodyField = (path: string, name: string) =>
      doc.paths[path]?.post?.requestBody?.content["application/json"]?.schema.properties?.[name];
    expect(bodyField("/v1/applications", "realName")?.description).toContain("spec's name for real_name");
    expect(bodyField("/v1/tripitaka/{tripitaka_uid}/search", "sortCond")?.description).toContain(
      "spec's name for sort_by",
    );
    expect(queryParameter("/v1/admin/users", "authenticate")).toBeDefined();
  });
});
