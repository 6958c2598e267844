import { readdir } from "node:fs/promises";
import { join, relative } from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { UploadPolicy } from "../../contract/uploads.ts";
import { testDialects } from "../support/databases.ts";
import { type AuthHarness, accessToken, bearer, parse, registerUser, startAuthApp } from "./auth-setup.ts";

const png = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: "#987444" } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: "#987444" } })
    .jpeg()
    .toBuffer();

async function multipart(
  fields: Record<string, string>,
  file: { bytes: Buffer; name: string; type: string } | null,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const request = new Request("http://local/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type") ?? "" },
  };
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

  async function policy(purpose = "avatar", as = token): Promise<UploadPolicy> {
    const reply = parse(
      await h.app.inject({
        method: "GET",
        url: "/v1/oss/token",
        query: { oss_prefix: purpose },
        headers: bearer(as),
      }),
    );
    expect(reply.code).toBe(0);
    return reply.result as UploadPolicy;
  }

  async function upload(
    p: UploadPolicy,
    key: string,
    file: { bytes: Buffer; name: string; type: string } | null,
    overrides: Record<string, string> = {},
  ) {
    const body = await multipart(
      {
        key,
        policy: p.policy,
        OSSAccessKeyId: p.accessid,
        signature: p.signature,
        "Content-Type": file?.type ?? "",
        ...overrides,
      },
      file,
    );
    return parse(await h.app.inject({ method: "POST", url: p.host, ...body }));
  }

  const stored = (key: string) => h.database.storage.exists(key);
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

  it("hands out a policy only to a signed-in user, for their own folder", async () => {
    const anonymous = parse(
      await h.app.inject({ method: "GET", url: "/v1/oss/token", query: { oss_prefix: "avatar" } }),
    );
    expect(anonymous.statusCode).toBe(401);
    const p = await policy();
    expect(p.host).toBe("/v1/oss/upload");
    expect(p.dir).toMatch(/^avatar\/\d+\/$/);
    expect(p.expire * 1000).toBeGreaterThan(h.clock.now);
  });

  it("stores an uploaded avatar and shows it on the profile", async () => {
    const p = await policy();
    const key = `${p.dir}face.png`;
    const done = await upload(p, key, { bytes: await png(), name: "face.png", type: "image/png" });
    expect(done).toMatchObject({ statusCode: 200, code: 0, result: { key } });
    expect(await stored(key)).toBe(true);
    expect(await storedUnder("avatar")).toEqual([key]);
    const set = parse(
      await h.app.inject({
        method: "PUT",
        url: "/v1/user/avatar",
        query: { avatar: key },
        headers: bearer(token),
      }),
    );
    expect(set.code).toBe(0);
    const fresh = (set.result as { access_token: string }).access_token;
    const profile = parse(
      await h.app.inject({ method: "GET", url: "/v1/user/profile", headers: bearer(fresh) }),
    );
    expect((profile.result as { avatar: string }).avatar).toBe(`/storage/${key}`);
    const image = await h.app.inject({ method: "GET", url: `/storage/${key}` });
    expect(image.statusCode).toBe(200);
  });

  it("accepts a JPEG under a .jpg key", async () => {
    const p = await policy();
    const done = await upload(p, `${p.dir}face.jpg`, {
      bytes: await jpeg(),
      name: "face.jpg",
      type: "image/jpeg",
    });
    expect(done.code).toBe(0);
  });

  it("refuses forged, expired or out-of-bounds uploads and writes nothing", async () => {
    const p = await policy();
    const file = { bytes: await png(), name: "a.png", type: "image/png" };
    const document = JSON.parse(Buffer.from(p.policy, "base64").toString("utf8"));
    document.conditions[1][2] = 50 * 1024 * 1024;
    const widened = Buffer.from(JSON.stringify(document)).toString("base64");
    const padded = (size: number) => ({ ...file, bytes: Buffer.concat([file.bytes, Buffer.alloc(size)]) });
    const cases: [string, () => Promise<ReturnType<typeof parse>>, number, RegExp][] = [
      ["bad signature", () => upload(p, `${p.dir}a.png`, file, { signature: "AAAA" }), 403, /policy/],
      ["widened policy", () => upload(p, `${p.dir}a.png`, file, { policy: widened }), 403, /policy/],
      ["other access id", () => upload(p, `${p.dir}a.png`, file, { OSSAccessKeyId: "x" }), 403, /policy/],
      ["other folder", () => upload(p, "avatar/999/a.png", file), 403, /must start with avatar\/\d+\//],
      ["path escape", () => upload(p, `${p.dir}../x.png`, file), 400, /not a valid object key/],
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
      ["wrong extension", () => upload(p, `${p.dir}a.exe`, file), 400, /must end in \.png/],
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
  });

  it("sets as avatar only an existing upload of the user's own", async () => {
    await registerUser(h, { username: "other", contact: "other@example.org", password: "abc123" });
    const otherToken = await accessToken(h, "other", "abc123");
    const p = await policy("avatar", otherToken);
    await upload(p, `${p.dir}theirs.png`, { bytes: await png(), name: "theirs.png", type: "image/png" });
    const theirs = parse(
      await h.app.inject({
        method: "PUT",
        url: "/v1/user/avatar",
        query: { avatar: `${p.dir}theirs.png` },
        headers: bearer(token),
      }),
    );
    expect(theirs.statusCode).toBe(400);
    const mine = await policy();
    const missing = parse(
      await h.app.inject({
        method: "PUT",
        url: "/v1/user/avatar",
        query: { avatar: `${mine.dir}none.png` },
        headers: bearer(token),
      }),
    );
    expect(missing.statusCode).toBe(400);
  });
});
