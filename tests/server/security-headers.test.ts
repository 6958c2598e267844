/**
 * Security headers on every kind of answer: the API's (success and error), the web app's shell and
 * files, stored files under /storage/, and the API docs page only where it is served.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App, AppDeps } from "../../server/app.ts";
import { emptyDatabase, type TestDatabase } from "../support/databases.ts";
import { appOver } from "../support/test-app.ts";

let database: TestDatabase;
let distDir: string;
const apps: App[] = [];

async function appWith(apiDocs?: boolean, extra: Partial<AppDeps> = {}): Promise<App> {
  const app = await appOver(database, {
    webDistDir: distDir,
    ...(apiDocs === undefined ? {} : { apiDocs }),
    ...extra,
  });
  apps.push(app);
  await app.ready();
  return app;
}

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), "canon-headers-"));
  mkdirSync(join(distDir, "assets"));
  writeFileSync(join(distDir, "index.html"), "<!doctype html><title>shell</title>");
  writeFileSync(join(distDir, "assets", "index-abc.js"), "console.log(1);");
  database = await emptyDatabase("sqlite");
  mkdirSync(join(database.storage.root, "pages"), { recursive: true });
  writeFileSync(join(database.storage.root, "pages", "scan.png"), "<html><script>alert(1)</script>");
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.dispose();
  rmSync(distDir, { recursive: true, force: true });
});

const paths = [
  "/v1/tripitaka/all",
  "/v1/no/such/route",
  "/",
  "/JS/some/deep/link",
  "/assets/index-abc.js",
  "/storage/pages/scan.png",
  "/healthz",
  // Answered while routing, before the app's hooks: a malformed percent-encoding, an over-long parameter.
  "/v1/reel/%E0%A4%A",
  `/v1/reel/${"x".repeat(300)}`,
];

describe("security headers", () => {
  it("are on every answer: CSP, frame protection, nosniff, Referrer-Policy", async () => {
    const app = await appWith();
    for (const url of paths) {
      const response = await app.inject({ method: "GET", url });
      const headers = response.headers;
      expect(headers["x-content-type-options"], url).toBe("nosniff");
      expect(headers["x-frame-options"], url).toBe("DENY");
      expect(headers["referrer-policy"], url).toBe("same-origin");
      const csp = String(headers["content-security-policy"]);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("worker-src 'self' blob:");
      expect(csp, url).not.toContain("unsafe-eval");
      expect(csp, url).not.toContain("upgrade-insecure-requests");
    }
  });

  it("serve the API docs page by default, with a policy of its own, and not when turned off", async () => {
    const withDocs = await appWith();
    const page = await withDocs.inject({ method: "GET", url: "/v1/docs" });
    expect(page.statusCode).toBe(200);
    expect(String(page.headers["content-security-policy"])).toContain("script-src 'self'");
    expect((await withDocs.inject({ method: "GET", url: "/v1/docs/json" })).statusCode).toBe(200);

    const withoutDocs = await appWith(false);
    for (const url of ["/v1/docs", "/v1/docs/json"]) {
      const response = await withoutDocs.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 404 });
    }
  });

  it("let pages frame WeChat's sign-in page only while WeChat sign-in is configured", async () => {
    const plain = await appWith();
    expect(
      String((await plain.inject({ method: "GET", url: "/login" })).headers["content-security-policy"]),
    ).not.toContain("frame-src");
    const wechat = {
      appId: "wx-app",
      appSecret: "wx-secret",
      authUrl: "https://open.weixin.qq.com/connect/qrconnect",
      apiUrl: "https://api.weixin.qq.com",
    };
    const withWechat = await appWith(undefined, {
      auth: { oauth: { publicUrl: "https://canon.example.org", google: null, wechat } },
    });
    for (const url of ["/login", "/v1/tripitaka/all"]) {
      const csp = String(
        (await withWechat.inject({ method: "GET", url })).headers["content-security-policy"],
      );
      expect(csp.split(";"), url).toContain("frame-src https://open.weixin.qq.com");
      expect(csp, url).toContain("frame-ancestors 'none'");
    }
  });
});
