/** The signed-in user's profile calls and password recovery. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  bindingsBody,
  changePasswordBody,
  nicknameQuery,
  profileResult,
  resetPasswordBody,
  tokenResult,
} from "../../../contract/accounts.ts";
import { envelope, errorEnvelope, ok } from "../../../contract/envelope.ts";
import { bearerSecurity, requireUser, signedIn } from "../../plugins/auth.ts";
import {
  bindContact,
  changeNickname,
  changePassword,
  currentUser,
  resetPassword,
  toProfile,
} from "./profile.ts";
import { sendSession } from "./session-cookie.ts";

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 429: errorEnvelope };
const tags = ["user"];

export function registerUserRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const ctx = app.auth;

  app.get(
    "/user/profile",
    {
      preHandler: requireUser,
      schema: { tags, security: bearerSecurity, response: { 200: envelope(profileResult), ...errors } },
    },
    async (request) => ok(toProfile(await currentUser(ctx, signedIn(request).id))),
  );

  app.put(
    "/user/nickname",
    {
      preHandler: requireUser,
      schema: {
        tags,
        security: bearerSecurity,
        querystring: nicknameQuery,
        response: { 200: envelope(tokenResult), ...errors },
      },
    },
    async (request, reply) =>
      sendSession(reply, await changeNickname(ctx, signedIn(request).id, request.query.nickname)),
  );

  app.put(
    "/user/password",
    {
      preHandler: requireUser,
      schema: {
        tags,
        security: bearerSecurity,
        body: changePasswordBody,
        response: { 200: envelope(tokenResult), ...errors },
      },
    },
    async (request, reply) =>
      sendSession(reply, await changePassword(ctx, signedIn(request).id, request.body)),
  );

  app.put(
    "/user/password/guest",
    {
      config: { rateLimit: app.authRateLimit },
      schema: { tags, body: resetPasswordBody, response: { 200: envelope(z.null()), ...errors } },
    },
    async (request) => {
      await resetPassword(ctx, request.body);
      return ok(null);
    },
  );

  app.put(
    "/user/bindings",
    {
      preHandler: requireUser,
      schema: {
        tags,
        security: bearerSecurity,
        body: bindingsBody,
        response: { 200: envelope(tokenResult), ...errors },
      },
    },
    async (request, reply) => sendSession(reply, await bindContact(ctx, signedIn(request).id, request.body)),
  );
}
