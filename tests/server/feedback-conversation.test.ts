/**
 * The conversation on a feedback, on SQLite and PostgreSQL: the reader's list with the status
 * they see, the log of replies and continuations (opening it marks the replies read), continuing
 * while the feedback is open, and the administrator's list, detail, log and reply.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Paged } from "../../contract/envelope.ts";
import type { AdminFeedback, FeedbackLog } from "../../contract/feedback-conversation.ts";
import type { Feedback } from "../../contract/feedback-schemas.ts";
import { testDialects } from "../support/databases.ts";
import { type Centre, type Reader, startCentre, tableRows } from "./personal-centre-setup.ts";

describe.each(testDialects())("feedback conversations on %s", (dialect) => {
  let c: Centre;
  let reader: Reader;
  let other: Reader;

  beforeAll(async () => {
    c = await startCentre(dialect);
    reader = await c.newReader();
    other = await c.newReader();
  });
  afterAll(() => c.close());

  const feedbacks = async (as: Reader, query: Record<string, string> = {}) =>
    (await c.call(as.token, "GET", "/v1/feedbacks", { query })).result as Paged<Feedback>;
  const logs = (as: Reader, id: number, query: Record<string, string> = {}) =>
    c.call(as.token, "GET", `/v1/feedback/${id}/logs`, { query });
  const continueWith = (as: Reader, id: number, payload: unknown) =>
    c.call(as.token, "POST", `/v1/feedback/${id}/continue_feedback`, { payload });

  it("lists the reader's own feedback, newest first, ten to a page by default", async () => {
    const mine = await c.newReader();
    const added: number[] = [];
    for (let i = 0; i < 11; i++) {
      c.h.clock.now += 1000;
      added.push((await c.addFeedback(mine, { suggestion: `第${i}条` }))._id);
    }
    await c.addFeedback(other);
    const first = await feedbacks(mine);
    expect(first).toMatchObject({ total: 11, page_no: 1, page_size: 10, page_count: 2 });
    expect(first.list.map((f) => f._id)).toEqual(added.slice(1).reverse());
    const second = await feedbacks(mine, { page_no: "2" });
    expect(second.list.map((f) => f._id)).toEqual([added[0]]);
    const oldest = await feedbacks(mine, { sort_by: "created_at", page_size: "3" });
    expect(oldest.list.map((f) => f._id)).toEqual(added.slice(0, 3));
  });

  it("filters by sutra uids, comma-joined", async () => {
    const mine = await c.newReader();
    await c.addFeedback(mine);
    expect((await feedbacks(mine, { sutra_uids: c.sutraUid })).total).toBe(1);
    expect((await feedbacks(mine, { sutra_uids: `JSB999,${c.sutraUid}` })).total).toBe(1);
    expect((await feedbacks(mine, { sutra_uids: "JSB999" })).total).toBe(0);
  });

  it.each([
    ["page_size", "0"],
    ["page_size", "101"],
    ["page_no", "0"],
    ["sort_by", "title"],
    ["sutra_uids", "not a sutra"],
  ])("refuses %s=%s with 400", async (name, value) => {
    expect(await c.call(reader.token, "GET", "/v1/feedbacks", { query: { [name]: value } })).toMatchObject({
      statusCode: 400,
      code: 400,
    });
  });

  it("answers 401 to a guest on every reader route", async () => {
    const feedback = await c.addFeedback(reader);
    for (const [method, url] of [
      ["GET", "/v1/feedbacks"],
      ["GET", `/v1/feedback/${feedback._id}/logs`],
      ["POST", `/v1/feedback/${feedback._id}/continue_feedback`],
    ] as const)
      expect(await c.call(null, method, url, { payload: { content: "补充" } })).toMatchObject({
        statusCode: 401,
      });
  });

  it("maps each admin status to the status the reader sees", async () => {
    const expected = {
      pending: "submitted",
      processing: "processing",
      completed_valid: "completed",
      completed_invalid: "refused",
    };
    for (const [status, userStatus] of Object.entries(expected)) {
      const feedback = await c.addFeedback(reader);
      expect((await c.reply(feedback._id, status)).code).toBe(0);
      const listed = (await feedbacks(reader, { page_size: "100" })).list.find((f) => f._id === feedback._id);
      expect(listed).toMatchObject({ status, user_status: userStatus });
    }
  });

  it("shows the conversation and marks the replies read when the reader opens it", async () => {
    const feedback = await c.addFeedback(reader);
    expect(feedback.has_unread_log).toBe(false);
    c.h.clock.now += 1000;
    expect((await c.reply(feedback._id, "processing", "正在核对底本")).code).toBe(0);
    const listed = async () =>
      (await feedbacks(reader, { page_size: "100" })).list.find((f) => f._id === feedback._id);
    expect(await listed()).toMatchObject({ has_unread_log: true, user_status: "processing" });

    c.h.clock.now += 1000;
    const continued = await continueWith(reader, feedback._id, { content: "另见卷二" });
    expect(continued).toMatchObject({ statusCode: 200, code: 0 });
    expect(continued.result).toMatchObject({
      sender: "reader",
      content: "另见卷二",
      status: "pending",
      deal_by: reader.id,
      deal_username: reader.username,
      deal_at: c.h.clock.now,
    });

    const opened = await logs(reader, feedback._id);
    expect(opened.code).toBe(0);
    const page = opened.result as Paged<FeedbackLog>;
    expect(page).toMatchObject({ total: 2, page_size: 200 });
    expect(page.list.map((log) => [log.sender, log.content])).toEqual([
      ["admin", "正在核对底本"],
      ["reader", "另见卷二"],
    ]);
    expect(page.list[0]).toMatchObject({
      status: "processing",
      user_status: "processing",
      deal_by: null,
      deal_username: null,
    });
    expect(await listed()).toMatchObject({ has_unread_log: false });

    const adminView = (await c.call(c.admin.token, "GET", `/v1/admin/feedback/${feedback._id}/logs`))
      .result as Paged<FeedbackLog>;
    expect(adminView.page_size).toBe(100);
    expect(adminView.list[0]).toMatchObject({ deal_by: c.admin.id, deal_username: c.admin.username });
  });

  it("answers 404 for another reader's feedback and changes nothing", async () => {
    const feedback = await c.addFeedback(reader);
    await c.reply(feedback._id, "processing");
    const before = await tableRows(c, "feedback_log");
    expect(await logs(other, feedback._id)).toMatchObject({ statusCode: 404, code: 404 });
    expect(await continueWith(other, feedback._id, { content: "冒名" })).toMatchObject({ statusCode: 404 });
    expect(await logs(reader, 2_000_000_000)).toMatchObject({ statusCode: 404 });
    expect(await logs(reader, Number.NaN)).toMatchObject({ statusCode: 400 });
    expect(await tableRows(c, "feedback_log")).toEqual(before);
    const listed = (await feedbacks(reader, { page_size: "100" })).list.find((f) => f._id === feedback._id);
    expect(listed?.has_unread_log).toBe(true);
  });

  it.each([
    ["no content", {}],
    ["a blank content", { content: "  " }],
    ["501 characters", { content: "字".repeat(501) }],
    ["a control character", { content: "补\u0007充" }],
    ["a status the reader may not set", { content: "补充", status: "completed_valid" }],
  ])("refuses a continuation with %s (400) and stores nothing", async (_name, payload) => {
    const feedback = await c.addFeedback(reader);
    const before = await tableRows(c, "feedback_log");
    expect(await continueWith(reader, feedback._id, payload)).toMatchObject({ statusCode: 400, code: 400 });
    expect(await tableRows(c, "feedback_log")).toEqual(before);
  });

  it("takes 500 characters with line breaks, and the reader's own image only", async () => {
    const feedback = await c.addFeedback(reader);
    expect((await continueWith(reader, feedback._id, { content: `${"字".repeat(498)}\n\t` })).code).toBe(0);
    const own = await c.uploadImage(reader.token);
    const attached = await continueWith(reader, feedback._id, { content: "附图", attachment: own });
    expect((attached.result as FeedbackLog).attachment).toBe(`/storage/${own}`);
    const theirs = await c.uploadImage(other.token);
    expect(await continueWith(reader, feedback._id, { content: "附图", attachment: theirs })).toMatchObject({
      statusCode: 400,
    });
  });

  it.each(["completed_valid", "completed_invalid"])(
    "refuses to continue %s feedback with 422",
    async (status) => {
      const feedback = await c.addFeedback(reader);
      expect((await c.reply(feedback._id, status, "已处理")).code).toBe(0);
      const before = await tableRows(c, "feedback_log");
      const refused = await continueWith(reader, feedback._id, { content: "还有一处" });
      expect(refused).toMatchObject({ statusCode: 422, code: 422 });
      expect(refused.msg).toMatch(/completed/);
      expect(await tableRows(c, "feedback_log")).toEqual(before);
    },
  );

  describe("the administrator's side", () => {
    const adminList = async (query: Record<string, string>) =>
      (await c.call(c.admin.token, "GET", "/v1/admin/feedbacks", { query })).result as Paged<AdminFeedback>;

    it("is for administrators only", async () => {
      const feedback = await c.addFeedback(reader);
      for (const [method, url] of [
        ["GET", "/v1/admin/feedbacks"],
        ["GET", `/v1/admin/feedback/${feedback._id}`],
        ["GET", `/v1/admin/feedback/${feedback._id}/logs`],
        ["POST", `/v1/admin/feedback/${feedback._id}/continue_feedback`],
      ] as const) {
        const payload = { status: "processing", content: "越权" };
        expect(await c.call(null, method, url, { payload })).toMatchObject({ statusCode: 401 });
        expect(await c.call(reader.token, method, url, { payload })).toMatchObject({
          statusCode: 403,
          code: 403,
        });
      }
      expect((await tableRows(c, "feedback_log")).some((row) => row.includes("越权"))).toBe(false);
    });

    it("shows one feedback with its reader", async () => {
      const feedback = await c.addFeedback(reader);
      const detail = await c.call(c.admin.token, "GET", `/v1/admin/feedback/${feedback._id}`);
      expect(detail.result).toMatchObject({
        _id: feedback._id,
        user_id: reader.id,
        user_name: reader.username,
        nick_name: reader.username,
        email: reader.contact,
        phone: null,
        avatar: "",
        status: "pending",
        last_deal_by: null,
        last_deal_at: null,
      });
      expect(await c.call(c.admin.token, "GET", "/v1/admin/feedback/2000000000")).toMatchObject({
        statusCode: 404,
      });
      expect(await c.call(c.admin.token, "GET", "/v1/admin/feedback/2000000000/logs")).toMatchObject({
        statusCode: 404,
      });
    });

    it("filters by username, status, question type, sutra and submit dates", async () => {
      const filtered = await c.newReader();
      const a = await c.addFeedback(filtered, { question_type: "punctuation_error" });
      const b = await c.addFeedback(filtered);
      const submitted = async (id: number, at: number) =>
        c.h.database.canon.db.updateTable("feedback").set({ created_at: at }).where("id", "=", id).execute();
      // At +08:00: a at 23:59:59 on 2026-03-10, b at 00:00:00 on 2026-03-11.
      await submitted(a._id, Date.UTC(2026, 2, 10, 15, 59, 59));
      await submitted(b._id, Date.UTC(2026, 2, 10, 16));
      await c.reply(b._id, "processing");
      const ids = async (query: Record<string, string>) =>
        (await adminList({ username: filtered.username, page_size: "100", ...query })).list.map((f) => f._id);

      expect(await ids({})).toEqual([b._id, a._id]);
      expect(await ids({ username: filtered.username.toUpperCase() })).toEqual([b._id, a._id]);
      expect(await ids({ status: "processing" })).toEqual([b._id]);
      expect(await ids({ question_type: "punctuation_error" })).toEqual([a._id]);
      expect(await ids({ start_date: "2026-03-10", end_date: "2026-03-10" })).toEqual([a._id]);
      expect(await ids({ start_date: "2026-03-10", end_date: "2026-03-11" })).toEqual([b._id, a._id]);
      expect(await ids({ start_date: "2026-03-11" })).toEqual([b._id]);
      expect(await ids({ end_date: "2026-03-09" })).toEqual([]);
      expect(await ids({ sutra: c.sutraUid })).toEqual([b._id, a._id]);
      expect(await ids({ sutra: "JSB999" })).toEqual([]);
      const list = await adminList({ username: filtered.username });
      expect(list).toMatchObject({ total: 2, page_size: 10 });
      expect(list.list[0]).toMatchObject({ user_name: filtered.username, last_deal_by: c.admin.id });

      for (const query of [{ start_date: "2026-02-30" }, { status: "done" }, { page_size: "101" }] as Record<
        string,
        string
      >[])
        expect(await c.call(c.admin.token, "GET", "/v1/admin/feedbacks", { query })).toMatchObject({
          statusCode: 400,
        });
    });

    it("finds feedback by part of the sutra's name", async () => {
      const sutra = await c.h.database.canon.db
        .selectFrom("sutra")
        .select(["name_sim"])
        .where("uid", "=", c.sutraUid)
        .executeTakeFirstOrThrow();
      const part = Array.from(sutra.name_sim).slice(0, 2).join("");
      const feedback = await c.addFeedback(reader);
      const found = await adminList({ sutra: part, page_size: "100" });
      expect(found.list.map((f) => f._id)).toContain(feedback._id);
    });

    it("replies: sets the status and the last dealer, and tells the reader once", async () => {
      const feedback = await c.addFeedback(reader);
      c.h.clock.now += 5000;
      const replied = await c.reply(feedback._id, "completed_valid", "已改正，谢谢。");
      expect(replied).toMatchObject({ statusCode: 200, code: 0 });
      expect(replied.result).toMatchObject({
        sender: "admin",
        status: "completed_valid",
        user_status: "completed",
        deal_by: c.admin.id,
        deal_username: c.admin.username,
      });
      const detail = (await c.call(c.admin.token, "GET", `/v1/admin/feedback/${feedback._id}`)).result;
      expect(detail).toMatchObject({
        status: "completed_valid",
        last_deal_by: c.admin.id,
        last_deal_username: c.admin.username,
        last_deal_at: c.h.clock.now,
        has_unread_log: true,
      });
      const messages = await c.h.database.canon.db
        .selectFrom("message")
        .select(["msg_type", "kind", "params"])
        .where("user_id", "=", reader.id)
        .where("extra", "like", `%"feedback_id":${feedback._id}}%`)
        .execute();
      expect(messages).toEqual([
        {
          msg_type: "system",
          kind: "feedback_reply",
          params: JSON.stringify({ feedback_id: feedback._id, reply: "已改正，谢谢。" }),
        },
      ]);
      const mails = (await c.outboxTo(reader.contact)).filter((mail) =>
        mail.body.includes(`编号 ${feedback._id}）`),
      );
      expect(mails).toHaveLength(1);
    });

    it.each([
      ["no status", { content: "好" }],
      ["an unknown status", { content: "好", status: "done" }],
      ["no content", { status: "processing" }],
      ["501 characters", { status: "processing", content: "字".repeat(501) }],
    ])("refuses a reply with %s (400) and changes nothing", async (_name, payload) => {
      const feedback = await c.addFeedback(reader);
      const before = [await tableRows(c, "feedback"), await tableRows(c, "message")];
      const url = `/v1/admin/feedback/${feedback._id}/continue_feedback`;
      expect(await c.call(c.admin.token, "POST", url, { payload })).toMatchObject({ statusCode: 400 });
      expect([await tableRows(c, "feedback"), await tableRows(c, "message")]).toEqual(before);
    });
  });
});
