/**
 * A reader's messages (spec section 7): `GET /v1/messages`, `POST /v1/messages/{message_id}/update`
 * (used as delete) and `GET /v1/user/msg_remind`.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelope, ok, paged } from "../../../contract/envelope.ts";
import { type AppLocale, pickLocale } from "../../../contract/locale-rules.ts";
import {
  messageListQuery,
  messageParams,
  messageSchema,
  messageUpdateBody,
  msgRemindSchema,
} from "../../../contract/messages.ts";
import { bearerSecurity, requireUser, signedIn } from "../../plugins/auth.ts";
import { signedInErrors } from "../../plugins/route-errors.ts";
import { deleteMessage, msgRemind, readMessages } from "./message-service.ts";

const tags = ["messages"];

/** The reader's language as the web app picks it: the `lang` cookie, then the browser's languages. */
function readerLocale(request: FastifyRequest): AppLocale {
  const languages = (request.headers["accept-language"] ?? "")
    .split(",")
    .map((part) => part.split(";")[0]?.trim() ?? "")
    .filter((language) => language !== "");
  return pickLocale(request.headers.cookie ?? "", languages);
}

export function registerMessageRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = app.auth.db;

  app.get(
    "/messages",
    {
      preHandler: requireUser,
      schema: {
        tags,
        security: bearerSecurity,
        querystring: messageListQuery,
        response: { 200: envelope(paged(messageSchema)), ...signedInErrors },
      },
    },
    async (request) => ok(await readMessages(db, signedIn(request).id, request.query, readerLocale(request))),
  );

  app.post(
    "/messages/:message_id/update",
    {
      preHandler: requireUser,
      schema: {
        tags,
        security: bearerSecurity,
        params: messageParams,
        body: messageUpdateBody,
        response: { 200: envelope(z.null()), ...signedInErrors },
      },
    },
    async (request) => {
      await deleteMessage(db, signedIn(request).id, request.params.message_id);
      return ok(null);
    },
  );

  app.get(
    "/user/msg_remind",
    {
      preHandler: requireUser,
      schema: {
        tags,
        security: bearerSecurity,
        response: { 200: envelope(msgRemindSchema), ...signedInErrors },
      },
    },
    async (request) => ok(await msgRemind(db, signedIn(request).id)),
  );
}
