/**
 * Signing in without the sign-in screen, for tests about what a signed-in reader sees, and the
 * administrator's calls on the API.
 */
import type { BrowserContext } from "playwright-core";
import { inject } from "vitest";
import { solveCaptcha } from "./captcha.ts";
import { latestCode, outboxMark } from "./outbox.ts";

const TOKEN_KEY = "canon-reader.token";

export async function passwordToken(username: string, password: string): Promise<string> {
  const response = await fetch(`${inject("e2eBaseUrl")}/v1/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username, password }).toString(),
  });
  const body = (await response.json()) as {
    code: number;
    msg: string;
    result: { access_token: string } | null;
  };
  if (body.code !== 0 || !body.result)
    throw new Error(`sign-in of ${username} failed: ${body.code} ${body.msg}`);
  return body.result.access_token;
}

/** Every page of `context` starts signed in as `username`. */
export async function signInContext(context: BrowserContext, username: string, password: string) {
  const token = await passwordToken(username, password);
  await context.addInitScript(
    ([key, value]) => {
      // Once per tab: a later sign-out must stay signed out across reloads.
      if (window.sessionStorage.getItem("e2e-signed-in")) return;
      window.sessionStorage.setItem("e2e-signed-in", "1");
      window.localStorage.setItem(key, value);
    },
    [TOKEN_KEY, token] as const,
  );
}

async function call(
  path: string,
  init: RequestInit,
): Promise<{ code: number; msg: string; result: unknown }> {
  const response = await fetch(`${inject("e2eBaseUrl")}/v1/${path}`, init);
  return (await response.json()) as { code: number; msg: string; result: unknown };
}

/** Registers an account through the API, answering the captcha and reading the code as a person would. */
export async function registerByApi(user: {
  username: string;
  contact: string;
  password: string;
}): Promise<void> {
  const captcha = await call("user/captcha", { method: "POST" });
  const identifier = (captcha.result as { identifier: string }).identifier;
  const mark = outboxMark();
  const query = new URLSearchParams({
    receiver: user.contact,
    scene: "register",
    captcha: solveCaptcha(identifier),
    identifier,
  });
  const sent = await call(`user/phone_code?${query}`, { method: "POST" });
  if (sent.code !== 0) throw new Error(`code for ${user.contact} not sent: ${sent.code} ${sent.msg}`);
  const code = await latestCode(user.contact, mark);
  const registered = await call("user/register", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      username: user.username,
      email_or_phone: user.contact,
      password: user.password,
      code,
    }),
  });
  if (registered.code !== 0)
    throw new Error(`${user.username} not registered: ${registered.code} ${registered.msg}`);
}

/** The administrator's calls on the API, signed in by password on the first call. */
export class AdminApi {
  private token: string | null = null;

  async call<T>(path: string, init: RequestInit = {}): Promise<T> {
    const admin = inject("e2eAdmin");
    this.token ??= await passwordToken(admin.username, admin.password);
    const response = await fetch(`${inject("e2eBaseUrl")}/v1/${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${this.token}`,
        // The server refuses an empty body said to be JSON.
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      },
    });
    const body = (await response.json()) as { code: number; msg: string; result: T };
    if (body.code !== 0) throw new Error(`${path}: ${body.code} ${body.msg}`);
    return body.result;
  }
}

/** The administrator gives `username` the researcher role, as the user list's role boxes do. */
export async function grantResearcher(username: string): Promise<void> {
  const admin = new AdminApi();
  const users = await admin.call<{ list: { _id: number; username: string }[] }>(
    `admin/users?${new URLSearchParams({ username })}`,
  );
  const user = users.list.find((item) => item.username === username);
  if (!user) throw new Error(`no user ${username}`);
  await admin.call(`admin/user/${user._id}?roles=reader,researcher`, { method: "PUT" });
}
