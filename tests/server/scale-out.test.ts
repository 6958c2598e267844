/**
 * The scaled-out shape: two server processes (server/main.ts, each its own operating-system
 * process) on one PostgreSQL database and one S3-compatible store, behind HAProxy running the
 * repository's deploy/haproxy.cfg. Everything one process keeps that another must see lives in
 * the database or the store.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { canonDatabase, type TestDatabase, testDialects } from "../support/databases.ts";
import { importEditedHeart } from "../support/edited-heart.ts";
import { type Haproxy, haproxyAvailable, startHaproxy } from "../support/haproxy.ts";
import { type LocalS3, startLocalS3 } from "../support/s3-server.ts";
import { type ServerProcess, startServerProcess } from "../support/server-process.ts";

const RATE_LIMIT = 6;
const BUCKET = "scale-out";
const ADMIN = { username: "scaleadmin", password: "scale-admin-pass1" };

type Reply = { code: number; msg: string; result: unknown };

async function call(
  base: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; reply: Reply }> {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, reply: (await response.json()) as Reply };
}

describe.runIf(testDialects().includes("postgres"))(
  "two server processes behind HAProxy on PostgreSQL and S3",
  () => {
    let database: TestDatabase;
    let s3: LocalS3;
    let a: ServerProcess;
    let b: ServerProcess;
    let proxy: Haproxy;
    let corpusCopy: string;

    beforeAll(async () => {
      if (!haproxyAvailable()) throw new Error("HAProxy not found: install Debian's haproxy package");
      database = await canonDatabase("postgres");
      if (database.canon.config.kind !== "postgres") throw new Error("expected a PostgreSQL database");
      s3 = await startLocalS3();
      await s3.createBucket(BUCKET);
      const env = {
        DATABASE_URL: database.canon.config.url,
        STORAGE_URL: `s3://${BUCKET}?endpoint=${s3.endpoint}&region=us-east-1`,
        AWS_ACCESS_KEY_ID: "S3RVER",
        AWS_SECRET_ACCESS_KEY: "S3RVER",
        JWT_SECRET: "the-shared-key-of-every-process-0123456789",
        TRUST_PROXY: "127.0.0.1",
        AUTH_RATE_LIMIT: String(RATE_LIMIT),
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: "warn",
        WEB_DIST_DIR: join(inject("workDir"), "no-web-app"),
        CANON_DIR: join(inject("workDir"), "no-canon"),
        FONT_SUBSET_WORKERS: "1",
      };
      // Started together, they take turns through the start-up work (migrations, the administrator).
      [a, b] = await Promise.all([startServerProcess({ env }), startServerProcess({ env })]);
      proxy = await startHaproxy([a.port, b.port]);
      corpusCopy = mkdtempSync(join(inject("workDir"), "scale-out-corpus-"));
    });

    afterAll(async () => {
      await proxy?.stop();
      await Promise.all([a?.stop(), b?.stop()]);
      await s3?.close();
      await database?.dispose();
      if (corpusCopy) rmSync(corpusCopy, { recursive: true, force: true });
    });

    const signIn = async (base: string, forwardedFor: string): Promise<string> => {
      const { reply } = await call(base, "/v1/login", {
        body: ADMIN,
        headers: { "x-forwarded-for": forwardedFor },
      });
      expect(reply.code, reply.msg).toBe(0);
      return (reply.result as { access_token: string }).access_token;
    };
    const groupNames = async (base: string, token: string): Promise<string[]> => {
      const { reply } = await call(base, "/v1/tripitaka/TS/sutra_group/all", { token });
      return (reply.result as { name: string }[]).map((group) => group.name);
    };

    it("serves through HAProxy, whose health checks reach both processes", async () => {
      const { status, reply } = await call(proxy.url, "/v1/tripitaka/all");
      expect(status).toBe(200);
      expect(reply.code).toBe(0);
    });

    it("signs in on one process and writes through the other", async () => {
      const token = await signIn(a.url, "198.51.100.1");
      const created = await call(b.url, "/v1/tripitaka/TS/sutra_group", { body: { name: "跨進程" }, token });
      expect(created.reply.code, created.reply.msg).toBe(0);
      expect(await groupNames(a.url, token)).toContain("跨進程");
    });

    it("applies an idempotent write retried on the other process once", async () => {
      const token = await signIn(b.url, "198.51.100.2");
      const headers = { "idempotency-key": "scale-out-retry-1" };
      const first = await call(a.url, "/v1/tripitaka/TS/sutra_group", {
        body: { name: "重送" },
        token,
        headers,
      });
      const retried = await call(b.url, "/v1/tripitaka/TS/sutra_group", {
        body: { name: "重送" },
        token,
        headers,
      });
      expect(first.reply.code, first.reply.msg).toBe(0);
      expect(retried.reply).toEqual(first.reply);
      expect((await groupNames(a.url, token)).filter((name) => name === "重送")).toHaveLength(1);
      // Without the key the same write is a new request, refused as a duplicate name.
      const again = await call(b.url, "/v1/tripitaka/TS/sutra_group", { body: { name: "重送" }, token });
      expect(again.reply.code).not.toBe(0);
    });

    it("answers a captcha made by one process on the other", async () => {
      const client = { "x-forwarded-for": "198.51.100.3" };
      const made = await call(a.url, "/v1/user/captcha", { method: "POST", headers: client });
      const identifier = (made.reply.result as { identifier: string }).identifier;
      const askCode = (base: string) =>
        call(
          base,
          `/v1/user/phone_code?${new URLSearchParams({ receiver: "someone@example.org", scene: "register", captcha: "ZZZZ", identifier })}`,
          { method: "POST", headers: client },
        );
      // 505: B found the captcha A stored and the answer wrong, which uses it up for both.
      expect((await askCode(b.url)).reply.code).toBe(505);
      expect((await askCode(a.url)).reply.code).toBe(506);
    });

    it("keeps a font subset made by one process in the store for the other", async () => {
      const path = `/v1/tripitaka/TS/char/dynamic_font?font_name=rare-chars&chars=${encodeURIComponent("般若\u{E000}")}`;
      const cached = async () =>
        (await s3.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: "fonts/" }))).Contents?.map(
          (object) => object.Key,
        ) ?? [];
      const fromA = await fetch(`${a.url}${path}`);
      expect(fromA.status).toBe(200);
      const bytesA = Buffer.from(await fromA.arrayBuffer());
      const stored = await cached();
      expect(stored.length).toBeGreaterThan(0);
      const fromB = await fetch(`${b.url}${path}`);
      expect(fromB.status).toBe(200);
      expect(Buffer.from(await fromB.arrayBuffer()).equals(bytesA)).toBe(true);
      expect(await cached()).toEqual(stored);
    });

    it("shows a re-import in both processes' searches", async () => {
      const search = async (base: string, keyword: string) => {
        const { reply } = await call(base, "/v1/tripitaka/TS/search", {
          body: { keyword, search_mode: "exact", page_size: 20 },
        });
        expect(reply.code, reply.msg).toBe(0);
        return (reply.result as { list: { reel_uid: string }[] }).list.map((item) => item.reel_uid);
      };
      for (const server of [a, b]) {
        expect(await search(server.url, "觀自在菩薩")).toContain("TS0251_1");
        expect(await search(server.url, "觀世音大士")).toEqual([]);
      }
      const report = await importEditedHeart({
        canon: database.canon,
        storage: database.storage,
        folder: corpusCopy,
        from: "觀自在菩薩",
        to: "觀世音大士",
      });
      expect(report).toMatchObject({ sutras: 1, failures: [] });
      for (const server of [a, b]) {
        await expect.poll(() => search(server.url, "觀世音大士"), { timeout: 10_000 }).toEqual(["TS0251_1"]);
        expect(await search(server.url, "觀自在菩薩")).not.toContain("TS0251_1");
      }
    });

    it("counts rate limits across the processes, by the address HAProxy forwards", async () => {
      const client = { "x-forwarded-for": "203.0.113.7" };
      const ask = (base: string) =>
        call(base, "/v1/is_show_captcha", { body: { username: "someone" }, headers: client });
      for (let i = 0; i < RATE_LIMIT; i++) expect((await ask(i % 2 === 0 ? a.url : b.url)).status).toBe(200);
      expect((await ask(a.url)).status).toBe(429);
      expect((await ask(b.url)).status).toBe(429);

      // Through HAProxy a client's own X-Forwarded-For is dropped: every request here comes from
      // 127.0.0.1, spread over both processes and counted once.
      const throughProxy = () =>
        call(proxy.url, "/v1/is_show_captcha", {
          body: { username: "someone" },
          headers: { "x-forwarded-for": "203.0.113.99" },
        });
      for (let i = 0; i < RATE_LIMIT; i++) expect((await throughProxy()).status).toBe(200);
      expect((await throughProxy()).status).toBe(429);
      const direct = await call(a.url, "/v1/is_show_captcha", {
        body: { username: "someone" },
        headers: { "x-forwarded-for": "127.0.0.1" },
      });
      expect(direct.status).toBe(429);
    });
  },
);
