import { createServer } from "node:http";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OAuthConfig } from "../../contract/oauth.ts";
import { testDialects } from "../support/databases.ts";
import {
  authorizeCode,
  type OAuthStandIn,
  standInSettings,
  startOAuthProvider,
} from "../support/oauth-provider.ts";
import {
  type AuthHarness,
  accessToken,
  bearer,
  login,
  parse,
  registerUser,
  startAuthApp,
} from "./auth-setup.ts";

const SITE = "http://reader.test";

/** An address on loopback where nothing listens. */
async function deadAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe.each(testDialects())("Google and WeChat sign-in on %s", (dialect) => {
  let provider: OAuthStandIn;
  let h: AuthHarness;

  beforeAll(async () => {
    provider = await startOAuthProvider();
  });
  afterAll(async () => {
    await provider.close();
  });
  beforeEach(async () => {
    provider.identities.google = { id: "g-1001", name: "Google Reader", email: "google.reader@example.org" };
    provider.identities.wechat = { id: "wx-openid-1001", name: "微信读者" };
    h = await startAuthApp(dialect, { oauth: standInSettings(provider, SITE) });
  });
  afterEach(async () => {
    await h.close();
  });

  async function config(): Promise<OAuthConfig> {
    return parse(await h.app.inject({ method: "GET", url: "/v1/user/auth/config" })).result as OAuthConfig;
  }

  async function signIn(which: "google" | "wechat", token?: string) {
    const cfg = await config();
    const authorize = cfg[which]?.authorize_url ?? "";
    const code = await authorizeCode(`${authorize.split("#")[0]}&state=s1`);
    return parse(
      await h.app.inject({
        method: "GET",
        url: `/v1/user/auth/${which}`,
        query: { code },
        headers: token ? bearer(token) : {},
      }),
    );
  }

  const profileOf = async (token: string) =>
    parse(await h.app.inject({ method: "GET", url: "/v1/user/profile", headers: bearer(token) })).result as {
      _id: number;
      username: string;
      email: string | null;
      wechat: string | null;
      google: string | null;
      nickname: string;
    };

  it("lists each provider's authorization address with this site's return address", async () => {
    const cfg = await config();
    const google = new URL(cfg.google?.authorize_url ?? "");
    expect(google.searchParams.get("redirect_uri")).toBe(`${SITE}/login/google`);
    expect(google.searchParams.get("response_type")).toBe("code");
    expect(google.searchParams.get("scope")).toBe("openid email profile");
    const wechat = new URL(cfg.wechat?.authorize_url ?? "");
    expect(wechat.searchParams.get("redirect_uri")).toBe(`${SITE}/login/wechat`);
    expect(wechat.searchParams.get("scope")).toBe("snsapi_login");
    expect(wechat.hash).toBe("#wechat_redirect");
  });

  it("creates an account for a new Google identity and signs the same one in again", async () => {
    const first = await signIn("google");
    expect(first.code).toBe(0);
    const token = (first.result as { access_token: string }).access_token;
    const profile = await profileOf(token);
    expect(profile).toMatchObject({
      google: "g-1001",
      email: "google.reader@example.org",
      nickname: "Google Reader",
    });
    const again = await signIn("google");
    const second = await profileOf((again.result as { access_token: string }).access_token);
    expect(second._id).toBe(profile._id);
  });

  it("binds WeChat to the signed-in account, refusing 1015 and 1016 cases", async () => {
    await registerUser(h, { username: "binder", contact: "binder@example.org", password: "abc123" });
    const token = await accessToken(h, "binder", "abc123");
    const bound = await signIn("wechat", token);
    expect(bound.code).toBe(0);
    expect((await profileOf(token)).wechat).toBe("wx-openid-1001");

    provider.identities.wechat = { id: "wx-openid-2002", name: "另一位" };
    const second = await signIn("wechat", token);
    expect(second.code).toBe(1016);

    await registerUser(h, { username: "another", contact: "another@example.org", password: "abc123" });
    const otherToken = await accessToken(h, "another", "abc123");
    provider.identities.wechat = { id: "wx-openid-1001", name: "微信读者" };
    const taken = await signIn("wechat", otherToken);
    expect(taken.code).toBe(1015);
    expect((await profileOf(otherToken)).wechat).toBeNull();

    const again = await signIn("wechat", token);
    expect(again.code).toBe(0);
  });

  it("signs a new WeChat identity into an account of its own, without a password", async () => {
    const first = await signIn("wechat");
    expect(first.code).toBe(0);
    const profile = await profileOf((first.result as { access_token: string }).access_token);
    expect(profile).toMatchObject({ wechat: "wx-openid-1001", nickname: "微信读者", email: null });
    expect(profile.username).toMatch(/^wx_[0-9a-f]{8}$/);
    const withPassword = await login(h, { username: profile.username, password: "abc123" });
    expect(withPassword.code).not.toBe(0);
  });

  it("leaves out a Google e-mail another account already uses", async () => {
    await registerUser(h, { username: "owner", contact: "google.reader@example.org", password: "abc123" });
    const reply = await signIn("google");
    expect(reply.code).toBe(0);
    const profile = await profileOf((reply.result as { access_token: string }).access_token);
    expect(profile).toMatchObject({ google: "g-1001", email: null });
    const owner = await profileOf(await accessToken(h, "owner", "abc123"));
    expect(owner).toMatchObject({ google: null, email: "google.reader@example.org" });
  });

  it("binds Google to the signed-in account once, and never one bound elsewhere", async () => {
    await registerUser(h, { username: "binder", contact: "binder@example.org", password: "abc123" });
    const token = await accessToken(h, "binder", "abc123");
    expect((await signIn("google", token)).code).toBe(0);
    expect((await profileOf(token)).google).toBe("g-1001");

    provider.identities.google = { id: "g-2002", name: "Second" };
    const second = await signIn("google", token);
    expect(second).toMatchObject({
      statusCode: 400,
      msg: "this account is already bound to a Google account",
    });

    await registerUser(h, { username: "another", contact: "another@example.org", password: "abc123" });
    provider.identities.google = { id: "g-1001", name: "Google Reader" };
    const taken = await signIn("google", await accessToken(h, "another", "abc123"));
    expect(taken).toMatchObject({ statusCode: 400, msg: "this Google account is bound to another account" });
  });

  it("hands back the client's state with the code", async () => {
    const authorize = (await config()).google?.authorize_url ?? "";
    const page = await fetch(`${authorize}&state=abc-123`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Authorize");
    const approve = new URL("/approve", authorize);
    for (const [name, value] of new URL(`${authorize}&state=abc-123`).searchParams)
      approve.searchParams.set(name, value);
    approve.searchParams.set("provider", "google");
    const back = await fetch(approve, { redirect: "manual" });
    const location = new URL(back.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE}/login/google`);
    expect(location.searchParams.get("state")).toBe("abc-123");
    expect(location.searchParams.get("code")).toMatch(/^[0-9a-f]{32}$/);
  });

  it("answers 502 when the provider cannot be reached", async () => {
    const dead = await deadAddress();
    const settings = standInSettings(provider, SITE);
    const offline = await startAuthApp(dialect, {
      oauth: {
        ...settings,
        google: { ...settings.google, tokenUrl: `${dead}/token` },
        wechat: { ...settings.wechat, apiUrl: dead },
      },
    });
    try {
      for (const which of ["google", "wechat"]) {
        const reply = parse(
          await offline.app.inject({ method: "GET", url: `/v1/user/auth/${which}`, query: { code: "c" } }),
        );
        expect(reply).toMatchObject({ statusCode: 502, msg: `${which} could not be reached` });
      }
    } finally {
      await offline.close();
    }
  });

  it("refuses a used or made-up code with 400", async () => {
    const made = parse(
      await h.app.inject({ method: "GET", url: "/v1/user/auth/google", query: { code: "nope" } }),
    );
    expect(made.statusCode).toBe(400);
    const wechat = parse(
      await h.app.inject({ method: "GET", url: "/v1/user/auth/wechat", query: { code: "nope" } }),
    );
    expect(wechat.statusCode).toBe(400);
  });

  it("answers 404 for a provider this site has not configured", async () => {
    const bare = await startAuthApp(dialect);
    try {
      const cfg = parse(await bare.app.inject({ method: "GET", url: "/v1/user/auth/config" }));
      expect(cfg.result).toEqual({ google: null, wechat: null });
      const reply = parse(
        await bare.app.inject({ method: "GET", url: "/v1/user/auth/google", query: { code: "x" } }),
      );
      expect(reply.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
