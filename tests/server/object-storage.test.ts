/**
 * One contract for every object store (the local folder and an S3-compatible store), and serving
 * stored objects under /storage/ from each: what one stores, the other gives back the same.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../server/app.ts";
import { localStorage } from "../../server/storage/local.ts";
import { parseS3Url } from "../../server/storage/s3.ts";
import type { ObjectStorage } from "../../server/storage/storage.ts";
import { canonDatabase, emptyDatabase, type TestDatabase } from "../support/databases.ts";
import { copyPageScan, type LocalBucket, localBucketForFile } from "../support/s3-server.ts";
import { appOver } from "../support/test-app.ts";

const s3 = localBucketForFile("canon");
let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), "object-storage-"));
});
afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

const stores: Array<[string, () => ObjectStorage & { root?: string }]> = [
  ["local folder", () => localStorage(folder)],
  ["S3-compatible store", () => s3.storage("site-a")],
];

describe("parseS3Url", () => {
  it("reads the bucket, prefix, endpoint, region and addressing", () => {
    expect(parseS3Url("s3://canon/site/a?endpoint=http://127.0.0.1:9000&region=eu-west-1")).toEqual({
      bucket: "canon",
      prefix: "site/a",
      endpoint: "http://127.0.0.1:9000",
      region: "eu-west-1",
      pathStyle: true,
    });
    expect(parseS3Url("s3://canon")).toEqual({
      bucket: "canon",
      prefix: "",
      endpoint: null,
      region: "us-east-1",
      pathStyle: false,
    });
    expect(() => parseS3Url("https://canon/x")).toThrow(/s3:\/\/bucket/);
  });
});

describe.each(stores)("the %s", (_name, open) => {
  let storage: ObjectStorage & { root?: string };
  let app: App;
  let database: TestDatabase;
  const image = () =>
    sharp({ create: { width: 24, height: 32, channels: 3, background: { r: 200, g: 180, b: 120 } } })
      .jpeg()
      .toBuffer();

  beforeAll(async () => {
    storage = open();
    database = await emptyDatabase("sqlite");
    app = await appOver(database, { storage });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it("gives back what was put, its size, and nothing for a key never put", async () => {
    const body = await image();
    await storage.put("chars/GL_79_4_7/3.2-abc.jpg", body, "image/jpeg");
    expect(await storage.get("chars/GL_79_4_7/3.2-abc.jpg")).toEqual(body);
    expect(await storage.exists("chars/GL_79_4_7/3.2-abc.jpg")).toBe(true);
    expect(await storage.size?.("chars/GL_79_4_7/3.2-abc.jpg")).toBe(body.length);
    expect(await storage.get("chars/GL_79_4_7/9.9.jpg")).toBeNull();
    expect(await storage.exists("chars/GL_79_4_7/9.9.jpg")).toBe(false);
    expect(await storage.size?.("chars/GL_79_4_7/9.9.jpg")).toBeNull();
  });

  it("replaces an object put again under its key", async () => {
    await storage.put("fonts/subset.woff2", Buffer.from("first"), "font/woff2");
    await storage.put("fonts/subset.woff2", Buffer.from("second"), "font/woff2");
    expect((await storage.get("fonts/subset.woff2"))?.toString()).toBe("second");
  });

  it("stores a file from disk, reads a byte range of it, and removes it", async () => {
    const body = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
    const file = join(folder, `pack-${_name.replace(/\W/g, "")}.bin`);
    writeFileSync(file, body);
    await storage.putFile?.("packs/a.canonpack", file, "application/octet-stream");
    expect(await storage.size?.("packs/a.canonpack")).toBe(body.length);
    const read = async (start: number, end: number) => {
      const stream = await storage.readRange?.("packs/a.canonpack", start, end);
      if (!stream) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    };
    expect(await read(100, 4099)).toEqual(body.subarray(100, 4100));
    expect(await read(4990, 4999)).toEqual(body.subarray(4990));
    expect(await storage.readRange?.("packs/none.canonpack", 0, 9)).toBeNull();
    await storage.remove?.("packs/a.canonpack");
    expect(await storage.exists("packs/a.canonpack")).toBe(false);
    await storage.remove?.("packs/a.canonpack");
  });

  it("refuses keys that are not storage paths", async () => {
    for (const key of ["../etc/passwd", "/abs/path", "a//b", "a/../b", "a b"])
      await expect(storage.put(key, Buffer.from("x"), "text/plain"), key).rejects.toThrow(
        /invalid storage key/,
      );
    expect(() => storage.urlFor("../x")).toThrow(/invalid storage key/);
  });

  it("serves a stored object under /storage/ with its type and long caching", async () => {
    const body = await image();
    await storage.put("pages/QL/24/QL_24_17.jpg", body, "image/jpeg");
    const url = storage.urlFor("pages/QL/24/QL_24_17.jpg");
    expect(url).toBe("/storage/pages/QL/24/QL_24_17.jpg");
    const answer = await app.inject({ method: "GET", url });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("image/jpeg");
    expect(String(answer.headers["cache-control"])).toContain("max-age=2592000");
    expect(answer.rawPayload).toEqual(body);
    const etag = answer.headers.etag;
    expect(etag).toBeTruthy();
    const again = await app.inject({ method: "GET", url, headers: { "if-none-match": String(etag) } });
    expect(again.statusCode).toBe(304);
  });

  it("answers 404 for an object that is not there, or a path that is not a key", async () => {
    expect((await app.inject({ method: "GET", url: "/storage/pages/none.jpg" })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: "/storage/a/%2e%2e/b.jpg" })).statusCode).toBe(404);
  });
});

describe("two sites on one bucket", () => {
  it("keep their objects apart under their prefixes", async () => {
    const a = s3.storage("site-a");
    const b = s3.storage("site-b");
    await a.put("uploads/x.txt", Buffer.from("a"), "text/plain");
    expect(await b.get("uploads/x.txt")).toBeNull();
    expect((await a.get("uploads/x.txt"))?.toString()).toBe("a");
  });
});

describe("a file larger than one upload part", () => {
  it("goes up to an S3-compatible store in parts and reads back across them", async () => {
    const part = 5 * 1024 * 1024;
    const store = s3.storage("big", {
      uploadPartBytes: part,
    });
    const body = Buffer.alloc(2 * part + 1234);
    for (let i = 0; i < body.length; i += 4096) body.writeUInt32LE(i, i);
    const file = join(folder, "big.bin");
    writeFileSync(file, body);
    await store.putFile?.("packs/big.canonpack", file, "application/octet-stream");
    expect(await store.size?.("packs/big.canonpack")).toBe(body.length);
    const stream = await store.readRange?.("packs/big.canonpack", part - 10, 2 * part + 9);
    const chunks: Buffer[] = [];
    for await (const chunk of stream ?? []) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).equals(body.subarray(part - 10, 2 * part + 10))).toBe(true);
  });
});

describe("page scans on an S3-compatible store", () => {
  let database: TestDatabase;
  let app: App;
  let storage: ReturnType<LocalBucket["storage"]>;
  const PAGE = "GL_79_4_7";

  beforeAll(async () => {
    database = await canonDatabase("sqlite");
    storage = s3.storage("scans");
    await copyPageScan(database, storage, PAGE);
    app = await appOver(database, { storage });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it("serves the scan, and cuts a char's column from it into the store once", async () => {
    const pageImage = (await app.inject({ method: "GET", url: `/v1/img/${PAGE}` })).json() as {
      result: { url: string };
    };
    const scan = await app.inject({ method: "GET", url: pageImage.result.url });
    expect(scan.statusCode).toBe(200);
    expect((await sharp(scan.rawPayload).metadata()).format).toBe("jpeg");

    const column = await app.inject({
      method: "GET",
      url: `/v1/tripitaka/GL/char/column/img?page_uid=${PAGE}&char_sn=3.2`,
    });
    expect(column.statusCode, column.body).toBe(200);
    const { url, w, h } = (column.json() as { result: { url: string; w: number; h: number } }).result;
    expect(await storage.exists(url.replace(/^\/storage\//, ""))).toBe(true);
    const cut = await app.inject({ method: "GET", url });
    const meta = await sharp(cut.rawPayload).metadata();
    expect({ w: meta.width, h: meta.height }).toEqual({ w, h });
  });
});
