import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OAuthConfig } from "../../contract/oauth.ts";
import { testDialects } from "../support/databases.ts";
import {
  authorizeCode,
  type OAuthStandIn,
  standInSettings,
  startOAuthProvider,
} from "../support/oauth-provider.ts";
import { type AuthHarness, accessToken, bearer, parse, registerUser, startAuthApp } from "./auth-setup.ts";

const SITE = "http://reader.test";

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
    provider.identities.wechat = { id: "wx-openid-1001", name: "微信读者" };
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
