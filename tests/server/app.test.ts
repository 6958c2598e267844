import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorEnvelope } from "../../contract/envelope.ts";
import type { App } from "../../server/app.ts";
import { emptyDatabase, type TestDatabase, testDialects } from "../support/databases.ts";
import { appOver } from "../support/test-app.ts";

describe.each(testDialects())("the /v1 server on %s", (dialect) => {
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    database = await emptyDatabase(dialect);
    app = await appOver(database);
    app.get("/v1/test/explode", () => {
      throw new Error("secret detail that must not leak");
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it("answers an unknown route with the 404 envelope", async () => {
    const response = await app.inject({ method: "GET", url: "/v1/no/such/route" });
    expect(response.statusCode).toBe(404);
    const body = errorEnvelope.parse(response.json());
    expect(body.code).toBe(404);
  });

  it("hides the detail of an unexpected failure", async () => {
    const response = await app.inject({ method: "GET", url: "/v1/test/explode" });
    expect(response.statusCode).toBe(500);
    const body = errorEnvelope.parse(response.json());
    expect(body).toEqual({ code: 500, msg: "internal server error", result: null });
    expect(response.body).not.toContain("secret");
  });

  it("publishes an OpenAPI document generated from the route schemas", async () => {
    const response = await app.inject({ method: "GET", url: "/v1/docs/json" });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      "/v1/tripitaka/all",
      "/v1/tripitaka/{tripitaka_uid}/sutra/list",
      "/v1/reel/{reel_uid}",
      "/v1/page/{page_uid}",
      "/v1/img/{page_uid}",
      "/v1/tripitaka/{tripitaka_uid}/char/dynamic_font",
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });

  it("serves the interactive docs page", async () => {
    const response = await app.inject({ method: "GET", url: "/v1/docs/" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
  });
});

describe.each(testDialects())("the health routes on %s", (dialect) => {
  it("answer while the process runs, and ready only while the database answers", async () => {
    const database = await emptyDatabase(dialect);
    const app = await appOver(database);
    try {
      const health = await app.inject({ method: "GET", url: "/healthz" });
      expect(health.statusCode).toBe(200);
      expect(health.headers["cache-control"]).toBe("no-store");
      expect(health.json()).toEqual({ status: "ok" });
      expect((await app.inject({ method: "GET", url: "/readyz" })).json()).toEqual({ status: "ready" });

      await database.canon.close();
      const ready = await app.inject({ method: "GET", url: "/readyz" });
      expect(ready.statusCode).toBe(503);
      expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.dispose().catch(() => undefined);
    }
  });
});
