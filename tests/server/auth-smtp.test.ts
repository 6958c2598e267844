import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpServer, startSmtpServer } from "../support/smtp-server.ts";
import { type AuthHarness, askCode, lastCode, startAuthApp } from "./auth-setup.ts";

describe("verification codes over SMTP", () => {
  let smtp: SmtpServer;
  let h: AuthHarness;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    h = await startAuthApp("sqlite", { smtp: { url: smtp.url, from: "Canon reader <noreply@canon.test>" } });
  });
  afterAll(async () => {
    await h.close();
    await smtp.close();
  });

  it("mails the code to an e-mail receiver and stores nothing in the outbox", async () => {
    const reply = await askCode(h, "reader@example.org", "register");
    expect(reply).toMatchObject({ statusCode: 200, code: 0 });
    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail?.from).toBe("noreply@canon.test");
    expect(mail?.to).toEqual(["reader@example.org"]);
    expect(mail?.data).toMatch(/\b\d{6}\b/);
    const outboxed = await h.database.canon.db
      .selectFrom("outbox")
      .select(["id"])
      .where("receiver", "=", "reader@example.org")
      .execute();
    expect(outboxed).toHaveLength(0);
  });

  it("keeps SMS codes in the outbox when only SMTP is set up", async () => {
    h.clock.now += 61_000;
    const reply = await askCode(h, "13800138000", "register");
    expect(reply).toMatchObject({ statusCode: 200, code: 0 });
    expect(await lastCode(h, "13800138000")).toMatch(/^\d{6}$/);
    expect(smtp.messages).toHaveLength(1);
  });

  it("answers 508 when the mail server cannot be reached", async () => {
    const down = await startSmtpServer();
    await down.close();
    const broken = await startAuthApp("sqlite", { smtp: { url: down.url, from: "noreply@canon.test" } });
    try {
      const reply = await askCode(broken, "other@example.org", "register");
      expect(reply.code).toBe(508);
    } finally {
      await broken.close();
    }
  });
});
