/** The sign-up and sign-in calls (spec section 7, "Auth and user"). */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  captchaResult,
  checkUserExistsBody,
  checkUserExistsResult,
  codeLoginQuery,
  loginBody,
  phoneCodeQuery,
  profileResult,
  registerBody,
  showCaptchaBody,
  showCaptchaResult,
  tokenResult,
} from "../../../contract/accounts.ts";
import { envelope, errorEnvelope, ok } from "../../../contract/envelope.ts";
import { captchaIssuer } from "./captcha.ts";
import { currentUser, toProfile } from "./profile.ts";
import { clearSessionCookie, refreshCookie, sendSession } from "./session-cookie.ts";
import {
  codeLogin,
  isLoginCaptchaShown,
  logout,
  passwordLogin,
  refreshSession,
  register,
  requestCode,
  userExists,
} from "./sign-in.ts";

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 429: errorEnvelope };
const tags = ["auth"];

export function registerAuthRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const ctx = app.auth;
  const limited = { rateLimit: app.authRateLimit };
  const captchas = captchaIssuer(ctx);

  app.post(
    "/user/captcha",
    { config: limited, schema: { tags, response: { 200: envelope(captchaResult), ...errors } } },
    async () => ok(await captchas.create()),
  );

  app.post(
    "/is_show_captcha",
    {
      config: limited,
      schema: { tags, body: showCaptchaBody, response: { 200: envelope(showCaptchaResult), ...errors } },
    },
    async (request) =>
      ok({
        is_login_show_captcha: await isLoginCaptchaShown(ctx, request.body.username, request.ip),
        is_else_show_captcha: true,
      }),
  );

  app.post(
    "/check_user_exists",
    {
      config: limited,
      schema: {
        tags,
        body: checkUserExistsBody,
        response: { 200: envelope(checkUserExistsResult), ...errors },
      },
    },
    async (request) => ok(await userExists(ctx, request.body)),
  );

  app.post(
    "/user/phone_code",
    {
      config: limited,
      schema: { tags, querystring: phoneCodeQuery, response: { 200: envelope(z.null()), ...errors } },
    },
    async (request) => {
      await requestCode(ctx, request.query);
      return ok(null);
    },
  );

  app.post(
    "/user/register",
    {
      config: limited,
      schema: { tags, body: registerBody, response: { 200: envelope(profileResult), ...errors } },
    },
    async (request) => {
      const id = await register(ctx, request.body);
      return ok(toProfile(await currentUser(ctx, id)));
    },
  );

  app.post(
    "/login",
    {
      config: limited,
      schema: { tags, body: loginBody, response: { 200: envelope(tokenResult), ...errors } },
    },
    async (request, reply) => sendSession(reply, await passwordLogin(ctx, request.body, request.ip)),
  );

  app.post(
    "/user/code_login",
    {
      config: limited,
      schema: { tags, querystring: codeLoginQuery, response: { 200: envelope(tokenResult), ...errors } },
    },
    async (request, reply) => sendSession(reply, await codeLogin(ctx, request.query)),
  );

  for (const method of ["GET", "POST"] as const) {
    app.route({
      method,
      url: "/refresh_token",
      config: limited,
      schema: { tags, response: { 200: envelope(tokenResult), ...errors } },
      handler: async (request, reply) => {
        try {
          return sendSession(reply, await refreshSession(ctx, refreshCookie(request)));
        } catch (error) {
          clearSessionCookie(reply);
          throw error;
        }
      },
    });
  }

  app.post(
    "/logout",
    { schema: { tags, response: { 200: envelope(z.null()), ...errors } } },
    async (request, reply) => {
      await logout(ctx, refreshCookie(request), request.user?.id ?? null);
      clearSessionCookie(reply);
      return ok(null);
    },
  );
}
