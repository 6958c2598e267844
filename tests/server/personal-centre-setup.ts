import { expect } from "vitest";
import type { Feedback } from "../../contract/feedback-schemas.ts";
import type { Dialect } from "../../server/db/connect.ts";
import { ensureAdmin } from "../../server/modules/auth/admin.ts";
import { insertOutboxMessage } from "../../server/modules/auth/auth-repository.ts";
import type { MessageSender } from "../../server/modules/auth/messages.ts";
import {
  type AuthHarness,
  accessToken,
  bearer,
  parse,
  type Reply,
  registerUser,
  startAuthApp,
} from "./auth-setup.ts";
import { uploadPng } from "./upload-requests.ts";

export const PASSWORD = "abc123";

export type Reader = { username: string; contact: string; token: string; id: number; cookie?: string };

export type Centre = {
  h: AuthHarness;
  admin: Reader;
  /** When set, mail to this address fails as an unreachable mail server would. */
  mail: { failFor: string | null };
  feedbackBody: Record<string, unknown>;
  sutraUid: string;
  newReader(contact?: string): Promise<Reader>;
  call(
    token: string | null,
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    options?: { query?: Record<string, string>; payload?: unknown },
  ): Promise<Reply>;
  addFeedback(reader: Reader, change?: Record<string, unknown>): Promise<Feedback>;
  reply(feedbackId: number, status: string, content?: string): Promise<Reply>;
  outboxTo(receiver: string, subject?: string): Promise<{ subject: string; body: string }[]>;
  uploadImage(token: string): Promise<string>;
  close(): Promise<void>;
};

let serial = 0;

/** Each test file's app; mail goes to the `outbox` table (as with no SMTP configured). */
export async function startCentre(dialect: Dialect): Promise<Centre> {
  const mail: { failFor: string | null } = { failFor: null };
  let harness: AuthHarness | null = null;
  const sender: MessageSender = {
    async send(message) {
      if (!harness) throw new Error("the app is not started");
      if (message.receiver === mail.failFor) throw new Error("mail server unreachable");
      await insertOutboxMessage(harness.database.canon.db, { ...message, createdAt: harness.clock.now });
    },
  };
  const h = await startAuthApp(dialect, { sender }, { withCanon: true });
  harness = h;

  const call: Centre["call"] = async (token, method, url, options = {}) =>
    parse(
      await h.app.inject({
        method,
        url,
        headers: token ? bearer(token) : {},
        ...(options.query ? { query: options.query } : {}),
        ...(options.payload === undefined ? {} : { payload: options.payload as object }),
      }),
    );

  async function signIn(username: string, contact: string): Promise<Reader> {
    const token = await accessToken(h, username, PASSWORD);
    const profile = await call(token, "GET", "/v1/user/profile");
    return { username, contact, token, id: (profile.result as { _id: number })._id };
  }

  const list = await call(null, "POST", "/v1/tripitaka/JS/sutra/list", { payload: {} });
  const first = (list.result as { list: { reel_uids: [string, string][] }[] }).list[0]?.reel_uids[0]?.[0];
  const reel = (await call(null, "GET", `/v1/reel/${first}`)).result as {
    sutra_uid: string;
    reel_uid: string;
    pages: { lines: { cid: string }[] }[];
  };
  const feedbackBody = {
    question_type: "content_error",
    source: "by_reel",
    sutra_uid: reel.sutra_uid,
    reel_uid: reel.reel_uid,
    cids: reel.pages.flatMap((p) => p.lines.map((l) => l.cid)).slice(0, 2),
    origin_text: "如是我聞",
    suggestion: "校勘",
  };

  const adminName = "centre_admin";
  await ensureAdmin(h.database.canon.db, { username: adminName, password: PASSWORD }, h.clock.now);
  const admin = await signIn(adminName, "");

  return {
    h,
    admin,
    mail,
    feedbackBody,
    sutraUid: reel.sutra_uid,
    call,
    async newReader(contact) {
      const n = serial++;
      const username = `reader_${n}`;
      const receiver = contact ?? `reader${n}@example.org`;
      // Registering moves the clock past the code's resend limit; the others' tokens must not expire.
      const at = h.clock.now;
      expect((await registerUser(h, { username, contact: receiver, password: PASSWORD })).code).toBe(0);
      h.clock.now = at;
      return signIn(username, receiver);
    },
    async addFeedback(reader, change = {}) {
      const reply = await call(reader.token, "POST", "/v1/feedback/add", {
        payload: { ...feedbackBody, ...change },
      });
      expect(reply.code).toBe(0);
      return reply.result as Feedback;
    },
    reply: (feedbackId, status, content = "已收到，正在核对。") =>
      call(admin.token, "POST", `/v1/admin/feedback/${feedbackId}/continue_feedback`, {
        payload: { status, content },
      }),
    async outboxTo(receiver, subject) {
      let query = h.database.canon.db
        .selectFrom("outbox")
        .select(["subject", "body"])
        .where("receiver", "=", receiver)
        .where("channel", "=", "email");
      if (subject) query = query.where("subject", "=", subject);
      return query.orderBy("id").execute();
    },
    uploadImage: (token) => uploadPng(h, token, "feedback", `reply-${serial++}.png`),
    close: () => h.close(),
  };
}

/** The claims an access token carries. */
export const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());

/** Rows of a table, for checking that a refused request changed nothing. */
export async function tableRows(
  centre: Centre,
  table: "feedback" | "feedback_log" | "message" | "application" | "application_log" | "outbox" | "user",
) {
  const rows = await centre.h.database.canon.db.selectFrom(table).selectAll().execute();
  return rows.map((row) => JSON.stringify(row)).sort();
}
