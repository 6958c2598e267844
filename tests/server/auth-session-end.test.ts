/**
 * Ending sessions, on SQLite and on PostgreSQL: an access token is refused as soon as its session
 * ends (logout, a password change or reset, an admin's change of roles, the account deleted or
 * disabled); tokens without `exp` or the session version are refused; the access token lives
 * minutes and refreshing keeps a sign-in for 8 days, not beyond.
 */
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TOKEN_TTL_MS, SIGN_IN_TTL_MS } from "../../contract/account-rules.ts";
import { ensureAdmin } from "../../server/modules/auth/admin.ts";
import { requireRole } from "../../server/plugins/auth.ts";
import { testDialects } from "../support/databases.ts";
import {
  type AuthHarness,
  bearer,
  codeFor,
  login,
  parse,
  registerUser,
  startAuthApp,
  TEST_JWT_SECRET,
} from "./auth-setup.ts";

type Device = { token: string; cookie: string };

const SIGNED_OUT = { statusCode: 401, code: 401, result: null };
const DAY_MS = 24 * 3600 * 1000;

const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());

describe.each(testDialects())("ending sessions on %s", (dialect) => {
  let h: AuthHarness;
  let serial = 0;

  beforeAll(async () => {
    h = await startAuthApp(dialect, {}, { withCanon: true });
    h.app.get("/v1/test/researcher-only", { preHandler: requireRole("researcher") }, async () => ({
      code: 0,
    }));
  });
  afterAll(() => h.close());

  async function newReader(password = "abc123") {
    serial += 1;
    const username = `ending_${serial}`;
    const contact = `${username}@example.org`;
    expect((await registerUser(h, { username, contact, password })).code).toBe(0);
    return { username, contact, password };
  }

  async function signIn(username: string, password: string): Promise<Device> {
    const reply = await login(h, { username, password });
    expect(reply.code).toBe(0);
    return {
      token: (reply.result as { access_token: string }).access_token,
      cookie: reply.refreshCookie ?? "",
    };
  }

  const profile = async (token: string) =>
    parse(await h.app.inject({ method: "GET", url: "/v1/user/profile", headers: bearer(token) }));
  const userIdOf = async (token: string) => ((await profile(token)).result as { _id: number })._id;
  const createGroup = async (token: string, name: string) =>
    parse(
      await h.app.inject({
        method: "POST",
        url: "/v1/tripitaka/JS/sutra_group",
        headers: bearer(token),
        payload: { name },
      }),
    );
  const researcherOnly = async (token: string) =>
    (await h.app.inject({ method: "GET", url: "/v1/test/researcher-only", headers: bearer(token) }))
      .statusCode;

  async function refresh(cookie: string) {
    const response = await h.app.inject({
      method: "POST",
      url: "/v1/refresh_token",
      cookies: { refresh_token: cookie },
    });
    const reply = parse(response);
    const set = response.cookies.find((c) => c.name === "refresh_token");
    const token = reply.code === 0 ? (reply.result as { access_token: string }).access_token : "";
    return { ...reply, token, cookie: set?.value ?? "", maxAge: set?.maxAge };
  }

  async function logout(device: Partial<Device>) {
    return parse(
      await h.app.inject({
        method: "POST",
        url: "/v1/logout",
        headers: device.token ? bearer(device.token) : {},
        cookies: device.cookie ? { refresh_token: device.cookie } : {},
      }),
    );
  }

  const changeRoles = async (token: string | null, id: number, roles: string | string[]) =>
    parse(
      await h.app.inject({
        method: "PUT",
        url: `/v1/admin/user/${id}`,
        query: { roles },
        headers: token ? bearer(token) : {},
      }),
    );

  describe("logout", () => {
    it("refuses the access token at once, and the refresh cookie it sent", async () => {
      const reader = await newReader();
      const device = await signIn(reader.username, reader.password);
      expect(await profile(device.token)).toMatchObject({ statusCode: 200, code: 0 });
      expect(await createGroup(device.token, "登出前")).toMatchObject({ statusCode: 200, code: 0 });

      expect(await logout(device)).toMatchObject({ statusCode: 200, code: 0 });
      expect(await profile(device.token)).toMatchObject(SIGNED_OUT);
      expect(await createGroup(device.token, "登出后")).toMatchObject(SIGNED_OUT);
      expect(await refresh(device.cookie)).toMatchObject(SIGNED_OUT);
    });

    it("ends the access tokens of the user's other devices, which carry on after one refresh", async () => {
      const reader = await newReader();
      const laptop = await signIn(reader.username, reader.password);
      const tablet = await signIn(reader.username, reader.password);
      await logout(laptop);

      expect(await profile(tablet.token)).toMatchObject(SIGNED_OUT);
      const refreshed = await refresh(tablet.cookie);
      expect(refreshed).toMatchObject({ statusCode: 200, code: 0 });
      expect(await profile(refreshed.token)).toMatchObject({ statusCode: 200, code: 0 });
      expect(await refresh(laptop.cookie)).toMatchObject(SIGNED_OUT);
    });

    it("ends the session when only the refresh cookie comes (the access token has expired)", async () => {
      const reader = await newReader();
      const laptop = await signIn(reader.username, reader.password);
      const tablet = await signIn(reader.username, reader.password);
      expect(await logout({ cookie: laptop.cookie })).toMatchObject({ statusCode: 200, code: 0 });
      expect(await refresh(laptop.cookie)).toMatchObject(SIGNED_OUT);
      expect(await profile(tablet.token)).toMatchObject(SIGNED_OUT);
    });
  });

  describe("passwords", () => {
    it("a change refuses every other token and refresh cookie; the session it answers works", async () => {
      const reader = await newReader();
      const laptop = await signIn(reader.username, reader.password);
      const tablet = await signIn(reader.username, reader.password);
      const response = await h.app.inject({
        method: "PUT",
        url: "/v1/user/password",
        headers: bearer(laptop.token),
        payload: { oldpassword: reader.password, password: "xyz789" },
      });
      expect(parse(response)).toMatchObject({ statusCode: 200, code: 0 });
      const answered: Device = {
        token: (parse(response).result as { access_token: string }).access_token,
        cookie: response.cookies.find((c) => c.name === "refresh_token")?.value ?? "",
      };

      for (const device of [laptop, tablet]) {
        expect(await profile(device.token)).toMatchObject(SIGNED_OUT);
        expect(await createGroup(device.token, "改密后")).toMatchObject(SIGNED_OUT);
        expect(await refresh(device.cookie)).toMatchObject(SIGNED_OUT);
      }
      expect(await profile(answered.token)).toMatchObject({ statusCode: 200, code: 0 });
      expect(await refresh(answered.cookie)).toMatchObject({ statusCode: 200, code: 0 });

      expect(await login(h, { username: reader.username, password: reader.password })).toMatchObject({
        code: 511,
      });
      const again = await signIn(reader.username, "xyz789");
      expect(await createGroup(again.token, "改密后")).toMatchObject({ statusCode: 200, code: 0 });
    });

    it("a reset by code refuses every token and refresh cookie; the new password signs in", async () => {
      const reader = await newReader();
      const device = await signIn(reader.username, reader.password);
      const code = await codeFor(h, reader.contact, "reset_password");
      const reset = await h.app.inject({
        method: "PUT",
        url: "/v1/user/password/guest",
        payload: { email_or_phone: reader.contact, code, password: "new-pass-1" },
      });
      expect(parse(reset)).toMatchObject({ statusCode: 200, code: 0 });

      expect(await profile(device.token)).toMatchObject(SIGNED_OUT);
      expect(await createGroup(device.token, "重置后")).toMatchObject(SIGNED_OUT);
      expect(await refresh(device.cookie)).toMatchObject(SIGNED_OUT);
      const again = await signIn(reader.username, "new-pass-1");
      expect(await profile(again.token)).toMatchObject({ statusCode: 200, code: 0 });
    });
  });

  describe("roles", () => {
    let admin: Device;
    beforeAll(async () => {
      const account = { username: "ending_admin", password: "admin-pass1" };
      expect(await ensureAdmin(h.database.canon.db, account, h.clock.now)).toBe("created");
      admin = await signIn(account.username, account.password);
    });

    it("an admin's change refuses the user's token; one refresh brings the new roles", async () => {
      const reader = await newReader();
      const device = await signIn(reader.username, reader.password);
      const id = await userIdOf(device.token);
      expect(await researcherOnly(device.token)).toBe(403);

      const changed = await changeRoles(admin.token, id, "reader,researcher");
      expect(changed).toMatchObject({ statusCode: 200, code: 0 });
      expect(changed.result).toMatchObject({
        _id: id,
        username: reader.username,
        roles: ["reader", "researcher"],
      });

      expect(await profile(device.token)).toMatchObject(SIGNED_OUT);
      expect(await researcherOnly(device.token)).toBe(401);
      const refreshed = await refresh(device.cookie);
      expect(refreshed).toMatchObject({ statusCode: 200, code: 0 });
      expect(claimsOf(refreshed.token)).toMatchObject({ id, roles: ["reader", "researcher"] });
      expect(await researcherOnly(refreshed.token)).toBe(200);
      expect(await profile(admin.token)).toMatchObject({ statusCode: 200, code: 0 });
    });

    it("only admins change roles (401, 403); 606 for no such user, 400 for an unknown role", async () => {
      const reader = await newReader();
      const device = await signIn(reader.username, reader.password);
      const id = await userIdOf(device.token);
      expect(await changeRoles(null, id, "reader,admin")).toMatchObject(SIGNED_OUT);
      expect(await changeRoles(device.token, id, "reader,admin")).toMatchObject({
        statusCode: 403,
        code: 403,
      });
      expect(await changeRoles(admin.token, 999_999, "reader")).toMatchObject({ code: 606 });
      expect(await changeRoles(admin.token, id, "reader,pope")).toMatchObject({ statusCode: 400, code: 400 });
      expect(await profile(device.token)).toMatchObject({ statusCode: 200, code: 0 });

      const repeated = await changeRoles(admin.token, id, ["reader", "researcher"]);
      expect(repeated.result).toMatchObject({ roles: ["reader", "researcher"] });
    });

    it("the start-up admin account ends sessions only when its password changes", async () => {
      const account = { username: "ending_root", password: "admin-pass1" };
      await ensureAdmin(h.database.canon.db, account, h.clock.now);
      const device = await signIn(account.username, account.password);
      expect(await ensureAdmin(h.database.canon.db, account, h.clock.now)).toBe("unchanged");
      expect(await profile(device.token)).toMatchObject({ statusCode: 200, code: 0 });

      const renewed = { ...account, password: "admin-pass2" };
      expect(await ensureAdmin(h.database.canon.db, renewed, h.clock.now)).toBe("updated");
      expect(await profile(device.token)).toMatchObject(SIGNED_OUT);
      expect(await refresh(device.cookie)).toMatchObject(SIGNED_OUT);
    });
  });

  describe("accounts that are gone", () => {
    it("a deleted user's token answers 401, not a server error", async () => {
      const reader = await newReader();
      const device = await signIn(reader.username, reader.password);
      await h.database.canon.db.deleteFrom("user").where("username", "=", reader.username).execute();
      expect(await profile(device.token)).toMatchObject(SIGNED_OUT);
      expect(await createGroup(device.token, "无主")).toMatchObject(SIGNED_OUT);
      expect(await refresh(device.cookie)).toMatchObject(SIGNED_OUT);
    });

    it("a disabled account's token answers 401", async () => {
      const reader = await newReader();
      const device = await signIn(reader.username, reader.password);
      await h.database.canon.db
        .updateTable("user")
        .set({ status: "disabled" })
        .where("username", "=", reader.username)
        .execute();
      expect(await profile(device.token)).toMatchObject(SIGNED_OUT);
      expect(await refresh(device.cookie)).toMatchObject(SIGNED_OUT);
    });
  });

  describe("the token's claims", () => {
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const forge = (claims: Record<string, unknown>, withExpiry: boolean) => {
      const seconds = Math.floor(h.clock.now / 1000);
      const jwt = new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setIssuedAt(seconds);
      return (withExpiry ? jwt.setExpirationTime(seconds + 600) : jwt).sign(key);
    };

    it("refuses a token without exp or the session version, or from an ended session", async () => {
      const reader = await newReader();
      const device = await signIn(reader.username, reader.password);
      const id = await userIdOf(device.token);
      const roles = ["reader"];
      expect(claimsOf(device.token)).toMatchObject({ sv: 0 });

      expect(await profile(await forge({ id, roles, sv: 0 }, true))).toMatchObject({ statusCode: 200 });
      expect(await profile(await forge({ id, roles, sv: 0 }, false))).toMatchObject(SIGNED_OUT);
      expect(await profile(await forge({ id, roles }, true))).toMatchObject(SIGNED_OUT);
      expect(await profile(await forge({ id, roles, sv: "0" }, true))).toMatchObject(SIGNED_OUT);

      await logout(device);
      expect(await profile(await forge({ id, roles, sv: 0 }, true))).toMatchObject(SIGNED_OUT);
      expect(await profile(await forge({ id, roles, sv: 1 }, true))).toMatchObject({ statusCode: 200 });
    });
  });

  describe("lifetimes", () => {
    it("the access token lives minutes; refreshing keeps the sign-in for 8 days and not beyond", async () => {
      const reader = await newReader();
      const signedInAt = h.clock.now;
      const device = await signIn(reader.username, reader.password);
      const claims = claimsOf(device.token) as { iat: number; exp: number };
      expect(claims.exp - claims.iat).toBe(ACCESS_TOKEN_TTL_MS / 1000);
      expect(ACCESS_TOKEN_TTL_MS).toBeLessThanOrEqual(60 * 60 * 1000);
      expect(SIGN_IN_TTL_MS).toBe(8 * DAY_MS);

      h.clock.now = signedInAt + ACCESS_TOKEN_TTL_MS - 1000;
      expect(await profile(device.token)).toMatchObject({ statusCode: 200 });
      h.clock.now = signedInAt + ACCESS_TOKEN_TTL_MS + 1000;
      expect(await profile(device.token)).toMatchObject(SIGNED_OUT);

      const endsAt = signedInAt + SIGN_IN_TTL_MS;
      let cookie = device.cookie;
      for (const at of [1, 2, 3, 4, 5, 6, 7].map((day) => signedInAt + day * DAY_MS).concat(endsAt - 1000)) {
        h.clock.now = at;
        const refreshed = await refresh(cookie);
        expect(refreshed).toMatchObject({ statusCode: 200, code: 0 });
        expect(refreshed.maxAge).toBe(Math.floor((endsAt - at) / 1000));
        expect(await profile(refreshed.token)).toMatchObject({ statusCode: 200 });
        cookie = refreshed.cookie;
      }
      h.clock.now = endsAt + 1000;
      expect(await refresh(cookie)).toMatchObject(SIGNED_OUT);
    });
  });
});
