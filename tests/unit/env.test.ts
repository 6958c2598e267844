import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/env.ts";

describe("environment", () => {
  it("defaults to the embedded SQLite file and local storage", () => {
    const config = loadConfig({});
    expect(config.database).toEqual({ kind: "sqlite", file: resolve("data/canon.db") });
    expect(config.storageDir).toBe(resolve("data/storage"));
    expect(config.storageUrl).toBeNull();
    expect(config.port).toBe(8080);
  });

  it("uses an S3-compatible store when STORAGE_URL is set, and refuses any other address", () => {
    const url = "s3://canon/site?endpoint=http://127.0.0.1:9000";
    expect(loadConfig({ STORAGE_URL: url }).storageUrl).toBe(url);
    expect(() => loadConfig({ STORAGE_URL: "https://bucket.example.org/" })).toThrow("STORAGE_URL");
  });

  it("uses PostgreSQL when DATABASE_URL is set", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://u@127.0.0.1:5432/canon" });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://u@127.0.0.1:5432/canon" });
  });

  it("believes X-Forwarded-For only from the proxies TRUST_PROXY names", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "127.0.0.1,10.0.0.0/8,::1" }).trustProxy).toBe(
      "127.0.0.1,10.0.0.0/8,::1",
    );
  });

  it.each([
    [{ TRUST_PROXY: "2" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "yes" }, "TRUST_PROXY"],
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ AUTH_RATE_LIMIT: "0" }, "AUTH_RATE_LIMIT"],
    [{ GOOGLE_CLIENT_ID: "id-only" }, "GOOGLE_CLIENT_SECRET"],
    [{ WECHAT_APP_SECRET: "secret-only" }, "WECHAT_APP_ID"],
    [{ PUBLIC_URL: "not a url" }, "PUBLIC_URL"],
  ])("stops with a message naming the bad variable %o", (env, name) => {
    expect(() => loadConfig(env)).toThrow(name);
  });

  it("offers no sign-in provider unless both its id and secret are set", () => {
    expect(loadConfig({}).oauth).toEqual({ publicUrl: "http://127.0.0.1:8080", google: null, wechat: null });
    const config = loadConfig({
      PUBLIC_URL: "https://canon.example/",
      GOOGLE_CLIENT_ID: "g",
      GOOGLE_CLIENT_SECRET: "gs",
      WECHAT_APP_ID: "w",
      WECHAT_APP_SECRET: "ws",
    });
    expect(config.oauth.publicUrl).toBe("https://canon.example");
    expect(config.oauth.google).toMatchObject({
      clientId: "g",
      clientSecret: "gs",
      tokenUrl: "https://oauth2.googleapis.com/token",
    });
    expect(config.oauth.wechat).toMatchObject({ appId: "w", apiUrl: "https://api.weixin.qq.com" });
  });
});
