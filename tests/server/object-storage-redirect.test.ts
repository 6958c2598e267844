/**
 * Serving an S3-compatible store's objects under /storage/: in redirect mode a cacheable 302 to a
 * presigned GET that the store answers over real HTTP with the object's bytes; in proxy mode the
 * bytes through the server as before. Page scans and the column images cut from them go the same
 * way, on SQLite and on PostgreSQL. Uploads waiting for confirmation are served in neither mode.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../server/app.ts";
import { loadConfig } from "../../server/env.ts";
import {
  PRESIGN_WINDOW_S,
  PRESIGNED_GET_TTL_S,
  REDIRECT_MAX_AGE_S,
} from "../../server/storage/serve-storage.ts";
import type { StorageServeMode } from "../../server/storage/storage.ts";
import { canonDatabase, type TestDatabase, testDialects } from "../support/databases.ts";
import { copyPageScan, type LocalBucket, localBucketForFile } from "../support/s3-server.ts";
import { appOver } from "../support/test-app.ts";

const BUCKET = "canon";
const PAGE = "GL_79_4_7";

const s3 = localBucketForFile(BUCKET);

const scanImage = () =>
  sharp({ create: { width: 24, height: 32, channels: 3, background: { r: 200, g: 180, b: 120 } } })
    .jpeg()
    .toBuffer();

type Served = {
  app: App;
  storage: ReturnType<LocalBucket["storage"]>;
  database: TestDatabase;
  clock: { now: number };
};

/** An app on a copy of the starter canon whose page scan of PAGE lives in the store under `site`. */
async function serveFrom(
  dialect: "sqlite" | "postgres",
  site: string,
  serve: StorageServeMode,
): Promise<Served> {
  const database = await canonDatabase(dialect);
  const storage = s3.storage(site, { serve });
  await copyPageScan(database, storage, PAGE);
  const clock = { now: Date.now() };
  const app = await appOver(database, { storage, auth: { now: () => clock.now } });
  await app.ready();
  return { app, storage, database, clock };
}

/** Follows the redirect over real HTTP; answers the store's status, type and bytes. */
async function follow(location: string) {
  const answer = await fetch(location);
  return {
    status: answer.status,
    type: answer.headers.get("content-type"),
    bytes: Buffer.from(await answer.arrayBuffer()),
  };
}

