import { readdir } from "node:fs/promises";
import { join, relative } from "node:path";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { UploadPolicy } from "../../contract/uploads.ts";
import { testDialects } from "../support/databases.ts";
import { type AuthHarness, accessToken, bearer, parse, registerUser, startAuthApp } from "./auth-setup.ts";
import { policyFields, postUpload, putAvatar, type UploadedFile, uploadPolicy } from "./upload-requests.ts";

const flat = (width = 16, height = 16) =>
  sharp({ create: { width, height, channels: 3, background: "#987444" } });
const png = () => flat().png().toBuffer();
const jpeg = () => flat().jpeg().toBuffer();
const asPng = async (bytes?: Buffer): Promise<UploadedFile> => ({
  bytes: bytes ?? (await png()),
  name: "a.png",
  type: "image/png",
});

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const STORED_KEY = /^avatar\/\d+\/[0-9a-f]{32}\.png$/;

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid black-and-white PNG of `side`² pixels: a few kilobytes, however many pixels. */
function bigPng(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // 1 bit per pixel, greyscale
  const rows = Buffer.alloc(side * (1 + Math.ceil(side / 8)));
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(rows, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

describe.each(testDialects())("uploads and avatars on %s", (dialect) => {
  let h: AuthHarness;
  let token: string;

  beforeEach(async () => {
    h = await startAuthApp(dialect);
    await registerUser(h, { username: "uploader", contact: "uploader@example.org", password: "abc123" });
    token = await accessToken(h, "uploader", "abc123");
  });
  afterEach(async () => {
    await h.close();
  });

  async function otherReader(): Promise<string> {
    await registerUser(h, { username: "other", contact: "other@example.org", password: "abc123" });
    return accessToken(h, "other", "abc123");
  }

  const policy = (purpose = "avatar", as = token) => uploadPolicy(h.app, as, purpose);

  async function upload(
    p: UploadPolicy,
    key: string,
    file: UploadedFile | null,
    overrides: Record<string, string> = {},
    as: string | null = token,
  ) {
    const fields = { ...policyFields(p, key, file?.type ?? ""), ...overrides };
    return postUpload(h.app, p.host, fields, file, as);
  }

  const storedKey = (reply: ReturnType<typeof parse>) => (reply.result as { key: string }).key;
  const storedBytes = async (key: string) => {
    const bytes = await h.database.storage.get(key);
    if (!bytes) throw new Error(`nothing stored at ${key}`);
    return bytes;
  };
  /** Every file under a storage folder, as keys. */
  const storedUnder = async (folder: string): Promise<string[]> => {
    const root = h.database.storage.root;
    const entries = await readdir(join(root, folder), { recursive: true, withFileTypes: true }).catch(
      () => [],
    );
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => relative(root, join(entry.parentPath, entry.name)));
  };
  /** When each used policy expires, in order. */
  const spentPolicies = async (): Promise<number[]> => {
    const rows = await h.database.canon.db
      .selectFrom("spent_upload_policy")
      .select(["policy_id", "expires_at"])
      .orderBy("expires_at")
      .execute();
    return rows.map((row) => row.expires_at);
  };

  it("hands out a policy only to a signed-in user, for their own folder", async () => {
    const anonymous = parse(
      await h.app.inject({ method: "GET", url: "/v1/oss/token", query: { oss_prefix: "avatar" } }),
    );
    expect(anonymous.statusCode).toBe(401);
    const p = await policy();
    expect(p.host).toBe("/v1/oss/upload");
    expect(p.dir).toMatch(/^avatar\/\d+\/$/);
    expect(p.expire * 1000).toBeGreaterThan(h.clock.now);
    expect((await policy()).policy).not.toBe(p.policy);
  });

  it("stores an avatar under a new name, shows it on the profile and serves it with nosniff", async () => {
    const p = await policy();
    const done = await upload(p, `${p.dir}face.png`, await asPng());
    expect(done).toMatchObject({ statusCode: 200, code: 0 });
    const key = storedKey(done);
    expect(key).toMatch(STORED_KEY);
    expect(key.startsWith(p.dir)).toBe(true);
    expect(done.result).toEqual({ key, url: `/storage/${key}` });
    expect(await storedUnder("avatar")).toEqual([key]);
    const set = await putAvatar(h.app, token, key);
    expect(set.code).toBe(0);
    const fresh = (set.result as { access_token: string }).access_token;
    const profile = parse(
      await h.app.inject({ method: "GET", url: "/v1/user/profile", headers: bearer(fresh) }),
    );
    expect((profile.result as { avatar: string }).avatar).toBe(`/storage/${key}`);
    const image = await h.app.inject({ method: "GET", url: `/storage/${key}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("stores a JPEG as .jpg, and every upload under its own name whatever key the form proposes", async () => {
    const keys: string[] = [];
    for (const proposed of ["face.jpg", "face.jpg", "../../index.html"]) {
      const p = await policy();
      const done = await upload(p, `${p.dir}${proposed}`, {
        bytes: await jpeg(),
        name: "f",
        type: "image/jpeg",
      });
      expect(done.code).toBe(0);
      keys.push(storedKey(done));
    }
    for (const key of keys) expect(key).toMatch(/^avatar\/\d+\/[0-9a-f]{32}\.jpg$/);
    expect(new Set(keys).size).toBe(3);
    expect((await storedUnder("avatar")).sort()).toEqual([...keys].sort());
  });

  it("accepts a policy once, only from its owner", async () => {
    const p = await policy();
    const file = await asPng();
    const anonymous = await upload(p, `${p.dir}a.png`, file, {}, null);
    expect(anonymous).toMatchObject({ statusCode: 401, code: 401 });
    const theirs = await upload(p, `${p.dir}a.png`, file, {}, await otherReader());
    expect(theirs).toMatchObject({ statusCode: 403, code: 403, msg: /another user/ });
    expect(await storedUnder("avatar")).toEqual([]);

    const first = await upload(p, `${p.dir}a.png`, file);
    expect(first.statusCode).toBe(200);
    const again = await upload(p, `${p.dir}b.png`, file);
    expect(again).toMatchObject({
      statusCode: 403,
      code: 403,
      msg: "the upload policy has already been used",
    });
    expect(again.result).toBeNull();
    expect(await storedUnder("avatar")).toEqual([storedKey(first)]);

    const q = await policy();
    const racing = await Promise.all([upload(q, `${q.dir}c.png`, file), upload(q, `${q.dir}d.png`, file)]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    expect(await storedUnder("avatar")).toHaveLength(2);
  });

  it("drops EXIF and applies its orientation", async () => {
    const bytes = await flat(16, 8)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "secret" } } })
      .toBuffer();
    expect(bytes.includes("secret")).toBe(true);
    const p = await policy();
    const done = await upload(p, `${p.dir}a.jpg`, { bytes, name: "a.jpg", type: "image/jpeg" });
    const stored = await storedBytes(storedKey(done));
    expect(stored.includes("secret")).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 8, height: 16 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it("stores a polyglot as the clean image alone", async () => {
    const tail = "<html><script>alert(document.cookie)</script></html>";
    const p = await policy();
    const done = await upload(
      p,
      `${p.dir}a.png`,
      await asPng(Buffer.concat([await png(), Buffer.from(tail)])),
    );
    const stored = await storedBytes(storedKey(done));
    expect(stored.includes("<html")).toBe(false);
    expect(stored.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(stored.subarray(-8, -4).toString("latin1")).toBe("IEND");
    expect(await sharp(stored).metadata()).toMatchObject({ format: "png", width: 16, height: 16 });

    const withComment = await jpeg();
    const comment = Buffer.from("<script>alert(1)</script>");
    const length = Buffer.alloc(2);
    length.writeUInt16BE(comment.length + 2);
    const commented = Buffer.concat([
      withComment.subarray(0, 2),
      Buffer.from([0xff, 0xfe]),
      length,
      comment,
      withComment.subarray(2),
    ]);
    const q = await policy();
    const jpegDone = await upload(q, `${q.dir}a.jpg`, {
      bytes: commented,
      name: "a.jpg",
      type: "image/jpeg",
    });
    expect(jpegDone.code).toBe(0);
    expect((await storedBytes(storedKey(jpegDone))).includes("<script")).toBe(false);
  });

  it("keeps an animated GIF animated", async () => {
    const frames = await Promise.all(
      ["#ff0000", "#00ff00", "#0000ff"].map((background) =>
        sharp({ create: { width: 8, height: 8, channels: 3, background } })
          .raw()
          .toBuffer(),
      ),
    );
    const gif = await sharp(Buffer.concat(frames), {
      raw: { width: 8, height: 24, channels: 3, pageHeight: 8 },
    })
      .gif({ delay: [100, 200, 300] })
      .toBuffer();
    const p = await policy("feedback");
    const done = await upload(p, `${p.dir}a.gif`, { bytes: gif, name: "a.gif", type: "image/gif" });
    const key = storedKey(done);
    expect(key).toMatch(/^feedback\/\d+\/[0-9a-f]{32}\.gif$/);
    expect(await sharp(await storedBytes(key)).metadata()).toMatchObject({
      format: "gif",
      pages: 3,
      delay: [100, 200, 300],
    });
  });

  it("refuses an image over 40 megapixels, stores nothing and leaves the policy unused", async () => {
    const p = await policy();
    const refused = await upload(p, `${p.dir}a.png`, await asPng(bigPng(7000)));
    expect(refused).toMatchObject({ statusCode: 400, code: 400, msg: /49000000 pixels, more than 40000000/ });
    expect(await storedUnder("avatar")).toEqual([]);
    expect((await upload(p, `${p.dir}a.png`, await asPng())).statusCode).toBe(200);
  });

  it("refuses forged, expired or out-of-bounds uploads and writes nothing", async () => {
    const p = await policy();
    const file = await asPng();
    const document = JSON.parse(Buffer.from(p.policy, "base64").toString("utf8"));
    document.conditions[1][2] = 50 * 1024 * 1024;
    const widened = Buffer.from(JSON.stringify(document)).toString("base64");
    const padded = (size: number) => ({ ...file, bytes: Buffer.concat([file.bytes, Buffer.alloc(size)]) });
    const cases: [string, () => Promise<ReturnType<typeof parse>>, number, RegExp][] = [
      ["bad signature", () => upload(p, `${p.dir}a.png`, file, { signature: "AAAA" }), 403, /policy/],
      ["widened policy", () => upload(p, `${p.dir}a.png`, file, { policy: widened }), 403, /policy/],
      ["other access id", () => upload(p, `${p.dir}a.png`, file, { OSSAccessKeyId: "x" }), 403, /policy/],
      ["other folder", () => upload(p, "avatar/999/a.png", file), 403, /must start with avatar\/\d+\//],
      ["over 2 MB", () => upload(p, `${p.dir}a.png`, padded(2 * 1024 * 1024)), 400, /1 to 2097152 bytes/],
      ["over any limit", () => upload(p, `${p.dir}a.png`, padded(6 * 1024 * 1024)), 400, /larger than/],
      ["wrong type", () => upload(p, `${p.dir}a.gif`, { ...file, type: "image/gif" }), 400, /image\/gif/],
      [
        "not an image",
        () => upload(p, `${p.dir}a.png`, { ...file, bytes: Buffer.from("<svg onload=alert(1)>") }),
        400,
        /not an image of type image\/png/,
      ],
      [
        "JPEG sent as PNG",
        async () => upload(p, `${p.dir}a.png`, { ...file, bytes: await jpeg() }),
        400,
        /not an image/,
      ],
      [
        "truncated PNG",
        () => upload(p, `${p.dir}a.png`, { ...file, bytes: file.bytes.subarray(0, file.bytes.length - 20) }),
        400,
        /not a readable png image/,
      ],
      ["no file", () => upload(p, `${p.dir}a.png`, null, { "Content-Type": "image/png" }), 400, /no file/],
    ];
    for (const [label, attempt, status, msg] of cases) {
      const reply = await attempt();
      expect(reply.statusCode, label).toBe(status);
      expect(reply.msg, label).toMatch(msg);
    }
    h.clock.now += 11 * 60 * 1000;
    const late = await upload(p, `${p.dir}late.png`, file);
    expect(late).toMatchObject({ statusCode: 403, msg: "the upload policy has expired" });
    expect(await storedUnder("avatar")).toEqual([]);
    expect(await spentPolicies()).toEqual([]);
  });

  it("forgets used policies once expired, purging at most once a minute", async () => {
    const file = await asPng();
    const send = async () => {
      const p = await policy();
      expect((await upload(p, `${p.dir}a.png`, file)).statusCode).toBe(200);
      return p.expire * 1000;
    };
    const first = await send();
    expect(await spentPolicies()).toEqual([first]);
    h.clock.now = first - 30_000;
    const second = await send();
    h.clock.now = first + 10_000;
    const third = await send();
    expect(await spentPolicies()).toEqual([first, second, third]);
    h.clock.now = first + 40_000;
    const fourth = await send();
    expect(await spentPolicies()).toEqual([second, third, fourth]);
  });

  it("sets as avatar only an existing upload of the user's own", async () => {
    const otherToken = await otherReader();
    const p = await policy("avatar", otherToken);
    const theirKey = storedKey(await upload(p, `${p.dir}theirs.png`, await asPng(), {}, otherToken));
    const theirs = await putAvatar(h.app, token, theirKey);
    expect(theirs.statusCode).toBe(400);
    const mine = await policy();
    const missing = await putAvatar(h.app, token, `${mine.dir}none.png`);
    expect(missing.statusCode).toBe(400);
  });
});
