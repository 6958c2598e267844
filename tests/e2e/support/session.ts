/** Signing in without the sign-in screen, for tests about what a signed-in reader sees. */
import type { BrowserContext } from "playwright-core";
import { inject } from "vitest";

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
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value);
    },
    [TOKEN_KEY, token] as const,
  );
}
