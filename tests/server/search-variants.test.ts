/**
 * `GET /v1/search/variants` on the starter canon, on SQLite and PostgreSQL: the answer is built
 * once per gaiji table (16 concurrent first callers and every later one share one build; a change
 * to the rows under the same `gaiji_hash` is not seen until the hash changes), and is sent with a
 * weak ETag (304 to If-None-Match), cache headers, and Brotli or gzip as the client accepts.
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { variantPairsOfGaiji } from "../../contract/search-tokenizer.ts";
import type { SearchVariants } from "../../contract/search-variants.ts";
import { testDialects } from "../support/databases.ts";
import { type AuthHarness, startAuthApp } from "./auth-setup.ts";

/** Answers made with the pairs in them: the route's body is built when this counts one. */
const builds = vi.hoisted(() => ({ count: 0 }));
vi.mock("../../contract/envelope.ts", async (original) => {
  const actual = await original<typeof import("../../contract/envelope.ts")>();
  return {
    ...actual,
    ok: <T>(result: T) => {
      if (typeof result === "object" && result !== null && "pairs" in result && Array.isArray(result.pairs))
        builds.count++;
      return actual.ok(result);
    },
  };
});

const URL = "/v1/search/variants";

describe.each(testDialects())("the search variants on %s", (dialect) => {
  let h: AuthHarness;

  beforeAll(async () => {
    h = await startAuthApp(dialect, {}, { withCanon: true });
  });
  afterAll(() => h.close());

  const variants = (headers: Record<string, string> = {}) =>
    h.app.inject({ method: "GET", url: URL, headers: { "accept-encoding": "identity", ...headers } });

  it("builds the answer once for concurrent and later callers, and answers the stored pairs", async () => {
    builds.count = 0;
    const first = await Promise.all(Array.from({ length: 16 }, () => variants()));
    const later = await Promise.all(Array.from({ length: 4 }, () => variants()));
    expect(builds.count).toBe(1);
    const etags = new Set([...first, ...later].map((response) => response.headers.etag));
    expect(etags.size).toBe(1);
    expect(new Set([...first, ...later].map((response) => response.body)).size).toBe(1);

    const rows = await h.database.canon.db
      .selectFrom("gaiji")
      .select(["pua", "uni_char", "norm_char"])
      .execute();
    const body = first[0]?.json() as { code: number; result: SearchVariants };
    expect(body.code).toBe(0);
    expect(body.result.pairs).toEqual(variantPairsOfGaiji(rows));
    expect(body.result.pairs?.length).toBeGreaterThan(100);
    builds.count = 0;
  });

  it("answers 304 to a matching If-None-Match, with cache headers", async () => {
    const full = await variants();
    expect(full.statusCode).toBe(200);
    const etag = String(full.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(full.headers["cache-control"]).toBe("public, no-cache");
    expect(String(full.headers.vary)).toContain("accept-encoding");
    expect(String(full.headers["content-type"])).toContain("application/json");

    const again = await variants({ "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);
    expect((await variants({ "if-none-match": `"other", ${etag}` })).statusCode).toBe(304);
    expect((await variants({ "if-none-match": '"other"' })).statusCode).toBe(200);

    const hash = (full.json() as { result: SearchVariants }).result.hash;
    const known = await h.app.inject({ method: "GET", url: URL, query: { known: hash } });
    expect((known.json() as { result: SearchVariants }).result).toEqual({ hash, pairs: null });
    expect(known.headers.etag).not.toBe(etag);
  });

  it("sends the same bytes compressed with Brotli or gzip as the client accepts", async () => {
    const identity = await variants();
    expect(identity.headers["content-encoding"]).toBeUndefined();
    const br = await variants({ "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.rawPayload.length).toBeLessThan(identity.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).equals(identity.rawPayload)).toBe(true);
    const gz = await variants({ "accept-encoding": "gzip, br;q=0" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).equals(identity.rawPayload)).toBe(true);
    expect(new Set([identity, br, gz].map((response) => response.headers.etag)).size).toBe(1);
    expect(builds.count).toBe(0);
  });

  it("builds again only when the gaiji table's hash changes", async () => {
    const before = await variants();
    const { pairs } = (before.json() as { result: SearchVariants }).result;
    const db = h.database.canon.db;
    const row = await db
      .selectFrom("gaiji")
      .select(["pua"])
      .where("uni_char", "is not", null)
      .orderBy("pua")
      .executeTakeFirstOrThrow();
    await db.deleteFrom("gaiji").where("pua", "=", row.pua).execute();
    const unchanged = await variants();
    expect(unchanged.headers.etag).toBe(before.headers.etag);
    expect(builds.count).toBe(0);

    await db.updateTable("setting").set({ value: "changed-gaiji" }).where("key", "=", "gaiji_hash").execute();
    await expect
      .poll(async () => ((await variants()).json() as { result: SearchVariants }).result.hash, {
        timeout: 5_000,
      })
      .toBe("changed-gaiji");
    const after = await variants({ "if-none-match": String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect((after.json() as { result: SearchVariants }).result.pairs?.length).toBeLessThan(
      pairs?.length ?? 0,
    );
    expect(builds.count).toBe(1);
  });
});
