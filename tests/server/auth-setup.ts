/**
 * Shared set-up of the account tests: an app with a settable clock and a fixed random source, so
 * the captcha answer is known, and helpers that read sent codes from the outbox table.
 */
import sharp from "sharp";
import { expect } from "vitest";
import type { UploadPolicy } from "../../contract/uploads.ts";
import { type App, buildApp } from "../../server/app.ts";
import type { Dialect } from "../../server/db/connect.ts";
import { CAPTCHA_ALPHABET, CAPTCHA_LENGTH } from "../../server/modules/auth/captcha-svg.ts";
import type { AuthOptions } from "../../server/modules/auth/context.ts";
import { canonDatabase, emptyDatabase, type TestDatabase } from "../support/databases.ts";

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
  const clock = { now: Date.UTC(2026, 0, 1) };
  const app = await buildApp({
    canon: database.canon,
    storage: database.storage,
    fontFiles: options.fontFiles ?? [],
    logLevel: "silent",
    teamJoinUrl: options.teamJoinUrl ?? null,
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

/**
 * Uploads a small PNG as a reader would: a policy for `purpose` from `/v1/oss/token`, then the
 * form post to its host. Answers the stored key.
 */
export async function uploadPng(
  h: AuthHarness,
  token: string,
  purpose: "avatar" | "feedback",
  name: string,
  size = 8,
): Promise<string> {
  const policy = parse(
    await h.app.inject({
      method: "GET",
      url: "/v1/oss/token",
      query: { oss_prefix: purpose },
      headers: bearer(token),
    }),
  ).result as UploadPolicy;
  const image = await sharp({ create: { width: size, height: size, channels: 3, background: "#987444" } })
    .png()
    .toBuffer();
  const form = new FormData();
  const fields = {
    key: `${policy.dir}${name}`,
    policy: policy.policy,
    OSSAccessKeyId: policy.accessid,
    signature: policy.signature,
    "Content-Type": "image/png",
  };
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  form.append("file", new Blob([new Uint8Array(image)], { type: "image/png" }), name);
  const request = new Request("http://local/", { method: "POST", body: form });
  const uploaded = parse(
    await h.app.inject({
      method: "POST",
      url: policy.host,
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { "content-type": request.headers.get("content-type") ?? "", ...bearer(token) },
    }),
  );
  expect(uploaded.code).toBe(0);
  return (uploaded.result as { key: string }).key;
}
