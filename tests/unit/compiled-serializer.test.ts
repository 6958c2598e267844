import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { compiledSerializer } from "../../server/plugins/compiled-serializer.ts";
import { registerErrorHandler } from "../../server/plugins/error-handler.ts";

describe("the compiled response serializer", () => {
  const app = Fastify({ logger: false });
  const answer = z.object({ name: z.string(), hits: z.number().int().nonnegative() });
  let reply: unknown = null;

  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    app.get(
      "/answer",
      { schema: { response: { 200: answer } }, serializerCompiler: compiledSerializer },
      () => reply,
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it("sends an answer that matches its schema, without the keys the schema does not name", async () => {
    reply = { name: "如是", hits: 3, internal: "kept out" };
    const response = await app.inject({ method: "GET", url: "/answer" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: "如是", hits: 3 });
  });

  it("fails with 500 for an answer that does not match, as the type provider's serializer does", async () => {
    reply = { name: "如是", hits: -1 };
    const response = await app.inject({ method: "GET", url: "/answer" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: 500, result: null });
  });
});
