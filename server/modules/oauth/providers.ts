/**
 * The two providers' authorization-code protocols: the authorization address, and trading a code
 * for the reader's identity (Google: OAuth 2.0 token endpoint + OpenID userinfo; WeChat website
 * login: sns/oauth2/access_token + sns/userinfo).
 */
import { z } from "zod";
import type { OAuthProvider } from "../../../contract/oauth.ts";
import { ApiError, badRequest } from "../../errors.ts";
import type { GoogleSettings, OAuthSettings, WechatSettings } from "./settings.ts";

export type ProviderIdentity = { id: string; nickname: string; email: string | null; avatar: string | null };

const PROVIDER_TIMEOUT_MS = 10_000;

export const returnAddress = (settings: OAuthSettings, provider: OAuthProvider): string =>
  `${settings.publicUrl}/login/${provider}`;

/** An authorization-code request to `authUrl` that comes back to the provider's return address. */
function codeRequestUrl(
  settings: OAuthSettings,
  provider: OAuthProvider,
  authUrl: string,
  client: { param: string; id: string },
  scope: string,
): URL {
  const url = new URL(authUrl);
  url.searchParams.set(client.param, client.id);
  url.searchParams.set("redirect_uri", returnAddress(settings, provider));
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", scope);
  return url;
}

export function googleAuthorizeUrl(settings: OAuthSettings, google: GoogleSettings): string {
  const client = { param: "client_id", id: google.clientId };
  return codeRequestUrl(settings, "google", google.authUrl, client, "openid email profile").href;
}

export function wechatAuthorizeUrl(settings: OAuthSettings, wechat: WechatSettings): string {
  const client = { param: "appid", id: wechat.appId };
  const url = codeRequestUrl(settings, "wechat", wechat.authUrl, client, "snsapi_login");
  url.hash = "wechat_redirect";
  return url.href;
}

async function call(provider: OAuthProvider, input: string, init?: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(input, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch {
    throw new ApiError(502, `${provider} could not be reached`);
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.status >= 500) throw new ApiError(502, `${provider} answered ${response.status}`);
  if (!response.ok) throw badRequest(`${provider} refused the sign-in code`);
  return body;
}

const googleToken = z.object({ access_token: z.string().min(1) });
const googleUser = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
  name: z.string().optional(),
  picture: z.string().optional(),
});

export async function googleIdentity(settings: OAuthSettings, google: GoogleSettings, code: string) {
  const tokenBody = await call("google", google.tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      client_id: google.clientId,
      client_secret: google.clientSecret,
      redirect_uri: returnAddress(settings, "google"),
    }).toString(),
  });
  const token = googleToken.safeParse(tokenBody);
  if (!token.success) throw new ApiError(502, "google answered the code without an access token");
  const user = googleUser.safeParse(
    await call("google", google.userinfoUrl, {
      headers: { authorization: `Bearer ${token.data.access_token}` },
    }),
  );
  if (!user.success) throw new ApiError(502, "google answered an unreadable profile");
  const { sub, email, email_verified, name, picture } = user.data;
  return {
    id: sub,
    nickname: name ?? "",
    email: email && email_verified !== false ? email.toLowerCase() : null,
    avatar: picture?.startsWith("https://") ? picture : null,
  } satisfies ProviderIdentity;
}

const wechatError = z.object({ errcode: z.number(), errmsg: z.string().optional() });
const wechatToken = z.object({
  access_token: z.string().min(1),
  openid: z.string().min(1),
  unionid: z.string().optional(),
});
const wechatUser = z.object({
  openid: z.string(),
  nickname: z.string().optional(),
  headimgurl: z.string().optional(),
  unionid: z.string().optional(),
});

/** WeChat answers errors with status 200 and an `errcode`. */
function wechatBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const failed = wechatError.safeParse(body);
  if (failed.success && failed.data.errcode !== 0)
    throw badRequest(`wechat refused the sign-in code (${failed.data.errcode})`);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(502, "wechat answered an unreadable response");
  return parsed.data;
}

export async function wechatIdentity(wechat: WechatSettings, code: string): Promise<ProviderIdentity> {
  const tokenUrl = new URL("sns/oauth2/access_token", `${wechat.apiUrl.replace(/\/+$/, "")}/`);
  tokenUrl.search = new URLSearchParams({
    appid: wechat.appId,
    secret: wechat.appSecret,
    code,
    grant_type: "authorization_code",
  }).toString();
  const token = wechatBody(wechatToken, await call("wechat", tokenUrl.href));
  const userUrl = new URL("sns/userinfo", `${wechat.apiUrl.replace(/\/+$/, "")}/`);
  userUrl.search = new URLSearchParams({ access_token: token.access_token, openid: token.openid }).toString();
  const user = wechatBody(wechatUser, await call("wechat", userUrl.href));
  return {
    id: user.unionid ?? token.unionid ?? token.openid,
    nickname: user.nickname ?? "",
    email: null,
    avatar: user.headimgurl?.startsWith("https://") ? user.headimgurl : null,
  };
}
