/** Signing in without the sign-in screen, for tests about what a signed-in reader sees. */
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

/** The administrator gives `username` the researcher role, as the user list's role boxes do. */
export async function grantResearcher(username: string): Promise<void> {
  const admin = inject("e2eAdmin");
  const headers = { authorization: `Bearer ${await passwordToken(admin.username, admin.password)}` };
  const base = `${inject("e2eBaseUrl")}/v1/admin`;
  const call = async <T>(path: string, method: "GET" | "PUT"): Promise<T> => {
    const answer = (await (await fetch(`${base}/${path}`, { method, headers })).json()) as {
      code: number;
      msg: string;
      result: T;
    };
    if (answer.code !== 0) throw new Error(`${method} ${path}: ${answer.code} ${answer.msg}`);
    return answer.result;
  };
  const users = await call<{ list: { _id: number; username: string }[] }>(
    `users?${new URLSearchParams({ username })}`,
    "GET",
  );
  const user = users.list.find((item) => item.username === username);
  if (!user) throw new Error(`no user ${username}`);
  await call(`user/${user._id}?roles=reader,researcher`, "PUT");
}
