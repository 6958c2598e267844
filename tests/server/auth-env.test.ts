import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/env.ts";

describe("sign-in settings from the environment", () => {
  it("leaves the key, the admin and SMTP unset by default", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ jwtSecret: null, admin: null, smtp: null });
  });

  it("requires JWT_SECRET in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow("JWT_SECRET");
    const secret = "x".repeat(32);
    expect(loadConfig({ NODE_ENV: "production", JWT_SECRET: secret }).jwtSecret).toBe(secret);
  });

  it("refuses a short key, a lone admin variable and a non-SMTP URL", () => {
    expect(() => loadConfig({ JWT_SECRET: "short" })).toThrow("JWT_SECRET");
    expect(() => loadConfig({ ADMIN_USERNAME: "root" })).toThrow("ADMIN_PASSWORD");
    expect(() => loadConfig({ SMTP_URL: "http://mail" })).toThrow("SMTP_URL");
  });

  it("reads the admin account and the SMTP server", () => {
    const config = loadConfig({
      ADMIN_USERNAME: "root",
      ADMIN_PASSWORD: "admin-pass1",
      SMTP_URL: "smtp://mail.example.com:587",
    });
    expect(config.admin).toEqual({ username: "root", password: "admin-pass1" });
    expect(config.smtp).toMatchObject({ url: "smtp://mail.example.com:587" });
  });
});
