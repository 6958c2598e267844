/**
 * Researcher applications, on SQLite and PostgreSQL: the reader's form and status, the
 * administrator's list, detail and decision. A pending application is decided once; approval
 * gives the researcher role through the next token refresh and writes one message (and one mail);
 * a rejected reader applies again, a pending or approved one does not.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  AdminApplication,
  AdminApplicationDetail,
  ApplicationStatusResult,
} from "../../contract/applications.ts";
import type { Paged } from "../../contract/envelope.ts";
import type { Message } from "../../contract/messages.ts";
import { testDialects } from "../support/databases.ts";
import { bearer, login } from "./auth-setup.ts";
import {
  type Centre,
  claimsOf,
  PASSWORD,
  type Reader,
  startCentre,
  tableRows,
} from "./personal-centre-setup.ts";

const FORM = {
  real_name: "玄奘",
  company: "大慈恩寺",
  intro: "译经僧。\n通梵汉。",
  purpose: "校勘《大般若经》",
};
const DECISION_SUBJECT = "研究者申请结果 / 研究者申請結果 / Researcher application result";

describe.each(testDialects())("researcher applications on %s", (dialect) => {
  let c: Centre;

  beforeAll(async () => {
    c = await startCentre(dialect);
  });
  afterAll(() => c.close());

  const apply = (as: Reader, payload: unknown = FORM) =>
    c.call(as.token, "POST", "/v1/applications", { payload });
  const status = async (as: Reader) =>
    (await c.call(as.token, "GET", "/v1/applications/status")).result as ApplicationStatusResult;
  const idOf = async (as: Reader) => {
    const list = (
      await c.call(c.admin.token, "GET", "/v1/admin/applications", { query: { username: as.username } })
    ).result as Paged<AdminApplication>;
    return list.list[0]?._id ?? 0;
  };
  const deal = (id: number, payload: unknown, token = c.admin.token) =>
    c.call(token, "POST", `/v1/admin/applications/${id}/deal`, { payload });
  const decisionMessages = async (as: Reader) =>
    ((await c.call(as.token, "GET", "/v1/messages")).result as Paged<Message>).list.filter(
      (m) => m.extra.deal_status !== undefined,
    );
  /** What a decision may change, to see that a refused one changes nothing. */
  const decisionState = async () =>
    Promise.all(
      (["application", "application_log", "message", "outbox", "user"] as const).map((t) => tableRows(c, t)),
    );

  it("answers a reader who never applied with no status, empty texts and no logs", async () => {
    const reader = await c.newReader();
    expect(await status(reader)).toEqual({
      latest_status: null,
      real_name: "",
      company: "",
      intro: "",
      purpose: "",
      created_at: null,
      updated_at: null,
      apply_logs: [],
    });
    expect(await c.call(null, "GET", "/v1/applications/status")).toMatchObject({ statusCode: 401 });
    expect(await c.call(null, "POST", "/v1/applications", { payload: FORM })).toMatchObject({
      statusCode: 401,
    });
  });

  it.each([
    ["no real_name", { real_name: undefined }],
    ["a blank company", { company: "  " }],
    ["a real_name of 51 characters", { real_name: "名".repeat(51) }],
    ["a company of 101 characters", { company: "寺".repeat(101) }],
    ["an intro of 501 characters", { intro: "介".repeat(501) }],
    ["a purpose of 501 characters", { purpose: "用".repeat(501) }],
    ["a line break in the real_name", { real_name: "玄\n奘" }],
    ["a bidirectional override in the company", { company: "寺\u202E" }],
  ])("refuses a form with %s (400) and stores nothing", async (_name, change) => {
    const reader = await c.newReader();
    const before = await tableRows(c, "application");
    expect(await apply(reader, { ...FORM, ...change })).toMatchObject({ statusCode: 400, code: 400 });
    expect(await tableRows(c, "application")).toEqual(before);
  });

  it("takes the longest form, and applies once while pending", async () => {
    const reader = await c.newReader();
    const longest = {
      real_name: "名".repeat(50),
      company: "寺".repeat(100),
      intro: "介".repeat(500),
      purpose: "用".repeat(500),
    };
    const applied = await apply(reader, longest);
    expect(applied).toMatchObject({ statusCode: 200, code: 0 });
    expect(applied.result).toMatchObject({
      ...longest,
      latest_status: "pending",
      created_at: c.h.clock.now,
      apply_logs: [{ status: "pending", reason: "", deal_at: c.h.clock.now }],
    });
    const before = await tableRows(c, "application");
    const again = await apply(reader);
    expect(again).toMatchObject({ statusCode: 422, code: 422 });
    expect(again.msg).toMatch(/pending/);
    expect(await tableRows(c, "application")).toEqual(before);
    expect((await status(reader)).latest_status).toBe("pending");
  });

  it("is decided once: a rejection needs its reason, and the reader may then apply again", async () => {
    const reader = await c.newReader();
    expect((await apply(reader)).code).toBe(0);
    const id = await idOf(reader);

    for (const payload of [
      { status: "rejected" },
      { status: "rejected", reason: "   " },
      { status: "rejected", reason: "因".repeat(501) },
      { status: "pending" },
      { reason: "缺状态" },
    ])
      expect(await deal(id, payload)).toMatchObject({ statusCode: 400, code: 400 });

    c.h.clock.now += 1000;
    const rejected = await deal(id, { status: "rejected", reason: "材料不全" });
    expect(rejected).toMatchObject({ statusCode: 200, code: 0 });
    expect(rejected.result).toMatchObject({
      latest_status: "rejected",
      latest_deal_username: c.admin.username,
      latest_deal_at: c.h.clock.now,
    });
    expect((rejected.result as AdminApplicationDetail).apply_logs[0]).toMatchObject({
      status: "rejected",
      reason: "材料不全",
      deal_by: c.admin.id,
      deal_username: c.admin.username,
      deal_nickname: c.admin.username,
    });

    const before = await decisionState();
    for (const payload of [{ status: "approved" }, { status: "rejected", reason: "再拒" }]) {
      const second = await deal(id, payload);
      expect(second).toMatchObject({ statusCode: 422, code: 422 });
      expect(second.msg).toMatch(/only a pending one/);
    }
    expect(await decisionState()).toEqual(before);

    const seen = await status(reader);
    expect(seen).toMatchObject({ latest_status: "rejected" });
    expect(seen.apply_logs[0]).toMatchObject({ status: "rejected", reason: "材料不全" });
    expect(await decisionMessages(reader)).toMatchObject([
      { msg_type: "system", extra: { deal_status: "rejected", deal_reason: "材料不全" } },
    ]);
    expect(await c.outboxTo(reader.contact, DECISION_SUBJECT)).toHaveLength(1);

    c.h.clock.now += 1000;
    const reapplied = await apply(reader, { ...FORM, intro: "补充了材料" });
    expect(reapplied).toMatchObject({ statusCode: 200, code: 0 });
    const again = reapplied.result as ApplicationStatusResult;
    expect(again).toMatchObject({ latest_status: "pending", intro: "补充了材料" });
    expect(again.apply_logs.map((log) => log.status)).toEqual(["pending", "rejected", "pending"]);
    expect(await idOf(reader)).toBe(id);
  });

  it("approves: grants the researcher role at the next refresh and tells the reader once", async () => {
    const reader = await c.newReader();
    const signedIn = await login(c.h, { username: reader.username, password: PASSWORD });
    const token = (signedIn.result as { access_token: string }).access_token;
    expect(claimsOf(token).roles).toEqual(["reader"]);
    expect((await apply(reader)).code).toBe(0);
    const id = await idOf(reader);

    const approved = await deal(id, { status: "approved", reason: "" });
    expect(approved).toMatchObject({ statusCode: 200, code: 0, result: { latest_status: "approved" } });

    expect(await c.call(token, "GET", "/v1/user/profile")).toMatchObject({ statusCode: 401 });
    const refreshed = await c.h.app.inject({
      method: "POST",
      url: "/v1/refresh_token",
      cookies: { refresh_token: signedIn.refreshCookie ?? "" },
    });
    expect(refreshed.statusCode).toBe(200);
    const fresh = (refreshed.json() as { result: { access_token: string } }).result.access_token;
    expect(claimsOf(fresh).roles).toEqual(["reader", "researcher"]);
    const profile = await c.call(fresh, "GET", "/v1/user/profile");
    expect(profile.result).toMatchObject({ roles: ["reader", "researcher"] });

    const messages = await decisionMessages({ ...reader, token: fresh });
    expect(messages).toMatchObject([
      { msg_type: "system", extra: { deal_status: "approved", deal_reason: "" } },
    ]);
    expect(await c.outboxTo(reader.contact, DECISION_SUBJECT)).toHaveLength(1);

    expect(await apply({ ...reader, token: fresh })).toMatchObject({ statusCode: 422, code: 422 });
    expect(await deal(id, { status: "approved" })).toMatchObject({ statusCode: 422 });
  });

  it("writes the decision's message but no mail for a reader with only a phone", async () => {
    const reader = await c.newReader("13900002222");
    expect((await apply(reader)).code).toBe(0);
    expect((await deal(await idOf(reader), { status: "rejected", reason: "暂不受理" })).code).toBe(0);
    expect(await decisionMessages(reader)).toHaveLength(1);
    expect(await c.outboxTo(reader.contact)).toEqual([]);
  });

  it("keeps the decision when its mail fails", async () => {
    const reader = await c.newReader();
    expect((await apply(reader)).code).toBe(0);
    c.mail.failFor = reader.contact;
    try {
      expect((await deal(await idOf(reader), { status: "rejected", reason: "邮件失败" })).code).toBe(0);
    } finally {
      c.mail.failFor = null;
    }
    expect((await status(reader)).latest_status).toBe("rejected");
    expect(await decisionMessages(reader)).toHaveLength(1);
  });

  it("writes the decision in the reader's language, and approval asks for no new sign-in", async () => {
    const contentIn = async (as: Reader, locale: string) => {
      const reply = await c.h.app.inject({
        method: "GET",
        url: "/v1/messages",
        headers: { ...bearer(as.token), cookie: `lang=${locale}` },
      });
      return (reply.json() as { result: Paged<Message> }).result.list.map((m) => [m.notice, m.content]);
    };
    const refused = await c.newReader();
    expect((await apply(refused)).code).toBe(0);
    expect((await deal(await idOf(refused), { status: "rejected", reason: "材料不全" })).code).toBe(0);
    const rejectedNotice = {
      kind: "application_decision",
      params: { status: "rejected", reason: "材料不全" },
    };
    expect(await contentIn(refused, "en")).toEqual([
      [rejectedNotice, "Your researcher application was not approved. Reason: 材料不全"],
    ]);
    expect(await contentIn(refused, "zh-CN")).toEqual([
      [rejectedNotice, "您的研究者申请未通过。原因：材料不全"],
    ]);
    expect(await contentIn(refused, "zh-TW")).toEqual([
      [rejectedNotice, "您的研究者申請未通過。原因：材料不全"],
    ]);

    const accepted = await c.newReader();
    expect((await apply(accepted)).code).toBe(0);
    expect((await deal(await idOf(accepted), { status: "approved", reason: "" })).code).toBe(0);
    const refreshed = await login(c.h, { username: accepted.username, password: PASSWORD });
    const token = (refreshed.result as { access_token: string }).access_token;
    const approvedNotice = { kind: "application_decision", params: { status: "approved", reason: "" } };
    expect(await contentIn({ ...accepted, token }, "en")).toEqual([
      [
        approvedNotice,
        "Your researcher application has been approved. You can use the research tools now, with no need to sign in again.",
      ],
    ]);
    expect(await contentIn({ ...accepted, token }, "zh-CN")).toEqual([
      [approvedNotice, "您的研究者申请已通过，现在即可使用研究工具，无需重新登录。"],
    ]);
  });

  it("shows each reader only their own application", async () => {
    const reader = await c.newReader();
    const other = await c.newReader();
    expect((await apply(reader)).code).toBe(0);
    expect((await status(other)).latest_status).toBeNull();
  });

  describe("the administrator's side", () => {
    const adminList = async (query: Record<string, string>) => {
      const reply = await c.call(c.admin.token, "GET", "/v1/admin/applications", { query });
      expect(reply.code).toBe(0);
      return reply.result as Paged<AdminApplication>;
    };

    it("is for administrators only", async () => {
      const reader = await c.newReader();
      expect((await apply(reader)).code).toBe(0);
      const id = await idOf(reader);
      const before = await decisionState();
      for (const [method, url] of [
        ["GET", "/v1/admin/applications"],
        ["GET", `/v1/admin/applications/${id}`],
        ["POST", `/v1/admin/applications/${id}/deal`],
      ] as const) {
        const payload = { status: "approved" };
        expect(await c.call(null, method, url, { payload })).toMatchObject({ statusCode: 401 });
        expect(await c.call(reader.token, method, url, { payload })).toMatchObject({
          statusCode: 403,
          code: 403,
        });
      }
      expect(await decisionState()).toEqual(before);
    });

    it("lists with filters, ten to a page by default, newest change first", async () => {
      const readers: Reader[] = [];
      for (let i = 0; i < 11; i++) {
        const reader = await c.newReader(i === 0 ? "13900003333" : undefined);
        c.h.clock.now += 1000;
        expect((await apply(reader, { ...FORM, real_name: `筛选${i}号` })).code).toBe(0);
        readers.push(reader);
      }
      const all = await adminList({ real_name: "筛选" });
      expect(all).toMatchObject({ total: 11, page_size: 10, page_count: 2 });
      expect(all.list[0]).toMatchObject({
        real_name: "筛选10号",
        latest_status: "pending",
        company: FORM.company,
      });
      const [first, second] = readers;
      expect((await adminList({ real_name: "筛选1号" })).list.map((a) => a.real_name)).toEqual(["筛选1号"]);
      expect((await adminList({ username: second?.username ?? "" })).list).toMatchObject([
        { username: second?.username, nickname: second?.username, email: second?.contact, phone: null },
      ]);
      expect((await adminList({ email: (second?.contact ?? "").toUpperCase() })).total).toBe(1);
      expect((await adminList({ phone: "13900003333" })).list.map((a) => a.username)).toEqual([
        first?.username,
      ]);
      expect((await adminList({ real_name: "筛选1%" })).total).toBe(0);

      await deal((await adminList({ real_name: "筛选3号" })).list[0]?._id ?? 0, { status: "approved" });
      expect(
        (await adminList({ real_name: "筛选", latest_status: "approved" })).list.map((a) => a.real_name),
      ).toEqual(["筛选3号"]);
      for (const query of [
        { latest_status: "done" },
        { page_size: "0" },
        { real_name: "名".repeat(51) },
      ] as Record<string, string>[])
        expect(await c.call(c.admin.token, "GET", "/v1/admin/applications", { query })).toMatchObject({
          statusCode: 400,
        });
    });

    it("shows one application with its history, and 404 for none", async () => {
      const reader = await c.newReader();
      expect((await apply(reader)).code).toBe(0);
      const id = await idOf(reader);
      const detail = await c.call(c.admin.token, "GET", `/v1/admin/applications/${id}`);
      expect(detail.result).toMatchObject({
        _id: id,
        user_id: reader.id,
        ...FORM,
        latest_status: "pending",
        latest_deal_username: null,
        apply_logs: [{ status: "pending", reason: "", deal_by: null, deal_username: null }],
      });
      expect(await c.call(c.admin.token, "GET", "/v1/admin/applications/2000000000")).toMatchObject({
        statusCode: 404,
      });
      expect(await deal(2_000_000_000, { status: "approved" })).toMatchObject({ statusCode: 404 });
      expect(await c.call(c.admin.token, "GET", "/v1/admin/applications/x")).toMatchObject({
        statusCode: 400,
      });
    });
  });
});
