import type { Kysely } from "kysely";
import type { Dialect } from "../connect.ts";

/**
 * A notice the server writes into a reader's messages is kept as a kind and its parameters, and is
 * written in the reader's language where it is read (server/modules/messages/notice-texts.ts).
 * `kind` is null for a message kept as text. The notices written before, in simplified Chinese
 * with what they said also in `extra`, are given their kind and parameters when their text is
 * exactly what was written for them; their text is kept, and any other row stays text.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable("message").addColumn("kind", "text").execute();
  /** JSON object: the notice's parameters (contract/messages.ts, noticeSchema). */
  await db.schema.alterTable("message").addColumn("params", "text").execute();

  const messages = db as Kysely<{ message: MessageRow }>;
  let after = 0;
  for (;;) {
    const rows = await messages
      .selectFrom("message")
      .select(["id", "content", "extra"])
      .where("msg_type", "=", "system")
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      const notice = earlierNotice(row.content, row.extra);
      if (notice)
        await messages
          .updateTable("message")
          .set({ kind: notice.kind, params: JSON.stringify(notice.params) })
          .where("id", "=", row.id)
          .execute();
    }
    after = rows[rows.length - 1]?.id ?? after;
  }
}

/** The message table as this migration leaves it. */
type MessageRow = {
  id: number;
  msg_type: string;
  content: string;
  extra: string;
  kind: string | null;
  params: string | null;
};

const BATCH = 1000;

/** The texts the notices were written with before they had kinds. */
const REPLY_PREFIX = (feedbackId: number) => `您的反馈（编号 ${feedbackId}）有了新的回复：`;
const APPROVED = "您的研究者申请已通过。";
const REJECTED = "您的研究者申请未通过。原因：";

type EarlierNotice =
  | { kind: "feedback_reply"; params: { feedback_id: number; reply: string } }
  | { kind: "application_decision"; params: { status: "approved" | "rejected"; reason: string } };

function readExtra(extra: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(extra);
    return typeof value === "object" && value !== null ? { ...value } : {};
  } catch {
    return {};
  }
}

/** The notice an earlier row was written for, or null when its text is not one of theirs. */
function earlierNotice(content: string, extraText: string): EarlierNotice | null {
  const extra = readExtra(extraText);
  const feedbackId = extra.feedback_id;
  if (typeof feedbackId === "number" && Number.isInteger(feedbackId)) {
    const prefix = REPLY_PREFIX(feedbackId);
    if (!content.startsWith(prefix)) return null;
    return {
      kind: "feedback_reply",
      params: { feedback_id: feedbackId, reply: content.slice(prefix.length) },
    };
  }
  const reason = typeof extra.deal_reason === "string" ? extra.deal_reason : "";
  if (extra.deal_status === "approved" && content === APPROVED)
    return { kind: "application_decision", params: { status: "approved", reason } };
  if (extra.deal_status === "rejected" && content === `${REJECTED}${reason}`)
    return { kind: "application_decision", params: { status: "rejected", reason } };
  return null;
}
