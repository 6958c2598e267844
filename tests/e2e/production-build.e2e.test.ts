/**
 * `npm start`'s build as the browser tests' global set-up ran it: a second start with nothing
 * changed rebuilds neither part, and the server the tests talk to is the compiled one, answering
 * its health routes under NODE_ENV=production (API docs off).
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { buildProduct } from "./support/server.ts";

describe("the production build", () => {
  it("is not built again when nothing changed", () => {
    const dist = inject("e2eWebDistDir");
    const shell = join(dist, "index.html");
    const builtAt = statSync(shell).mtimeMs;
    const report = buildProduct(dist);
    expect(report).toContain("web app: up to date");
    expect(report).toContain("server: up to date");
    expect(statSync(shell).mtimeMs).toBe(builtAt);
  });

  it("serves from compiled JavaScript in production: health routes, no API docs", async () => {
    const base = inject("e2eBaseUrl");
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: "ok" });
    expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ status: "ready" });
    expect((await fetch(`${base}/v1/docs`)).status).toBe(404);
  });
});
