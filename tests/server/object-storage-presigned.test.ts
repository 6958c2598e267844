/**
 * Uploads on an S3-compatible store, on SQLite and on PostgreSQL: the policy is a presigned POST
 * carrying the upload rules as its conditions, the web client posts the file straight to the store
 * and confirms it, and the server checks, re-encodes and stores what was posted. The local store
 * (s3rver) takes a POST without checking its policy's conditions, so every refusal below is the
 * server's own, as it must be for a store that lets a file outside the rules through.
 */
import type { AddressInfo } from "node:net";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { UploadPolicy } from "../../contract/uploads.ts";
import { uploadObject } from "../../src/api/uploads.ts";
import { emptyDatabase, testDialects } from "../support/databases.ts";
import { type LocalBucket, localBucketForFile } from "../support/s3-server.ts";
import { type AuthHarness, accessToken, authAppOver, bearer, parse, registerUser } from "./auth-setup.ts";
import { apiClientFor } from "./outbox-harness.ts";
import { policyFields, postUpload, putAvatar, uploadPolicy } from "./upload-requests.ts";

const BUCKET = "canon";
const SITE = "site";
const flat = (width = 16, height = 16) =>
  sharp({ create: { width, height, channels: 3, background: "#987444" } });
const png = () => flat().png().toBuffer();

const s3 = localBucketForFile(BUCKET);

/** Every object key in the bucket under `prefix`. */
async function objectsUnder(prefix: string): Promise<string[]> {
  const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key ?? "").sort();
}

