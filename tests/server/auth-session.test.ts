import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TOKEN_TTL_MS, SIGN_IN_TTL_MS } from "../../contract/account-rules.ts";
import { ensureAdmin } from "../../server/modules/auth/admin.ts";
import { REFRESH_REUSE_GRACE_MS } from "../../server/modules/auth/tokens.ts";
import { requireRole } from "../../server/plugins/auth.ts";
import { testDialects } from "../support/databases.ts";
import {
  type AuthHarness,
  accessToken,
  bearer,
  codeFor,
  login,
  parse,
  registerUser,
  startAuthApp,
} from "./auth-setup.ts";

describe.each(testDialects())("sessions and the profile on %s", (dialect) => {
  let h: AuthHarness;
  const carol = { username: "carol", contact: "carol@example.com", password: "secret-2" };

  beforeAll(async () => {
    h = await startAuthApp(dialect);
    h.app.get("/v1/test/admin-only", { preHandler: requireRole("admin") }, async () => ({ code: 0 }));
    expect(await registerUser(h, carol)).toMatchObject({ code: 0 });
  });
  afterAll(() => h.close());

  const refresh = async (method: "GET" | "POST", cookie: string | undefined) => {
    const response = await h.app.inject({
      method,
      url: "/v1/refresh_token",
      cookies: cookie ? { refresh_token: cookie } : {},
    });
    return { ...parse(response), cookie: response.cookies.find((c) => c.name === "refresh_token")?.value };
  };

  describe("refresh tokens", () => {
    it("rotates the cookie on GET and POST and refuses a used one, revoking the family", async () => {
      const signedIn = await login(h, { username: "carol", password: "secret-2" });
      const first = await refresh("GET", signedIn.refreshCookie);
      expect(first.code).toBe(0);
      expect(first.result).toMatchObject({ access_token: expect.any(String) });
      expect(first.cookie).not.toBe(signedIn.refreshCookie);
      const second = await refresh("POST", first.cookie);
      expect(second.code).toBe(0);

      h.clock.now += REFRESH_REUSE_GRACE_MS + 1;
      expect(await refresh("POST", signedIn.refreshCookie)).toMatchObject({ statusCode: 401, code: 401 });
      expect(await refresh("POST", second.cookie)).toMatchObject({ statusCode: 401 });
    });

    it("ends the whole session when a used refresh token comes again: its access tokens at once", async () => {
      const profile = async (token: string) =>
        parse(await h.app.inject({ method: "GET", url: "/v1/user/profile", headers: bearer(token) }));
      const signedIn = await login(h, { username: "carol", password: "secret-2" });
      const first = await refresh("POST", signedIn.refreshCookie);
      const token = (first.result as { access_token: string }).access_token;
      expect(await profile(token)).toMatchObject({ statusCode: 200, code: 0 });

      h.clock.now += REFRESH_REUSE_GRACE_MS + 1;
      expect(await refresh("POST", signedIn.refreshCookie)).toMatchObject({ statusCode: 401 });
      expect(await profile(token)).toMatchObject({ statusCode: 401, code: 401 });
      expect(await refresh("POST", first.cookie)).toMatchObject({ statusCode: 401 });
      expect((await login(h, { username: "carol", password: "secret-2" })).code).toBe(0);
    });

    it("answers a used token again within the grace: a reply lost on the way, or two tabs at once", async () => {
      const signedIn = await login(h, { username: "carol", password: "secret-2" });
      const [one, other] = await Promise.all([
        refresh("POST", signedIn.refreshCookie),
        refresh("POST", signedIn.refreshCookie),
      ]);
      expect([one.code, other.code]).toEqual([0, 0]);
      h.clock.now += REFRESH_REUSE_GRACE_MS;
      const lost = await refresh("POST", signedIn.refreshCookie);
      expect(lost.code).toBe(0);
      expect(lost.cookie).not.toBe(signedIn.refreshCookie);
      for (const cookie of [one.cookie, other.cookie, lost.cookie])
        expect((await refresh("POST", cookie)).code).toBe(0);
    });

    it("answers 401 without a cookie, for a forged one and after expiry", async () => {
      expect(await refresh("GET", undefined)).toMatchObject({ statusCode: 401, code: 401 });
      expect(await refresh("GET", "abc.def")).toMatchObject({ statusCode: 401 });
      const signedIn = await login(h, { username: "carol", password: "secret-2" });
      h.clock.now += SIGN_IN_TTL_MS + 1000;
      expect(await refresh("GET", signedIn.refreshCookie)).toMatchObject({ statusCode: 401 });
    });

    it("revokes the refresh token at logout", async () => {
      const signedIn = await login(h, { username: "carol", password: "secret-2" });
      const response = await h.app.inject({
        method: "POST",
        url: "/v1/logout",
        cookies: { refresh_token: signedIn.refreshCookie ?? "" },
      });
      expect(parse(response)).toMatchObject({ statusCode: 200, code: 0, result: null });
      expect(response.cookies.find((c) => c.name === "refresh_token")?.value).toBe("");
      expect(await refresh("POST", signedIn.refreshCookie)).toMatchObject({ statusCode: 401 });
    });
  });

  describe("the profile", () => {
    it("needs a valid, unexpired Bearer token (401)", async () => {
      const profile = (headers: Record<string, string>) =>
        h.app.inject({ method: "GET", url: "/v1/user/profile", headers });
      expect(parse(await profile({}))).toMatchObject({ statusCode: 401, code: 401 });
      expect(parse(await profile(bearer("not.a.token")))).toMatchObject({ statusCode: 401 });
      const token = await accessToken(h, "carol", "secret-2");
      const forged = `${token.slice(0, -4)}AAAA`;
      expect(parse(await profile(bearer(forged)))).toMatchObject({ statusCode: 401 });
      const reply = parse(await profile(bearer(token)));
      expect(reply.result).toMatchObject({
        username: "carol",
        nickname: "carol",
        email: "carol@example.com",
        phone: null,
        avatar: "",
        wechat: null,
        google: null,
      });
      h.clock.now += ACCESS_TOKEN_TTL_MS + 1000;
      expect(parse(await profile(bearer(token)))).toMatchObject({ statusCode: 401 });
    });

    it("changes the nickname and answers a fresh token", async () => {
      const token = await accessToken(h, "carol", "secret-2");
      const reply = parse(
        await h.app.inject({
          method: "PUT",
          url: "/v1/user/nickname",
          query: { nickname: "卡罗" },
          headers: bearer(token),
        }),
      );
      expect(reply.result).toMatchObject({ access_token: expect.any(String) });
      const profile = parse(
        await h.app.inject({ method: "GET", url: "/v1/user/profile", headers: bearer(token) }),
      );
      expect(profile.result).toMatchObject({ nickname: "卡罗" });
    });

    it("changes the password only with the old one (1006)", async () => {
      const token = await accessToken(h, "carol", "secret-2");
      const change = async (oldpassword: string, password: string) =>
        parse(
          await h.app.inject({
            method: "PUT",
            url: "/v1/user/password",
            headers: bearer(token),
            payload: { oldpassword, password },
          }),
        );
      expect(await change("wrong-2", "secret-3")).toMatchObject({ statusCode: 400, code: 1006 });
      expect(await change("secret-2", "short")).toMatchObject({ code: 400 });
      expect((await change("secret-2", "secret-3")).code).toBe(0);
      expect((await login(h, { username: "carol", password: "secret-2" })).code).toBe(511);
      expect((await login(h, { username: "carol", password: "secret-3" })).code).toBe(0);
    });

    it("binds a phone and a new e-mail proven by codes (1004 taken, 1005 wrong code)", async () => {
      const token = await accessToken(h, "carol", "secret-3");
      const bind = async (payload: Record<string, string>) =>
        parse(
          await h.app.inject({ method: "PUT", url: "/v1/user/bindings", headers: bearer(token), payload }),
        );
      const phoneCode = await codeFor(h, "13700000001", "bind");
      const wrong = phoneCode === "000000" ? "000001" : "000000";
      expect(await bind({ method: "phone", phone: "13700000001", code: wrong })).toMatchObject({
        code: 1005,
      });
      expect((await bind({ method: "phone", phone: "13700000001", code: phoneCode })).code).toBe(0);
      const emailCode = await codeFor(h, "carol2@example.com", "bind");
      expect((await bind({ method: "email", email: "carol2@example.com", code: emailCode })).code).toBe(0);
      const profile = parse(
        await h.app.inject({ method: "GET", url: "/v1/user/profile", headers: bearer(token) }),
      );
      expect(profile.result).toMatchObject({ phone: "13700000001", email: "carol2@example.com" });

      await registerUser(h, { username: "frank", contact: "frank@example.com", password: "secret-9" });
      expect(await bind({ method: "email", email: "frank@example.com", code: "123456" })).toMatchObject({
        code: 1004,
      });
      expect(await bind({ method: "email", code: "123456" })).toMatchObject({ code: 400 });
    });
  });

  describe("password recovery", () => {
    const reset = async (email_or_phone: string, code: string, password: string) =>
      parse(
        await h.app.inject({
          method: "PUT",
          url: "/v1/user/password/guest",
          payload: { email_or_phone, code, password },
        }),
      );

    it("answers 1012 or 1013 when no account is bound to the contact", async () => {
      expect(await reset("nobody@example.com", "123456", "secret-4")).toMatchObject({ code: 1012 });
      expect(await reset("13600000000", "123456", "secret-4")).toMatchObject({ code: 1013 });
    });

    it("sets a new password with a code (1005 wrong code) and ends other sessions", async () => {
      const before = await login(h, { username: "carol", password: "secret-3" });
      expect(await reset("13700000001", "000000", "secret-4")).toMatchObject({ code: 1005 });
      const code = await codeFor(h, "13700000001", "reset_password");
      expect(await reset("13700000001", code, "secret-4")).toMatchObject({ statusCode: 200, code: 0 });
      expect((await login(h, { username: "13700000001", password: "secret-4" })).code).toBe(0);
      expect(await refresh("POST", before.refreshCookie)).toMatchObject({ statusCode: 401 });
    });
  });

  describe("roles", () => {
    it("lets only admins through requireRole('admin') (401 signed out, 403 reader)", async () => {
      const url = "/v1/test/admin-only";
      expect(parse(await h.app.inject({ method: "GET", url }))).toMatchObject({ statusCode: 401 });
      const reader = await accessToken(h, "carol", "secret-4");
      const forbidden = parse(await h.app.inject({ method: "GET", url, headers: bearer(reader) }));
      expect(forbidden).toMatchObject({ statusCode: 403, code: 403 });

      expect(await ensureAdmin(h.database.canon.db, { username: "root", password: "admin-pass1" }, 1)).toBe(
        "created",
      );
      const admin = await accessToken(h, "root", "admin-pass1");
      expect((await h.app.inject({ method: "GET", url, headers: bearer(admin) })).statusCode).toBe(200);

      expect(await ensureAdmin(h.database.canon.db, { username: "carol", password: "secret-5" }, 2)).toBe(
        "updated",
      );
      const promoted = await login(h, { username: "carol", password: "secret-5" });
      const token = (promoted.result as { access_token: string }).access_token;
      expect((await h.app.inject({ method: "GET", url, headers: bearer(token) })).statusCode).toBe(200);
    });

    it("refuses a weak admin password at start", async () => {
      await expect(
        ensureAdmin(h.database.canon.db, { username: "root2", password: "123" }, 1),
      ).rejects.toThrow();
    });
  });
});

describe.each(testDialects())("rate limiting on %s", (dialect) => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthApp(dialect, { rateLimit: { max: 2, timeWindowMs: 60_000 } });
  });
  afterAll(() => h.close());

  it("answers the 429 envelope once the login limit is reached", async () => {
    await login(h, { username: "x", password: "y" });
    await login(h, { username: "x", password: "y" });
    const third = await login(h, { username: "x", password: "y" });
    expect(third).toMatchObject({ statusCode: 429, code: 429, result: null });
  });
});
