/** Sign-in, sign-up and recovery calls (spec section 7, "Auth and user"); profile edits: profile.ts. */
import type {
  Captcha,
  CheckUserExists,
  CodeScene,
  Profile,
  ShowCaptcha,
  TokenResult,
} from "../../contract/accounts.ts";
import type { OAuthConfig, OAuthProvider } from "../../contract/oauth.ts";
import type { ApiClient } from "./client.ts";

export type { Captcha };

export function fetchCaptcha(api: ApiClient): Promise<Captcha> {
  return api.getResult<Captcha>(api.http.post("user/captcha"));
}

export async function isLoginCaptchaShown(api: ApiClient, username: string): Promise<boolean> {
  const result = await api.getResult<ShowCaptcha>(api.http.post("is_show_captcha", { json: { username } }));
  return result.is_login_show_captcha;
}

export function checkUserExists(
  api: ApiClient,
  query: { username?: string; phone_or_email?: string },
): Promise<CheckUserExists> {
  return api.getResult<CheckUserExists>(api.http.post("check_user_exists", { json: query }));
}

export type CodeRequest = { receiver: string; scene: CodeScene; captcha: string; identifier: string };

export async function sendCode(api: ApiClient, request: CodeRequest): Promise<void> {
  await api.getResult<null>(api.http.post("user/phone_code", { searchParams: request }));
}

export type RegisterForm = {
  username: string;
  nickname: string;
  email_or_phone: string;
  code: string;
  password: string;
};

export function register(api: ApiClient, form: RegisterForm): Promise<Profile> {
  return api.getResult<Profile>(api.http.post("user/register", { json: form }));
}

export type PasswordLoginForm = { username: string; password: string; captcha?: string; identifier?: string };

export async function passwordLogin(api: ApiClient, form: PasswordLoginForm): Promise<string> {
  const body = new URLSearchParams({ scope: "", username: form.username, password: form.password });
  if (form.captcha && form.identifier) {
    body.set("captcha", form.captcha);
    body.set("identifier", form.identifier);
  }
  const result = await api.getResult<TokenResult>(api.http.post("login", { body }));
  return result.access_token;
}

export async function codeLogin(api: ApiClient, receiver: string, code: string): Promise<string> {
  const searchParams = { method: "multiple", receiver, code };
  const result = await api.getResult<TokenResult>(api.http.post("user/code_login", { searchParams }));
  return result.access_token;
}

export async function resetPassword(
  api: ApiClient,
  form: { email_or_phone: string; code: string; password: string },
): Promise<void> {
  await api.getResult<null>(api.http.put("user/password/guest", { json: form }));
}

export function fetchOAuthConfig(api: ApiClient): Promise<OAuthConfig> {
  return api.getResult<OAuthConfig>(api.http.get("user/auth/config"));
}

export async function oauthSignIn(api: ApiClient, provider: OAuthProvider, code: string): Promise<string> {
  const result = await api.getResult<TokenResult>(
    api.http.get(`user/auth/${provider}`, { searchParams: { code } }),
  );
  return result.access_token;
}

export async function logout(api: ApiClient): Promise<void> {
  await api.getResult<null>(api.http.post("logout"));
}
