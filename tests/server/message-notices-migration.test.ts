/**
 * Migration 0025 on SQLite and PostgreSQL, over messages written before notices had kinds: a
 * reply's and a decision's notice become their kind and parameters and read in the reader's
 * language; a message whose text is not exactly a notice's is kept and shown as it was stored.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../../server/db/migrate.ts";
import { insertUser } from "../../server/modules/auth/user-repository.ts";
import { readMessages } from "../../server/modules/messages/message-service.ts";
import { emptyDatabase, type TestDatabase, testDialects } from "../support/databases.ts";

const EARLIER = [
  { content: "您的反馈（编号 7）有了新的回复：已改正，谢谢。", extra: { feedback_id: 7 } },
  { content: "您的研究者申请已通过。", extra: { deal_status: "approved", deal_reason: "" } },
  {
    content: "您的研究者申请未通过。原因：材料不全",
    extra: { deal_status: "rejected", deal_reason: "材料不全" },
  },
  { content: "您的反馈有了新的回复：第 7 条", extra: { feedback_id: 7 } },
  { content: "欢迎使用藏经阅读。", extra: {} },
] as const;

describe.each(testDialects())("message notices migration on %s", (dialect) => {
  let database: TestDatabase;
  let userId = 0;

  beforeAll(async () => {
    database = await emptyDatabase(dialect, "0023_search_posting_varints");
    const db = database.canon.db;
    userId = await insertUser(db, {
      username: "earlier_reader",
      nickname: "earlier_reader",
      email: null,
      phone: null,
      passwordHash: "x",
      roles: ["reader"],
      now: 1,
    });
    for (const [index, message] of EARLIER.entries())
      await db
        .insertInto("message")
        .values({
          user_id: userId,
          msg_type: "system",
          content: message.content,
          extra: JSON.stringify(message.extra),
          send_at: 1000 + index,
        })
        .execute();
    await migrateToLatest(db, database.canon.dialect);
  });
  afterAll(() => database.dispose());

  const read = async (locale: "zh-CN" | "zh-TW" | "en") =>
    (await readMessages(database.canon.db, userId, { page_no: 1, page_size: 10 }, locale)).list.reverse();

  it("gives the earlier notices their kind and writes them in the reader's language", async () => {
    const [reply, approved, rejected] = await read("en");
    expect(reply).toMatchObject({
      notice: { kind: "feedback_reply", params: { feedback_id: 7, reply: "已改正，谢谢。" } },
      content: "Your feedback (no. 7) has a new reply: 已改正，谢谢。",
      extra: { feedback_id: 7 },
    });
    expect(approved?.notice).toEqual({
      kind: "application_decision",
      params: { status: "approved", reason: "" },
    });
    expect(approved?.content).toMatch(/^Your researcher application has been approved\./);
    expect(rejected).toMatchObject({
      notice: { kind: "application_decision", params: { status: "rejected", reason: "材料不全" } },
      content: "Your researcher application was not approved. Reason: 材料不全",
    });
    expect((await read("zh-TW"))[0]?.content).toBe("您的回饋（編號 7）有了新的回覆：已改正，谢谢。");
  });

  it("keeps every other message as it was stored", async () => {
    const [, , , unlike, welcome] = await read("en");
    expect(unlike).toMatchObject({ notice: null, content: EARLIER[3].content, extra: { feedback_id: 7 } });
    expect(welcome).toMatchObject({ notice: null, content: EARLIER[4].content, extra: {} });
    const rows = await database.canon.db
      .selectFrom("message")
      .select(["content", "kind"])
      .orderBy("id")
      .execute();
    expect(rows.map((row) => row.content)).toEqual(EARLIER.map((message) => message.content));
    expect(rows.map((row) => row.kind)).toEqual([
      "feedback_reply",
      "application_decision",
      "application_decision",
      null,
      null,
    ]);
  });
});
