/** Outgoing e-mail and SMS: verification codes go through a `MessageSender`. */
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import nodemailer from "nodemailer";
import type { Database } from "../../db/schema.ts";
import { insertOutboxMessage } from "./auth-repository.ts";

export type OutgoingMessage = { channel: "email" | "sms"; receiver: string; subject: string; body: string };

export interface MessageSender {
  send(message: OutgoingMessage): Promise<void>;
}

/** Keeps messages in the `outbox` table and logs them; the default when no gateway is set up. */
export function outboxSender(db: Kysely<Database>, log: FastifyBaseLogger, now: () => number): MessageSender {
  return {
    async send(message) {
      await insertOutboxMessage(db, { ...message, createdAt: now() });
      log.info({ channel: message.channel, receiver: message.receiver }, "message stored in the outbox");
    },
  };
}

/** Sends e-mail over SMTP; other channels go to `fallback`. */
export function smtpSender(smtp: { url: string; from: string }, fallback: MessageSender): MessageSender {
  const transport = nodemailer.createTransport(smtp.url);
  return {
    async send(message) {
      if (message.channel !== "email") return fallback.send(message);
      await transport.sendMail({
        from: smtp.from,
        to: message.receiver,
        subject: message.subject,
        text: message.body,
      });
    },
  };
}
