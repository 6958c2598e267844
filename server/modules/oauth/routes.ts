/** Google and WeChat sign-in: `GET /v1/user/auth/config` and `GET /v1/user/auth/{provider}?code`. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { tokenResult } from "../../../contract/accounts.ts";
import { envelope, errorEnvelope, ok } from "../../../contract/envelope.ts";
import { type OAuthProvider, oauthCodeQuery, oauthConfigResult } from "../../../contract/oauth.ts";
import { notFound } from "../../errors.ts";
import { sendSession } from "../auth/session-cookie.ts";
import {
  googleAuthorizeUrl,
  googleIdentity,
  type ProviderIdentity,
  wechatAuthorizeUrl,
  wechatIdentity,
} from "./providers.ts";
import { signInWithProvider } from "./service.ts";
import type { OAuthSettings } from "./settings.ts";

const errors = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  429: errorEnvelope,
  502: errorEnvelope,
};
const tags = ["auth"];

export function registerOAuthRoutes(parent: FastifyInstance, settings: OAuthSettings): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const ctx = app.auth;

  app.get(
    "/user/auth/config",
    { schema: { tags, response: { 200: envelope(oauthConfigResult) } } },
    async () =>
      ok({
        google: settings.google ? { authorize_url: googleAuthorizeUrl(settings, settings.google) } : null,
        wechat: settings.wechat ? { authorize_url: wechatAuthorizeUrl(settings, settings.wechat) } : null,
      }),
  );

  const identityOf: Record<OAuthProvider, (code: string) => Promise<ProviderIdentity>> = {
    google: (code) => {
      if (!settings.google) throw notFound("sign-in provider", "google");
      return googleIdentity(settings, settings.google, code);
    },
    wechat: (code) => {
      if (!settings.wechat) throw notFound("sign-in provider", "wechat");
      return wechatIdentity(settings.wechat, code);
    },
  };

  for (const provider of ["google", "wechat"] as const) {
    app.get(
      `/user/auth/${provider}`,
      {
        config: { rateLimit: app.authRateLimit },
        schema: { tags, querystring: oauthCodeQuery, response: { 200: envelope(tokenResult), ...errors } },
      },
      async (request, reply) => {
        const identity = await identityOf[provider](request.query.code);
        return sendSession(
          reply,
          await signInWithProvider(ctx, provider, identity, request.user?.id ?? null),
        );
      },
    );
  }
}
