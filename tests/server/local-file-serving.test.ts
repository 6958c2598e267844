/**
 * `/storage/…` on local storage, answered from memory: the same bytes and headers as the file on
 * disk, revalidation, never a stale copy after the file was replaced or removed, large files
 * streamed, ranges, and nothing outside the servable keys.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalFileCache } from "../../server/storage/local-file-cache.ts";
import { type AuthHarness, startAuthApp } from "./auth-setup.ts";

let harness: AuthHarness;
let app: AuthHarness["app"];
let database: AuthHarness["database"];
beforeAll(async () => {
  harness = await startAuthApp("sqlite");
  ({ app, database } = harness);
});
afterAll(() => harness.close());

const bytes = (length: number, seed: number): Buffer =>
  Buffer.from(Array.from({ length }, (_, i) => (i * 31 + seed) % 256));
const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers });
/** Writes a file into the storage folder the way another program would, not through the storage. */
function writeBeside(key: string, body: Buffer | string): void {
  const path = join(database.storage.root, key);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, body);
}

describe("a stored file", () => {
  it("is answered, first from disk and then from memory, with its bytes and caching headers", async () => {
    const body = bytes(150_000, 1);
    await database.storage.put("pages/QL/1/QL_1_1.jpg", body, "image/jpeg");
    const first = await get("/storage/pages/QL/1/QL_1_1.jpg");
    const second = await get("/storage/pages/QL/1/QL_1_1.jpg");
    for (const answer of [first, second]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.rawPayload.equals(body)).toBe(true);
      expect(answer.headers["content-type"]).toBe("image/jpeg");
      expect(answer.headers["content-length"]).toBe(String(body.length));
      expect(answer.headers["cache-control"]).toBe("public, max-age=2592000, immutable");
      expect(answer.headers.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
      expect(Date.parse(String(answer.headers["last-modified"]))).not.toBeNaN();
    }
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("answers HEAD with the headers and no body", async () => {
    await database.storage.put("thumbs/QL/1/QL_1_2.webp", bytes(900, 2), "image/webp");
    const head = await app.inject({ method: "HEAD", url: "/storage/thumbs/QL/1/QL_1_2.webp" });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toBe("image/webp");
    expect(head.headers["content-length"]).toBe("900");
    expect(head.rawPayload.length).toBe(0);
  });

  it("answers 304 to its ETag or a later If-Modified-Since, and 200 to another ETag", async () => {
    await database.storage.put("chars/a/1.jpg", bytes(500, 3), "image/jpeg");
    const { etag, "last-modified": lastModified } = (await get("/storage/chars/a/1.jpg")).headers;
    const revalidated = await get("/storage/chars/a/1.jpg", { "if-none-match": String(etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers.etag).toBe(etag);
    expect(revalidated.rawPayload.length).toBe(0);
    expect((await get("/storage/chars/a/1.jpg", { "if-none-match": `"x", ${etag}` })).statusCode).toBe(304);
    expect(
      (await get("/storage/chars/a/1.jpg", { "if-modified-since": String(lastModified) })).statusCode,
    ).toBe(304);
    const changed = await get("/storage/chars/a/1.jpg", { "if-none-match": 'W/"1-1"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.length).toBe(500);
  });

  it("is never answered stale after it was replaced or removed", async () => {
    const url = "/storage/fonts/subset.woff2";
    await database.storage.put("fonts/subset.woff2", bytes(2000, 4), "font/woff2");
    expect((await get(url)).rawPayload.equals(bytes(2000, 4))).toBe(true);
    // The same size, written at once: only the file's identity tells the copies apart.
    await database.storage.put("fonts/subset.woff2", bytes(2000, 5), "font/woff2");
    expect((await get(url)).rawPayload.equals(bytes(2000, 5))).toBe(true);
    writeBeside("fonts/subset.woff2", bytes(1500, 6));
    expect((await get(url)).rawPayload.equals(bytes(1500, 6))).toBe(true);
    await database.storage.remove?.("fonts/subset.woff2");
    expect((await get(url)).statusCode).toBe(404);
    await database.storage.put("fonts/subset.woff2", bytes(2000, 7), "font/woff2");
    expect((await get(url)).rawPayload.equals(bytes(2000, 7))).toBe(true);
  });

  it("is streamed from disk when too large to keep, whole or in a range", async () => {
    const body = bytes(3 * 1024 * 1024 + 17, 8);
    await database.storage.put("uploads/large.pdf", body, "application/pdf");
    const whole = await get("/storage/uploads/large.pdf");
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-type"]).toBe("application/pdf");
    expect(whole.headers["content-length"]).toBe(String(body.length));
    expect(whole.rawPayload.equals(body)).toBe(true);
    const part = await get("/storage/uploads/large.pdf", { range: "bytes=1048570-1048600" });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 1048570-1048600/${body.length}`);
    expect(part.rawPayload.equals(body.subarray(1048570, 1048601))).toBe(true);
  });

  it("answers one byte range of a kept file, and 416 outside it", async () => {
    const body = bytes(1000, 9);
    await database.storage.put("pages/QL/1/QL_1_3.jpg", body, "image/jpeg");
    const tail = await get("/storage/pages/QL/1/QL_1_3.jpg", { range: "bytes=-10" });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers["content-range"]).toBe("bytes 990-999/1000");
    expect(tail.rawPayload.equals(body.subarray(990))).toBe(true);
    const outside = await get("/storage/pages/QL/1/QL_1_3.jpg", { range: "bytes=5000-" });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers["content-range"]).toBe("bytes */1000");
    expect(outside.json()).toMatchObject({ code: 416, result: null });
  });
});

describe("paths that are no servable key", () => {
  it("answers 404 for a missing file, a folder and an upload still in the staging folder", async () => {
    writeBeside("incoming/1/abc.jpg", "staged");
    writeBeside("pages/.hidden.jpg", "hidden");
    for (const url of [
      "/storage/pages/none.jpg",
      "/storage/pages",
      "/storage/incoming/1/abc.jpg",
      "/storage/pages/.hidden.jpg",
    ])
      expect((await get(url)).statusCode, url).toBe(404);
  });

  it("answers 404 for a way out of the storage folder", async () => {
    const outside = join(dirname(database.storage.root), "secret.txt");
    writeFileSync(outside, "the content of a file outside");
    try {
      for (const url of [
        "/storage/../secret.txt",
        "/storage/%2e%2e/secret.txt",
        "/storage/pages/%2e%2e/%2e%2e/secret.txt",
        "/storage/..%2fsecret.txt",
        "/storage/%2fetc/passwd",
        `/storage/${encodeURIComponent(outside)}`,
      ]) {
        const answer = await get(url);
        expect(answer.statusCode, url).toBe(404);
        expect(answer.body, url).not.toContain("the content of a file outside");
      }
    } finally {
      rmSync(outside, { force: true });
    }
  });
});

describe("the file cache", () => {
  it("keeps files up to its byte budget, dropping the least recently used first", () => {
    const root = join(dirname(database.storage.root), "cache-budget");
    mkdirSync(root, { recursive: true });
    for (const name of ["a", "b", "c"])
      writeFileSync(join(root, `${name}.jpg`), bytes(100, name.charCodeAt(0)));
    writeFileSync(join(root, "big.jpg"), bytes(101, 0));
    const cache = new LocalFileCache(root, { maxFileBytes: 100, maxTotalBytes: 250 });
    const a = cache.lookup("a.jpg");
    const b = cache.lookup("b.jpg");
    expect(cache.lookup("a.jpg")).toBe(a);
    expect(cache.heldBytes).toBe(200);
    const c = cache.lookup("c.jpg");
    expect(cache.heldBytes).toBe(200);
    expect(cache.lookup("a.jpg")).toBe(a);
    expect(cache.lookup("c.jpg")).toBe(c);
    const bAgain = cache.lookup("b.jpg");
    expect(bAgain).not.toBe(b);
    expect(bAgain).toMatchObject({ kind: "cached", body: bytes(100, "b".charCodeAt(0)) });
    expect(cache.lookup("big.jpg")).toMatchObject({ kind: "large", size: 101 });
    expect(cache.heldBytes).toBe(200);
  });
});
