import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/env.ts";

describe("environment", () => {
  it("defaults to the embedded SQLite file and local storage", () => {
    const config = loadConfig({});
    expect(config.database).toEqual({ kind: "sqlite", file: resolve("data/canon.db") });
    expect(config.storageDir).toBe(resolve("data/storage"));
    expect(config.port).toBe(8080);
  });

  it("uses PostgreSQL when DATABASE_URL is set", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://u@127.0.0.1:5432/canon" });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://u@127.0.0.1:5432/canon" });
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
  ])("stops with a message naming the bad variable %o", (env, name) => {
    expect(() => loadConfig(env)).toThrow(name);
  });
});
