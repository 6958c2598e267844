/**
 * Shared set-up of the account tests: an app with a settable clock and a fixed random source, so
 * the captcha answer is known, and helpers that read sent codes from the outbox table.
 */
import { expect } from "vitest";
import type { App, AppDeps } from "../../server/app.ts";
import type { Dialect } from "../../server/db/connect.ts";
import { CAPTCHA_ALPHABET, CAPTCHA_LENGTH } from "../../server/modules/auth/captcha-svg.ts";
import type { AuthOptions } from "../../server/modules/auth/context.ts";
import { canonDatabase, emptyDatabase, type TestDatabase } from "../support/databases.ts";
import { appOver } from "../support/test-app.ts";

/** With `random: () => 0` every captcha draws the alphabet's first character. */
export const CAPTCHA_ANSWER = CAPTCHA_ALPHABET[0]!.repeat(CAPTCHA_LENGTH);

/** The key the harness signs access tokens with, for tests that forge their own. */
export const TEST_JWT_SECRET = "test-secret-of-the-account-tests-0123456789";

export type AuthHarness = {
  app: App;
  database: TestDatabase;
  clock: { now: number };
  close(): Promise<void>;
};

/** `withCanon` starts from a copy of the imported starter canon instead of an empty library. */
export async function startAuthApp(
  dialect: Dialect,
  auth: Partial<AuthOptions> = {},
  options: { withCanon?: boolean; teamJoinUrl?: string; fontFiles?: string[] } = {},
): Promise<AuthHarness> {
  const database = options.withCanon ? await canonDatabase(dialect) : await emptyDatabase(dialect);
  return authAppOver(
    database,
    { now: Date.UTC(2026, 0, 1) },
    {
      fontFiles: options.fontFiles ?? [],
      teamJoinUrl: options.teamJoinUrl ?? null,
      auth,
    },
  );
}

/**
 * An app over `database` (its storage unless `deps` gives another) with the harness's sign-in:
 * tokens signed with TEST_JWT_SECRET at `clock`'s time, captchas drawn with `random: () => 0`, and
 * a rate limit the tests do not reach. Closing it disposes of the database.
 */
export async function authAppOver(
  database: TestDatabase,
  clock: { now: number },
  { auth, ...deps }: Partial<Omit<AppDeps, "auth">> & { auth?: Partial<AuthOptions> } = {},
): Promise<AuthHarness> {
  const app = await appOver(database, {
    ...deps,
    auth: {
      jwtSecret: TEST_JWT_SECRET,
      now: () => clock.now,
      random: () => 0,
      rateLimit: { max: 10_000, timeWindowMs: 60_000 },
      ...auth,
    },
  });
  return {
    app,
    database,
    clock,
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}

export type Reply = { statusCode: number; code: number; msg: string; result: unknown };

export function parse(response: { statusCode: number; json(): unknown }): Reply {
  const body = response.json() as { code: number; msg: string; result: unknown };
  return { statusCode: response.statusCode, code: body.code, msg: body.msg, result: body.result };
}

export async function newCaptcha(app: App): Promise<string> {
  const reply = parse(await app.inject({ method: "POST", url: "/v1/user/captcha" }));
  expect(reply.code).toBe(0);
  return (reply.result as { identifier: string }).identifier;
}

export async function askCode(h: AuthHarness, receiver: string, scene: string, answer = CAPTCHA_ANSWER) {
  const identifier = await newCaptcha(h.app);
  return parse(
    await h.app.inject({
      method: "POST",
      url: "/v1/user/phone_code",
      query: { receiver, scene, captcha: answer, identifier },
    }),
  );
}

/** The code in the newest outbox message to `receiver`. */
export async function lastCode(h: AuthHarness, receiver: string): Promise<string> {
  const message = await h.database.canon.db
    .selectFrom("outbox")
    .select(["body"])
    .where("receiver", "=", receiver)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const code = /\b(\d{6})\b/.exec(message.body)?.[1];
  if (!code) throw new Error(`no code in ${message.body}`);
  return code;
}

/** Requests and reads a code, moving the clock past the resend limit first. */
export async function codeFor(h: AuthHarness, receiver: string, scene: string): Promise<string> {
  h.clock.now += 61_000;
  const reply = await askCode(h, receiver, scene);
  expect(reply).toMatchObject({ statusCode: 200, code: 0 });
  return lastCode(h, receiver);
}

export async function registerUser(
  h: AuthHarness,
  user: { username: string; contact: string; password: string },
): Promise<Reply> {
  const code = await codeFor(h, user.contact, "register");
  return parse(
    await h.app.inject({
      method: "POST",
      url: "/v1/user/register",
      payload: { username: user.username, code, email_or_phone: user.contact, password: user.password },
    }),
  );
}

/** A password sign-in as the web app sends it; `remoteAddress` is the client's address. */
export async function login(h: AuthHarness, form: Record<string, string>, remoteAddress?: string) {
  const response = await h.app.inject({
    method: "POST",
    url: "/v1/login",
    ...(remoteAddress !== undefined && { remoteAddress }),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ scope: "", ...form }).toString(),
  });
  const refresh = response.cookies.find((c) => c.name === "refresh_token");
  return { ...parse(response), refreshCookie: refresh?.value };
}

export async function accessToken(h: AuthHarness, username: string, password: string): Promise<string> {
  const reply = await login(h, { username, password });
  expect(reply.code).toBe(0);
  return (reply.result as { access_token: string }).access_token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
