/**
 * A reader's messages, on SQLite and PostgreSQL: an administrator's reply writes a system message
 * kept as a kind and its parameters and written in the reader's language (and a mail in every
 * language to a reader with an e-mail address), listing marks the page read, the update deletes,
 * and `msg_remind` counts what is unread. Another reader's message is not found.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Paged } from "../../contract/envelope.ts";
import type { Message, MsgRemind } from "../../contract/messages.ts";
import { testDialects } from "../support/databases.ts";
import { bearer } from "./auth-setup.ts";
import { type Centre, type Reader, startCentre, tableRows } from "./personal-centre-setup.ts";

const REPLY_SUBJECT = "您的反馈有了新的回复 / 您的回饋有了新的回覆 / Your feedback has a new reply";

describe.each(testDialects())("messages on %s", (dialect) => {
  let c: Centre;
  let other: Reader;

  beforeAll(async () => {
    c = await startCentre(dialect);
    other = await c.newReader();
  });
  afterAll(() => c.close());

  const messages = async (as: Reader, query: Record<string, string> = {}) => {
    const reply = await c.call(as.token, "GET", "/v1/messages", { query });
    expect(reply.code).toBe(0);
    return reply.result as Paged<Message>;
  };
  const remind = async (as: Reader) =>
    (await c.call(as.token, "GET", "/v1/user/msg_remind")).result as MsgRemind;
  const remove = (as: Reader, id: number) =>
    c.call(as.token, "POST", `/v1/messages/${id}/update`, { payload: { is_deleted: true } });
  /** A feedback of the reader's with one reply: one unread message, one unread feedback. */
  const replied = async (reader: Reader, content = "已收到") => {
    const feedback = await c.addFeedback(reader);
    c.h.clock.now += 1000;
    expect((await c.reply(feedback._id, "processing", content)).code).toBe(0);
    return feedback;
  };

  it("answers 401 to a guest", async () => {
    expect(await c.call(null, "GET", "/v1/messages")).toMatchObject({ statusCode: 401, code: 401 });
    expect(await c.call(null, "GET", "/v1/user/msg_remind")).toMatchObject({ statusCode: 401 });
    expect(
      await c.call(null, "POST", "/v1/messages/1/update", { payload: { is_deleted: true } }),
    ).toMatchObject({
      statusCode: 401,
    });
  });

  it("starts with nothing to read", async () => {
    const reader = await c.newReader();
    expect(await remind(reader)).toEqual({ my_msg_num: 0, feedback_msg_num: 0 });
    expect(await messages(reader)).toEqual({ total: 0, page_size: 10, page_no: 1, page_count: 0, list: [] });
  });

  it("writes a system message for a reply and mails it to the reader's e-mail", async () => {
    const reader = await c.newReader();
    const feedback = await replied(reader, "已核对，确有讹误。");
    const page = await messages(reader);
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      msg_type: "system",
      is_read: false,
      send_at: c.h.clock.now,
      notice: { kind: "feedback_reply", params: { feedback_id: feedback._id, reply: "已核对，确有讹误。" } },
      extra: { feedback_id: feedback._id },
    });
    expect(page.list[0]?.content).toBe(`您的反馈（编号 ${feedback._id}）有了新的回复：已核对，确有讹误。`);
    const mails = await c.outboxTo(reader.contact, REPLY_SUBJECT);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toContain(`您的反馈（编号 ${feedback._id}）有了新的回复：已核对，确有讹误。`);
    expect(mails[0]?.body).toContain(`您的回饋（編號 ${feedback._id}）有了新的回覆：已核对，确有讹误。`);
    expect(mails[0]?.body).toContain(
      `Your feedback (no. ${feedback._id}) has a new reply: 已核对，确有讹误。`,
    );
  });

  it("keeps the notice as its kind and writes it in the language of whoever reads it", async () => {
    const reader = await c.newReader();
    const feedback = await replied(reader, "Checked against the base text.");
    const stored = await c.h.database.canon.db
      .selectFrom("message")
      .select(["content", "kind", "params"])
      .where("user_id", "=", reader.id)
      .execute();
    expect(stored).toEqual([
      {
        content: "",
        kind: "feedback_reply",
        params: JSON.stringify({ feedback_id: feedback._id, reply: "Checked against the base text." }),
      },
    ]);
    const contentIn = async (headers: Record<string, string>) => {
      const reply = await c.h.app.inject({
        method: "GET",
        url: "/v1/messages",
        headers: { ...bearer(reader.token), ...headers },
      });
      return (reply.json() as { result: Paged<Message> }).result.list.map((m) => m.content);
    };
    const english = `Your feedback (no. ${feedback._id}) has a new reply: Checked against the base text.`;
    expect(await contentIn({ cookie: "lang=en" })).toEqual([english]);
    expect(await contentIn({ "accept-language": "en-GB,en;q=0.9" })).toEqual([english]);
    expect(await contentIn({ cookie: "lang=zh-TW", "accept-language": "en" })).toEqual([
      `您的回饋（編號 ${feedback._id}）有了新的回覆：Checked against the base text.`,
    ]);
    expect(await contentIn({ "accept-language": "fr, de" })).toEqual([
      `您的反馈（编号 ${feedback._id}）有了新的回复：Checked against the base text.`,
    ]);
  });

  it("writes the message but no mail for a reader with only a phone", async () => {
    const reader = await c.newReader("13900001111");
    await replied(reader);
    expect((await messages(reader)).total).toBe(1);
    const mails = await c.h.database.canon.db
      .selectFrom("outbox")
      .select(["channel"])
      .where("receiver", "=", reader.contact)
      .where("channel", "=", "email")
      .execute();
    expect(mails).toEqual([]);
  });

  it("keeps the reply and the message when the mail fails", async () => {
    const reader = await c.newReader();
    c.mail.failFor = reader.contact;
    try {
      const feedback = await c.addFeedback(reader);
      const reply = await c.reply(feedback._id, "processing", "邮件发不出");
      expect(reply).toMatchObject({ statusCode: 200, code: 0 });
    } finally {
      c.mail.failFor = null;
    }
    expect((await messages(reader)).list.map((m) => m.content.includes("邮件发不出"))).toEqual([true]);
    expect(await c.outboxTo(reader.contact, REPLY_SUBJECT)).toEqual([]);
  });

  it("counts unread messages and unread replies, and clears them as the reader reads", async () => {
    const reader = await c.newReader();
    const first = await replied(reader);
    await replied(reader);
    expect(await remind(reader)).toEqual({ my_msg_num: 2, feedback_msg_num: 2 });

    const seen = await messages(reader);
    expect(seen.list.map((m) => m.is_read)).toEqual([false, false]);
    expect(await remind(reader)).toEqual({ my_msg_num: 0, feedback_msg_num: 2 });
    expect((await messages(reader)).list.map((m) => m.is_read)).toEqual([true, true]);

    expect((await c.call(reader.token, "GET", `/v1/feedback/${first._id}/logs`)).code).toBe(0);
    expect(await remind(reader)).toEqual({ my_msg_num: 0, feedback_msg_num: 1 });
  });

  it("marks read only the page the reader saw", async () => {
    const reader = await c.newReader();
    for (let i = 0; i < 3; i++) await replied(reader, `第${i}条`);
    const first = await messages(reader, { page_size: "2" });
    expect(first).toMatchObject({ total: 3, page_count: 2 });
    expect(first.list.map((m) => m.content.slice(-3))).toEqual(["第2条", "第1条"]);
    expect((await remind(reader)).my_msg_num).toBe(1);
  });

  it("deletes: a deleted message is neither listed nor counted", async () => {
    const reader = await c.newReader();
    await replied(reader, "留着");
    await replied(reader, "删掉");
    const [newest] = (await messages(reader, { page_size: "1" })).list;
    expect(newest?.content).toContain("删掉");
    await replied(reader, "未读即删");
    const [unread] = (await messages(reader, { page_size: "1" })).list;
    await c.h.database.canon.db
      .updateTable("message")
      .set({ is_read: 0 })
      .where("id", "=", unread?._id ?? 0)
      .execute();
    expect((await remind(reader)).my_msg_num).toBe(2);

    expect(await remove(reader, unread?._id ?? 0)).toMatchObject({ statusCode: 200, code: 0 });
    expect((await remind(reader)).my_msg_num).toBe(1);
    expect(await remove(reader, newest?._id ?? 0)).toMatchObject({ statusCode: 200, code: 0 });
    const left = await messages(reader);
    expect(left.total).toBe(1);
    expect(left.list[0]?.content).toContain("留着");
  });

  it("answers 404 for another reader's message and leaves it", async () => {
    const reader = await c.newReader();
    await replied(reader);
    const [message] = (await messages(reader)).list;
    const before = await tableRows(c, "message");
    expect(await remove(other, message?._id ?? 0)).toMatchObject({ statusCode: 404, code: 404 });
    expect(await remove(reader, 2_000_000_000)).toMatchObject({ statusCode: 404 });
    expect(await tableRows(c, "message")).toEqual(before);
    expect((await messages(other)).list.map((m) => m._id)).not.toContain(message?._id);
  });

  it.each([
    ["a malformed id", "abc", { is_deleted: true }],
    ["an id beyond the column", "4294967296", { is_deleted: true }],
    ["is_deleted false", "1", { is_deleted: false }],
    ["no is_deleted", "1", {}],
  ])("refuses an update with %s (400)", async (_name, id, payload) => {
    const reader = await c.newReader();
    expect(await c.call(reader.token, "POST", `/v1/messages/${id}/update`, { payload })).toMatchObject({
      statusCode: 400,
      code: 400,
    });
  });

  it("filters by kind and refuses bad paging", async () => {
    const reader = await c.newReader();
    await replied(reader);
    expect((await messages(reader, { msg_type: "friend" })).total).toBe(0);
    expect((await messages(reader, { msg_type: "system" })).total).toBe(1);
    for (const query of [
      { msg_type: "notice" },
      { page_size: "0" },
      { page_size: "101" },
      { page_no: "x" },
    ] as Record<string, string>[])
      expect(await c.call(reader.token, "GET", "/v1/messages", { query })).toMatchObject({ statusCode: 400 });
  });
});