describe.each(testDialects())("redirect serving on %s", (dialect) => {
  let served: Served;
  beforeAll(async () => {
    served = await serveFrom(dialect, `redirect-${dialect}`, "redirect");
  });
  afterAll(async () => {
    await served.app.close();
    await served.database.dispose();
  });

  it("answers a cacheable 302 to a presigned GET whose address gives the object", async () => {
    const body = await scanImage();
    await served.storage.put("pages/QL/24/QL_24_17.jpg", body, "image/jpeg");
    const answer = await served.app.inject({ method: "GET", url: "/storage/pages/QL/24/QL_24_17.jpg" });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers["cache-control"]).toBe(`public, max-age=${REDIRECT_MAX_AGE_S}`);
    const location = String(answer.headers.location);
    expect(
      location.startsWith(`${s3.endpoint}/${BUCKET}/redirect-${dialect}/pages/QL/24/QL_24_17.jpg?`),
    ).toBe(true);
    const url = new URL(location);
    expect(url.searchParams.get("X-Amz-Algorithm")).toBe("AWS4-HMAC-SHA256");
    expect(Number(url.searchParams.get("X-Amz-Expires"))).toBe(PRESIGNED_GET_TTL_S);
    // The cached redirect outlives neither the address nor its signing window's start.
    expect(REDIRECT_MAX_AGE_S).toBeLessThan(PRESIGNED_GET_TTL_S - PRESIGN_WINDOW_S);
    const fetched = await follow(location);
    expect(fetched.status).toBe(200);
    expect(fetched.type).toBe("image/jpeg");
    expect(fetched.bytes.equals(body)).toBe(true);
  });

  it("gives every request in a signing window the same address, and a new one after", async () => {
    const url = "/storage/pages/QL/24/QL_24_17.jpg";
    const windowMs = PRESIGN_WINDOW_S * 1000;
    served.clock.now = Math.floor(Date.now() / windowMs) * windowMs + 1000;
    const first = (await served.app.inject({ method: "GET", url })).headers.location;
    served.clock.now += windowMs - 2000;
    const same = (await served.app.inject({ method: "GET", url })).headers.location;
    expect(same).toBe(first);
    served.clock.now += 2000;
    const next = (await served.app.inject({ method: "GET", url })).headers.location;
    expect(next).not.toBe(first);
    expect((await follow(String(next))).status).toBe(200);
    served.clock.now = Date.now();
  });

  it("redirects a page scan and a char's column image cut from it to their bytes", async () => {
    const { app } = served;
    const image = (await app.inject({ method: "GET", url: `/v1/img/${PAGE}` })).json() as {
      result: { url: string };
    };
    const scan = await app.inject({ method: "GET", url: image.result.url });
    expect(scan.statusCode).toBe(302);
    const scanBytes = await follow(String(scan.headers.location));
    expect((await sharp(scanBytes.bytes).metadata()).format).toBe("jpeg");

    const column = await app.inject({
      method: "GET",
      url: `/v1/tripitaka/GL/char/column/img?page_uid=${PAGE}&char_sn=3.2`,
    });
    expect(column.statusCode, column.body).toBe(200);
    const { url, w, h } = (column.json() as { result: { url: string; w: number; h: number } }).result;
    const cut = await app.inject({ method: "GET", url });
    expect(cut.statusCode).toBe(302);
    const meta = await sharp((await follow(String(cut.headers.location))).bytes).metadata();
    expect({ w: meta.width, h: meta.height }).toEqual({ w, h });
  });

  it("serves neither staged uploads nor paths that are not keys", async () => {
    await served.storage.put("incoming/avatar/1/abc/x.png", Buffer.from("staged"), "image/png");
    for (const url of ["/storage/incoming/avatar/1/abc/x.png", "/storage/a/%2e%2e/b.jpg"])
      expect((await served.app.inject({ method: "GET", url })).statusCode, url).toBe(404);
  });
});

describe("STORAGE_SERVE", () => {
  it("is proxy unless set to redirect, and refuses anything else", () => {
    expect(loadConfig({}).storageServe).toBe("proxy");
    expect(loadConfig({ STORAGE_SERVE: "redirect" }).storageServe).toBe("redirect");
    expect(() => loadConfig({ STORAGE_SERVE: "direct" })).toThrow(/STORAGE_SERVE/);
  });
});

describe("proxy serving, the default", () => {
  let served: Served;
  beforeAll(async () => {
    served = await serveFrom("sqlite", "proxy", "proxy");
  });
  afterAll(async () => {
    await served.app.close();
    await served.database.dispose();
  });

  it("answers the bytes through the server with long caching and an ETag", async () => {
    const body = await scanImage();
    await served.storage.put("pages/QL/24/QL_24_17.jpg", body, "image/jpeg");
    const answer = await served.app.inject({ method: "GET", url: "/storage/pages/QL/24/QL_24_17.jpg" });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers.location).toBeUndefined();
    expect(String(answer.headers["cache-control"])).toBe("public, max-age=2592000, immutable");
    expect(answer.rawPayload.equals(body)).toBe(true);
    const again = await served.app.inject({
      method: "GET",
      url: "/storage/pages/QL/24/QL_24_17.jpg",
      headers: { "if-none-match": String(answer.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("does not serve staged uploads", async () => {
    await served.storage.put("incoming/avatar/1/abc/x.png", Buffer.from("staged"), "image/png");
    const answer = await served.app.inject({ method: "GET", url: "/storage/incoming/avatar/1/abc/x.png" });
    expect(answer.statusCode).toBe(404);
  });
});
