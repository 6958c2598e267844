import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TOKEN_TTL_MS, SIGN_IN_TTL_MS } from "../../contract/account-rules.ts";
import { testDialects } from "../support/databases.ts";
import {
  type AuthHarness,
  askCode,
  CAPTCHA_ANSWER,
  codeFor,
  lastCode,
  login,
  newCaptcha,
  parse,
  registerUser,
  startAuthApp,
} from "./auth-setup.ts";

describe.each(testDialects())("sign-up and sign-in on %s", (dialect) => {
  let h: AuthHarness;
  const alice = { username: "alice_1", contact: "alice@example.com", password: "secret-1" };

  beforeAll(async () => {
    h = await startAuthApp(dialect);
    expect(await registerUser(h, alice)).toMatchObject({ statusCode: 200, code: 0 });
  });
  afterAll(() => h.close());

  it("reports whether a username or contact is taken", async () => {
    const taken = parse(
      await h.app.inject({
        method: "POST",
        url: "/v1/check_user_exists",
        payload: { username: "alice_1", phone_or_email: "ALICE@example.com" },
      }),
    );
    expect(taken.result).toEqual({ username_exists: true, phone_or_email_exists: true });
    const free = parse(
      await h.app.inject({ method: "POST", url: "/v1/check_user_exists", payload: { username: "nobody" } }),
    );
    expect(free.result).toEqual({ username_exists: false, phone_or_email_exists: false });
  });

  describe("verification codes", () => {
    it("sends a six-digit code to an e-mail address or a phone through the outbox", async () => {
      expect(await askCode(h, "13812345678", "register")).toMatchObject({ statusCode: 200, code: 0 });
      expect(await lastCode(h, "13812345678")).toMatch(/^\d{6}$/);
      const sms = await h.database.canon.db
        .selectFrom("outbox")
        .select(["channel"])
        .where("receiver", "=", "13812345678")
        .executeTakeFirstOrThrow();
      expect(sms.channel).toBe("sms");
    });

    it("refuses a second code within a minute (507)", async () => {
      await codeFor(h, "bob@example.com", "register");
      expect(await askCode(h, "bob@example.com", "register")).toMatchObject({ statusCode: 429, code: 507 });
    });

    it("needs the right captcha (505) that has not expired (506)", async () => {
      expect(await askCode(h, "c1@example.com", "register", "XXXX")).toMatchObject({ code: 505 });
      const identifier = await newCaptcha(h.app);
      h.clock.now += 300_001;
      const query = { receiver: "c1@example.com", scene: "register", captcha: CAPTCHA_ANSWER, identifier };
      const expired = parse(await h.app.inject({ method: "POST", url: "/v1/user/phone_code", query }));
      expect(expired).toMatchObject({ statusCode: 400, code: 506 });
      const reused = parse(await h.app.inject({ method: "POST", url: "/v1/user/phone_code", query }));
      expect(reused.code).toBe(506);
    });

    it("sends sign-up codes only to free contacts (1004) and others only to known ones (606)", async () => {
      expect(await askCode(h, "alice@example.com", "register")).toMatchObject({ code: 1004 });
      expect(await askCode(h, "ghost@example.com", "login")).toMatchObject({ code: 606 });
    });

    it("rejects a receiver that is neither e-mail nor phone", async () => {
      expect(await askCode(h, "12345", "register")).toMatchObject({ statusCode: 400, code: 400 });
    });
  });

  describe("sign-up", () => {
    const form = (code: string, username: string, contact: string) => ({
      method: "POST" as const,
      url: "/v1/user/register",
      payload: { username, code, email_or_phone: contact, password: "pass-word9" },
    });

    it("creates a reader and answers the profile", async () => {
      const reply = await registerUser(h, {
        username: "读者_甲",
        contact: "13900001111",
        password: "abc123",
      });
      expect(reply.result).toMatchObject({ username: "读者_甲", nickname: "读者_甲", phone: "13900001111" });
      expect(reply.result).toMatchObject({ email: null, roles: ["reader"] });
    });

    it("refuses a taken username (1003) or contact (1004)", async () => {
      const code = await codeFor(h, "dave@example.com", "register");
      expect(parse(await h.app.inject(form(code, "alice_1", "dave@example.com"))).code).toBe(1003);
      const taken = parse(await h.app.inject(form("123456", "dave", "alice@example.com")));
      expect(taken.code).toBe(1004);
    });

    it("refuses a wrong code (1005) and an expired one (1008)", async () => {
      const code = await codeFor(h, "erin@example.com", "register");
      const wrong = code === "000000" ? "000001" : "000000";
      expect(parse(await h.app.inject(form(wrong, "erin", "erin@example.com"))).code).toBe(1005);
      h.clock.now += 10 * 60_000 + 1;
      expect(parse(await h.app.inject(form(code, "erin", "erin@example.com"))).code).toBe(1008);
    });

    it("validates username and password (spec section 5)", async () => {
      for (const [username, password] of [
        ["a", "abc123"],
        ["13912345678", "abc123"],
        ["has space", "abc123"],
        ["okname", "abc12"],
        ["okname", "abcdefg"],
      ]) {
        const reply = parse(
          await h.app.inject({
            method: "POST",
            url: "/v1/user/register",
            payload: { username, code: "123456", email_or_phone: "x@example.com", password },
          }),
        );
        expect(reply, `${username} / ${password}`).toMatchObject({ statusCode: 400, code: 400 });
      }
    });
  });

  describe("password sign-in", () => {
    it("answers an access token and sets an httpOnly refresh cookie", async () => {
      const response = await h.app.inject({
        method: "POST",
        url: "/v1/login",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "scope=&username=alice_1&password=secret-1",
      });
      const reply = parse(response);
      expect(reply.code).toBe(0);
      expect(reply.result).toMatchObject({ token_type: "bearer" });
      const token = (reply.result as { access_token: string }).access_token;
      const claims = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
      expect(claims).toMatchObject({ id: expect.any(Number), roles: ["reader"], sv: 0 });
      expect(claims.exp - claims.iat).toBe(ACCESS_TOKEN_TTL_MS / 1000);
      const cookie = response.cookies.find((c) => c.name === "refresh_token");
      expect(cookie).toMatchObject({ httpOnly: true, path: "/v1", maxAge: SIGN_IN_TTL_MS / 1000 });
    });

    it("signs in by e-mail as well", async () => {
      expect((await login(h, { username: "alice@example.com", password: "secret-1" })).code).toBe(0);
    });

    it("answers 511 for a wrong password or an unknown user", async () => {
      expect(await login(h, { username: "alice_1", password: "wrong-1" })).toMatchObject({ code: 511 });
      expect(await login(h, { username: "nobody", password: "wrong-1" })).toMatchObject({ code: 511 });
    });

    it("asks for the captcha after three failures (1505, 1506)", async () => {
      const username = "alice@example.com";
      const shown = async () =>
        parse(await h.app.inject({ method: "POST", url: "/v1/is_show_captcha", payload: { username } }))
          .result;
      expect(await shown()).toEqual({ is_login_show_captcha: false, is_else_show_captcha: true });
      for (let i = 0; i < 3; i++) await login(h, { username, password: "wrong-1" });
      expect(await shown()).toMatchObject({ is_login_show_captcha: true });

      expect(await login(h, { username, password: "secret-1" })).toMatchObject({ code: 1505 });
      let identifier = await newCaptcha(h.app);
      expect(await login(h, { username, password: "secret-1", identifier, captcha: "XXXX" })).toMatchObject({
        code: 1505,
      });
      identifier = await newCaptcha(h.app);
      h.clock.now += 300_001;
      const expired = await login(h, { username, password: "secret-1", identifier, captcha: CAPTCHA_ANSWER });
      expect(expired).toMatchObject({ statusCode: 400, code: 1506 });

      identifier = await newCaptcha(h.app);
      const good = await login(h, { username, password: "secret-1", identifier, captcha: CAPTCHA_ANSWER });
      expect(good.code).toBe(0);
      expect(await shown()).toMatchObject({ is_login_show_captcha: false });
    });
  });

  describe("code sign-in", () => {
    const codeLogin = async (receiver: string, code: string) =>
      parse(
        await h.app.inject({
          method: "POST",
          url: "/v1/user/code_login",
          query: { method: "multiple", receiver, code },
        }),
      );

    it("signs in with a code sent to the bound e-mail", async () => {
      const code = await codeFor(h, "alice@example.com", "login");
      const reply = await codeLogin("alice@example.com", code);
      expect(reply.code).toBe(0);
      expect(reply.result).toMatchObject({ access_token: expect.any(String) });
      expect((await codeLogin("alice@example.com", code)).code).toBe(1005);
    });

    it("answers 606 for an unknown contact and 1005 for a wrong code", async () => {
      expect((await codeLogin("ghost@example.com", "123456")).code).toBe(606);
      const code = await codeFor(h, "alice@example.com", "login");
      expect((await codeLogin("alice@example.com", code === "111111" ? "222222" : "111111")).code).toBe(1005);
    });
  });
});
