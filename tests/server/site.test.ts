/**
 * `GET /v1/site/config` and the follow-on-WeChat QR image: named only when configured, served with
 * its type and a content version, and a wrong file refused at start with the setting's name.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../server/app.ts";
import { type FollowQrImage, loadFollowQr } from "../../server/modules/site/follow-qr.ts";
import { emptyDatabase, type TestDatabase } from "../support/databases.ts";
import { appOver } from "../support/test-app.ts";

let database: TestDatabase;
let dir: string;
let pngFile: string;
const apps: App[] = [];

async function appWith(wechatFollowQr: FollowQrImage | null): Promise<App> {
  const app = await appOver(database, { wechatFollowQr });
  apps.push(app);
  await app.ready();
  return app;
}

beforeAll(async () => {
  database = await emptyDatabase("sqlite");
  dir = mkdtempSync(join(tmpdir(), "canon-site-"));
  pngFile = join(dir, "follow.png");
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
    .png()
    .toBuffer();
  writeFileSync(pngFile, png);
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe("the site's configuration for every visitor", () => {
  it("names no follow-on-WeChat image when none is configured, and has none to serve", async () => {
    const app = await appWith(null);
    const config = await app.inject({ method: "GET", url: "/v1/site/config" });
    expect(config.json()).toEqual({ code: 0, msg: "success", result: { wechat_follow_qr: null } });
    const image = await app.inject({ method: "GET", url: "/v1/site/wechat_follow_qr" });
    expect(image.statusCode).toBe(404);
    expect(image.json()).toMatchObject({ code: 404, result: null });
  });

  it("serves the configured image at a versioned address, cached for good", async () => {
    const app = await appWith(loadFollowQr(pngFile));
    const address = (await app.inject({ method: "GET", url: "/v1/site/config" })).json().result
      .wechat_follow_qr;
    expect(address).toMatch(/^\/v1\/site\/wechat_follow_qr\?v=[\w-]{16}$/);
    const image = await app.inject({ method: "GET", url: address });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.headers["cache-control"]).toContain("immutable");
    expect((await sharp(image.rawPayload).metadata()).width).toBe(8);
    const again = await app.inject({
      method: "GET",
      url: address,
      headers: { "if-none-match": String(image.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("refuses at start a file that is missing or not a picture", () => {
    const text = join(dir, "follow.txt");
    writeFileSync(text, "<svg onload=alert(1)>");
    expect(() => loadFollowQr(text)).toThrow(/WECHAT_FOLLOW_QR_FILE: .* is not a PNG, JPEG or WebP image/);
    expect(() => loadFollowQr(join(dir, "missing.png"))).toThrow(/WECHAT_FOLLOW_QR_FILE: cannot read/);
  });
});
