/** Builds the product once, as `npm start` does, and starts it for the browser tests. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { type OAuthStandIn, startOAuthProvider } from "../../support/oauth-provider.ts";
import { buildProduct, type RunningServer, startServer } from "./server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    e2eSqliteFile: string;
    e2eWebDistDir: string;
    e2eAdmin: { username: string; password: string };
  }
}

const ADMIN = { username: "e2e_admin", password: "admin-pass-2026" };

let workDir = "";
let server: RunningServer | null = null;
let provider: OAuthStandIn | null = null;

export async function setup(project: TestProject): Promise<void> {
  workDir = mkdtempSync(join(tmpdir(), "canon-e2e-"));
  const webDistDir = join(workDir, "dist");
  buildProduct(webDistDir);
  provider = await startOAuthProvider();
  server = await startServer({
    workDir,
    webDistDir,
    env: {
      GOOGLE_CLIENT_ID: provider.google.id,
      GOOGLE_CLIENT_SECRET: provider.google.secret,
      GOOGLE_AUTH_URL: `${provider.url}/authorize`,
      GOOGLE_TOKEN_URL: `${provider.url}/token`,
      GOOGLE_USERINFO_URL: `${provider.url}/userinfo`,
      WECHAT_APP_ID: provider.wechat.id,
      WECHAT_APP_SECRET: provider.wechat.secret,
      WECHAT_AUTH_URL: `${provider.url}/connect/qrconnect`,
      WECHAT_API_URL: provider.url,
      // Many sign-ins from one address in a few minutes: the browser tests are not a flood.
      AUTH_RATE_LIMIT: "1000",
      FONT_RATE_LIMIT: "10000",
      TEAM_JOIN_URL: "https://example.org/join/researchers",
      JWT_SECRET: "e2e-secret-0123456789-0123456789-0123456789",
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    },
  });
  project.provide("e2eBaseUrl", server.baseUrl);
  project.provide("e2eSqliteFile", server.sqliteFile);
  project.provide("e2eWebDistDir", webDistDir);
  project.provide("e2eAdmin", ADMIN);
}

export async function teardown(): Promise<void> {
  await server?.stop();
  await provider?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
}