describe.each(testDialects())("uploads straight to an S3-compatible store on %s", (dialect) => {
  let h: AuthHarness;
  let storage: ReturnType<LocalBucket["storage"]>;
  let token: string;

  beforeEach(async () => {
    const database = await emptyDatabase(dialect);
    storage = s3.storage(SITE);
    h = await authAppOver(database, { now: Date.now() }, { storage });
    await registerUser(h, { username: "uploader", contact: "uploader@example.org", password: "abc123" });
    token = await accessToken(h, "uploader", "abc123");
  });
  afterEach(async () => {
    await h.close();
    for (const key of await objectsUnder(`${SITE}/`)) await storage.remove?.(key.slice(SITE.length + 1));
  });

  const policy = (purpose = "avatar", as = token) => uploadPolicy(h.app, as, purpose);

  /** Posts a form straight to the store as a browser would; answers the store's status. */
  async function post(p: UploadPolicy, key: string, bytes: Buffer, type: string): Promise<number> {
    const form = new FormData();
    for (const [name, value] of Object.entries(p.fields ?? {})) form.append(name, value);
    form.append("key", key);
    form.append("Content-Type", type);
    form.append("file", new Blob([new Uint8Array(bytes)], { type }), "upload");
    return (await fetch(p.host, { method: "POST", body: form })).status;
  }

  async function confirm(p: UploadPolicy, key: string, as: string | null = token) {
    return parse(
      await h.app.inject({
        method: "POST",
        url: "/v1/oss/confirm",
        payload: { key, policy: p.policy, signature: p.signature },
        headers: as === null ? {} : bearer(as),
      }),
    );
  }

  it("hands out a presigned POST whose conditions are the upload rules", async () => {
    const p = await policy();
    expect(p.host).toBe(`${s3.endpoint}/${BUCKET}`);
    expect(p.dir).toMatch(new RegExp(`^${SITE}/incoming/avatar/\\d+/[A-Za-z0-9_-]{22}/$`));
    expect(p.fields).toMatchObject({ bucket: BUCKET, "X-Amz-Algorithm": "AWS4-HMAC-SHA256" });
    expect(p.fields?.key).toBeUndefined();
    const document = JSON.parse(Buffer.from(p.fields?.Policy ?? "", "base64").toString("utf8")) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(document.conditions).toEqual(
      expect.arrayContaining([
        ["content-length-range", 1, 2 * 1024 * 1024],
        ["starts-with", "$Content-Type", "image/"],
        ["starts-with", "$key", p.dir],
        { bucket: BUCKET },
      ]),
    );
    expect(Date.parse(document.expiration) - Date.now()).toBeGreaterThan(9 * 60 * 1000);
    expect((await policy("feedback")).fields?.Policy).toBeTruthy();
  });

  it("takes the web client's upload through the store, re-encoded, and serves it as the avatar", async () => {
    await h.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = h.app.server.address() as AddressInfo;
    const api = apiClientFor(`http://127.0.0.1:${port}/v1`, token);
    const tail = Buffer.from("<html><script>alert(1)</script></html>");
    const bytes = Buffer.concat([await png(), tail]);
    const p = await policy();
    const done = await uploadObject(api, p, new Blob([new Uint8Array(bytes)], { type: "image/png" }), {
      newName: () => "face",
    });
    expect(done.key).toMatch(/^avatar\/\d+\/[0-9a-f]{32}\.png$/);
    expect(done.url).toBe(`/storage/${done.key}`);
    const stored = await storage.get(done.key);
    expect(stored?.includes("<html")).toBe(false);
    expect(await sharp(stored ?? Buffer.alloc(0)).metadata()).toMatchObject({ format: "png", width: 16 });
    expect(await objectsUnder(`${SITE}/incoming/`)).toEqual([]);

    const set = await putAvatar(h.app, token, done.key);
    expect(set.code, set.msg).toBe(0);
    const served = await fetch(`http://127.0.0.1:${port}${done.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(stored ?? Buffer.alloc(0))).toBe(true);
  });

  it("refuses what breaks the rules, deletes it, and leaves the policy for a good upload", async () => {
    const p = await policy();
    const good = await png();
    const cases: [string, Buffer, string, number, RegExp][] = [
      ["too large", Buffer.concat([good, Buffer.alloc(2 * 1024 * 1024)]), "image/png", 400, /1 to 2097152/],
      ["a type avatars do not take", good, "image/gif", 400, /image\/gif is not allowed/],
      ["not an image type", Buffer.from("<p>hi</p>"), "text/html", 400, /text\/html is not allowed/],
      ["not the declared image", Buffer.from("<svg onload=alert(1)>"), "image/png", 400, /not an image/],
      ["an unreadable image", good.subarray(0, good.length - 20), "image/png", 400, /not a readable png/],
    ];
    for (const [label, bytes, type, status, msg] of cases) {
      const key = `${p.dir}${label.replace(/\W/g, "-")}.png`;
      expect(await post(p, key, bytes, type), label).toBe(204);
      expect(await objectsUnder(key), label).toEqual([key]);
      const refused = await confirm(p, key);
      expect(refused.statusCode, label).toBe(status);
      expect(refused.msg, label).toMatch(msg);
      expect(await objectsUnder(key), `${label}: deleted`).toEqual([]);
    }
    const missing = await confirm(p, `${p.dir}never-posted.png`);
    expect(missing).toMatchObject({ statusCode: 400, msg: /nothing was uploaded/ });

    const key = `${p.dir}face.png`;
    expect(await post(p, key, good, "image/png")).toBe(204);
    const accepted = await confirm(p, key);
    expect(accepted.code, accepted.msg).toBe(0);
    expect(await objectsUnder(`${SITE}/avatar/`)).toEqual([
      `${SITE}/${(accepted.result as { key: string }).key}`,
    ]);

    const again = `${p.dir}again.png`;
    expect(await post(p, again, good, "image/png")).toBe(204);
    expect(await confirm(p, again)).toMatchObject({ statusCode: 403, msg: /already been used/ });
    expect(await objectsUnder(`${SITE}/incoming/`)).toEqual([]);
    expect(await objectsUnder(`${SITE}/avatar/`)).toHaveLength(1);
  });

  it("confirms only the policy owner's key inside the policy's folder, before it expires", async () => {
    const p = await policy();
    const good = await png();
    const outside = `${SITE}/avatar/1/planted.png`;
    expect(await post(p, outside, good, "image/png")).toBe(204);
    expect(await confirm(p, outside)).toMatchObject({ statusCode: 403, msg: /key must start with/ });
    // Not an object of this policy's: refused, and not the server's to delete.
    expect(await objectsUnder(outside)).toEqual([outside]);
    const otherPolicy = await policy();
    expect(await confirm(otherPolicy, `${p.dir}x.png`)).toMatchObject({ statusCode: 403 });

    const key = `${p.dir}face.png`;
    expect(await post(p, key, good, "image/png")).toBe(204);
    expect((await confirm(p, key, null)).statusCode).toBe(401);
    await registerUser(h, { username: "other", contact: "other@example.org", password: "abc123" });
    const other = await accessToken(h, "other", "abc123");
    expect(await confirm(p, key, other)).toMatchObject({ statusCode: 403, msg: /another user/ });
    const forged = parse(
      await h.app.inject({
        method: "POST",
        url: "/v1/oss/confirm",
        payload: { key, policy: p.policy, signature: "AAAA" },
        headers: bearer(token),
      }),
    );
    expect(forged).toMatchObject({ statusCode: 403, msg: /not valid/ });
    expect(
      (await h.app.inject({ method: "GET", url: `/storage/${key.slice(SITE.length + 1)}` })).statusCode,
    ).toBe(404);

    // A file posted just before its policy expired may still be confirmed for a while after.
    const late = await policy();
    const lateKey = `${late.dir}late.png`;
    expect(await post(late, lateKey, good, "image/png")).toBe(204);
    h.clock.now += 15 * 60 * 1000;
    token = await accessToken(h, "uploader", "abc123");
    expect((await confirm(late, lateKey)).code).toBe(0);
    h.clock.now += 6 * 60 * 1000;
    token = await accessToken(h, "uploader", "abc123");
    expect(await confirm(p, key)).toMatchObject({ statusCode: 403, msg: /expired/ });
  });

  it("sends uploads to the store, not to this server's storage endpoint", async () => {
    const p = await policy();
    const file = { bytes: await png(), name: "a.png", type: "image/png" };
    const fields = policyFields(p, `${p.dir}a.png`, file.type);
    const reply = await postUpload(h.app, "/v1/oss/upload", fields, file, token);
    expect(reply).toMatchObject({ statusCode: 400, msg: /\/v1\/oss\/confirm/ });
  });
});
