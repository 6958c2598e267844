/**
 * Google and WeChat sign-in (spec sections 2 and 7): OAuth 2.0 authorization-code flows. The
 * client sends the reader to `authorize_url` with a `state` of its own; the provider returns to
 * `/login/google` or `/login/wechat` with `code` and `state`, and the client trades the code at
 * `GET /v1/user/auth/{provider}?code`. Signed in already, the same call binds the provider to the
 * account instead.
 */
import { z } from "zod";

export const OAUTH_PROVIDERS = ["google", "wechat"] as const;
export const oauthProviderSchema = z.enum(OAUTH_PROVIDERS);
export type OAuthProvider = z.infer<typeof oauthProviderSchema>;

export const oauthProviderConfig = z.object({
  /** The provider's authorization address with client id, redirect uri, response type and scope. */
  authorize_url: z.string().url(),
});

/** `GET /v1/user/auth/config`: each provider configured on this server, or null. */
export const oauthConfigResult = z.object({
  google: oauthProviderConfig.nullable(),
  wechat: oauthProviderConfig.nullable(),
});
export type OAuthConfig = z.infer<typeof oauthConfigResult>;

export const oauthCodeQuery = z.object({ code: z.string().trim().min(1).max(512) });
