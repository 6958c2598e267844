/**
 * A sign-in provider on loopback speaking both protocols the server uses: Google's OAuth 2.0
 * authorization code flow (authorize page, token endpoint, OpenID userinfo) and WeChat's website
 * login (qrconnect page, sns/oauth2/access_token, sns/userinfo). Codes are single use and bound to
 * the client and return address; the identity a person approves is settable per provider.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

export type StandInIdentity = { id: string; name: string; email?: string };

export type StandInClient = { id: string; secret: string };

export type OAuthStandIn = {
  url: string;
  google: StandInClient;
  wechat: StandInClient;
  /** Who approves the next authorization of each provider. */
  identities: { google: StandInIdentity; wechat: StandInIdentity };
  close(): Promise<void>;
};

type Grant = {
  provider: "google" | "wechat";
  clientId: string;
  redirectUri: string;
  identity: StandInIdentity;
};

const token = () => randomBytes(16).toString("hex");

function send(res: ServerResponse, status: number, body: unknown, type = "application/json") {
  res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
  res.end(type === "application/json" ? JSON.stringify(body) : String(body));
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function consentPage(provider: string, query: URLSearchParams, identity: StandInIdentity): string {
  const hidden = [...query.entries()]
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join("");
  return `<!doctype html><meta charset="utf-8"><title>${provider} sign-in</title>
<h1>${provider}</h1><p>Sign in as ${escapeHtml(identity.name)}?</p>
<form method="get" action="/approve"${query.get("self_redirect") === "false" ? ' target="_top"' : ""}>${hidden}<input type="hidden" name="provider" value="${provider}">
<label>Account <input name="account" value="${escapeHtml(identity.id)}"></label>
<button type="submit">Authorize</button></form>`;
}

export async function startOAuthProvider(): Promise<OAuthStandIn> {
  const google = { id: "google-client", secret: token() };
  const wechat = { id: "wx-app", secret: token() };
  const identities = {
    google: { id: "g-1001", name: "Google Reader", email: "google.reader@example.org" },
    wechat: { id: "wx-openid-1001", name: "微信读者" },
  };
  const codes = new Map<string, Grant>();
  const accessTokens = new Map<string, StandInIdentity>();

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const q = url.searchParams;
    try {
      if (
        url.pathname === "/authorize" &&
        q.get("client_id") === google.id &&
        q.get("response_type") === "code"
      ) {
        return send(res, 200, consentPage("google", q, identities.google), "text/html");
      }
      if (
        url.pathname === "/connect/qrconnect" &&
        q.get("appid") === wechat.id &&
        q.get("response_type") === "code"
      ) {
        return send(res, 200, consentPage("wechat", q, identities.wechat), "text/html");
      }
      if (url.pathname === "/approve") {
        const provider = q.get("provider") === "wechat" ? "wechat" : "google";
        const redirectUri = q.get("redirect_uri") ?? "";
        const code = token();
        codes.set(code, {
          provider,
          clientId: (provider === "google" ? q.get("client_id") : q.get("appid")) ?? "",
          redirectUri,
          // The person may pick another of their accounts on the consent page.
          identity: { ...identities[provider], id: q.get("account") || identities[provider].id },
        });
        const back = new URL(redirectUri);
        back.searchParams.set("code", code);
        if (q.get("state") !== null) back.searchParams.set("state", q.get("state") ?? "");
        res.writeHead(302, { location: back.href });
        return res.end();
      }
      if (url.pathname === "/token" && req.method === "POST") {
        const form = await formBody(req);
        const grant = codes.get(form.get("code") ?? "");
        codes.delete(form.get("code") ?? "");
        const valid =
          grant?.provider === "google" &&
          form.get("grant_type") === "authorization_code" &&
          form.get("client_id") === google.id &&
          form.get("client_secret") === google.secret &&
          form.get("redirect_uri") === grant.redirectUri;
        if (!grant || !valid) return send(res, 400, { error: "invalid_grant" });
        const access = token();
        accessTokens.set(access, grant.identity);
        return send(res, 200, {
          access_token: access,
          token_type: "Bearer",
          expires_in: 3600,
          scope: "openid email profile",
        });
      }
      if (url.pathname === "/userinfo") {
        const identity = accessTokens.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
        if (!identity) return send(res, 401, { error: "invalid_token" });
        return send(res, 200, {
          sub: identity.id,
          name: identity.name,
          email: identity.email,
          email_verified: true,
          picture: "https://example.org/avatar.png",
        });
      }
      if (url.pathname === "/sns/oauth2/access_token") {
        const grant = codes.get(q.get("code") ?? "");
        codes.delete(q.get("code") ?? "");
        const valid =
          grant?.provider === "wechat" && q.get("appid") === wechat.id && q.get("secret") === wechat.secret;
        if (!grant || !valid) return send(res, 200, { errcode: 40029, errmsg: "invalid code" });
        const access = token();
        accessTokens.set(access, grant.identity);
        return send(res, 200, {
          access_token: access,
          expires_in: 7200,
          refresh_token: token(),
          openid: grant.identity.id,
          scope: "snsapi_login",
        });
      }
      if (url.pathname === "/sns/userinfo") {
        const identity = accessTokens.get(q.get("access_token") ?? "");
        if (!identity || q.get("openid") !== identity.id)
          return send(res, 200, { errcode: 40001, errmsg: "invalid credential" });
        return send(res, 200, {
          openid: identity.id,
          nickname: identity.name,
          headimgurl: "https://example.org/wx.png",
          privilege: [],
        });
      }
      return send(res, 404, { error: "not_found" });
    } catch (error) {
      return send(res, 500, { error: String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    google,
    wechat,
    identities,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The server's OAuth settings pointing at the stand-in. */
export function standInSettings(provider: OAuthStandIn, publicUrl: string) {
  return {
    publicUrl,
    google: {
      clientId: provider.google.id,
      clientSecret: provider.google.secret,
      authUrl: `${provider.url}/authorize`,
      tokenUrl: `${provider.url}/token`,
      userinfoUrl: `${provider.url}/userinfo`,
    },
    wechat: {
      appId: provider.wechat.id,
      appSecret: provider.wechat.secret,
      authUrl: `${provider.url}/connect/qrconnect`,
      apiUrl: provider.url,
    },
  };
}

/** Goes through the consent page as a person would and answers the code the site receives. */
export async function authorizeCode(authorizeUrl: string): Promise<string> {
  const page = await fetch(authorizeUrl.split("#")[0] ?? authorizeUrl);
  const html = await page.text();
  const action = new URL("/approve", authorizeUrl);
  for (const [, name, value] of html.matchAll(/name="([^"]+)" value="([^"]*)"/g)) {
    action.searchParams.set(
      name ?? "",
      (value ?? "").replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n))),
    );
  }
  const approved = await fetch(action, { redirect: "manual" });
  const location = approved.headers.get("location");
  const code = location ? new URL(location).searchParams.get("code") : null;
  if (!code) throw new Error(`the provider did not return a code (${approved.status})`);
  return code;
}
