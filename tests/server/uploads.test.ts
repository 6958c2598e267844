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
    const cases: [string, () => Promise<ReturnType<typeof parse>>][] = [
      ["bad signature", () => upload(p, `${p.dir}a.png`, file, { signature: "AAAA" })],
      ["other folder", () => upload(p, "avatar/999/a.png", file)],
      ["path escape", () => upload(p, `${p.dir}../x.png`, file)],
      [
        "too large",
        () =>
          upload(p, `${p.dir}a.png`, {
            ...file,
            bytes: Buffer.concat([file.bytes, Buffer.alloc(2 * 1024 * 1024)]),
          }),
      ],
      ["wrong type", () => upload(p, `${p.dir}a.gif`, { ...file, type: "image/gif" })],
      [
        "not an image",
        () => upload(p, `${p.dir}a.png`, { ...file, bytes: Buffer.from("<svg onload=alert(1)>") }),
      ],
      ["wrong extension", () => upload(p, `${p.dir}a.exe`, file)],
      ["no file", () => upload(p, `${p.dir}a.png`, null, { "Content-Type": "image/png" })],
    ];
    for (const [label, attempt] of cases) {
      const reply = await attempt();
      expect([400, 403], label).toContain(reply.statusCode);
    }
    h.clock.now += 11 * 60 * 1000;
    expect((await upload(p, `${p.dir}late.png`, file)).statusCode).toBe(403);
    for (const key of ["a.png", "a.gif", "a.exe", "late.png"])
      expect(await stored(`${p.dir}${key}`)).toBe(false);
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
