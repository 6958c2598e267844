/**
 * Two apps on one database, each with its own connection, as two server processes behind a load
 * balancer are: rate limits, captchas, idempotency keys, the search caches and the font subsets
 * must behave as on one process.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from "../../contract/idempotency.ts";
import type { SearchResult } from "../../contract/search.ts";
import { type App, type AppDeps, buildApp } from "../../server/app.ts";
import { type CanonDb, openDatabase } from "../../server/db/connect.ts";
import { localStorage } from "../../server/storage/local.ts";
import { canonDatabase, type TestDatabase, testDialects } from "../support/databases.ts";
import { importEditedHeart } from "../support/edited-heart.ts";
import {
  type AuthHarness,
  accessToken,
  bearer,
  CAPTCHA_ANSWER,
  newCaptcha,
  parse,
  registerUser,
  TEST_JWT_SECRET,
} from "./auth-setup.ts";

const LIMIT = 6;
const FONT_FILES = [
  "/usr/share/fonts/truetype/babelstone/BabelStoneHan.ttf",
  "/usr/share/fonts/truetype/hanazono/HanaMinA.ttf",
  "/usr/share/fonts/truetype/hanazono/HanaMinB.ttf",
];

describe.each(testDialects())("two apps on one database on %s", (dialect) => {
  let database: TestDatabase;
  let second: CanonDb;
  let a: App;
  let b: App;
  let h: AuthHarness;
  let storageDir: string;
  let corpusCopy: string;
  const clock = { now: Date.UTC(2026, 0, 1) };

  beforeAll(async () => {
    database = await canonDatabase(dialect);
    second = openDatabase(database.canon.config);
    storageDir = mkdtempSync(join(inject("workDir"), "multi-process-"));
    corpusCopy = mkdtempSync(join(inject("workDir"), "multi-process-corpus-"));
    const storage = localStorage(storageDir);
    const deps = (canon: CanonDb): AppDeps => ({
      canon,
      storage,
      fontFiles: FONT_FILES,
      logLevel: "silent",
      fonts: { subsetWorkers: 1 },
      auth: {
        jwtSecret: TEST_JWT_SECRET,
        now: () => clock.now,
        random: () => 0,
        rateLimit: { max: LIMIT, timeWindowMs: 60_000 },
      },
      // Trusted for an hour: on PostgreSQL only a notice makes B see A's change in time.
      caches: { trustMs: 3_600_000, reconnectMs: 100 },
    });
    a = await buildApp(deps(database.canon));
    b = await buildApp(deps(second));
    h = { app: a, database, clock, close: async () => undefined };
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await second?.close();
    await database?.dispose();
    rmSync(storageDir, { recursive: true, force: true });
    rmSync(corpusCopy, { recursive: true, force: true });
  });

  it("counts a client's requests to both apps against one limit", async () => {
    const ask = (app: App, remoteAddress: string) =>
      app.inject({
        method: "POST",
        url: "/v1/is_show_captcha",
        payload: { username: "someone" },
        remoteAddress,
      });
    for (let i = 0; i < LIMIT; i++) {
      const reply = await ask(i % 2 === 0 ? a : b, "198.51.100.7");
      expect(reply.statusCode).toBe(200);
      expect(reply.headers["x-ratelimit-remaining"]).toBe(String(LIMIT - 1 - i));
    }
    expect((await ask(a, "198.51.100.7")).statusCode).toBe(429);
    expect((await ask(b, "198.51.100.7")).statusCode).toBe(429);
    expect((await ask(b, "198.51.100.8")).statusCode).toBe(200);

    clock.now += 60_000;
    expect((await ask(b, "198.51.100.7")).statusCode).toBe(200);
    const stored = await database.canon.db
      .selectFrom("rate_limit_hit")
      .select(["route", "key", "hits"])
      .where("key", "=", "198.51.100.7")
      .execute();
    expect(stored).toEqual([{ route: "POST/v1/is_show_captcha", key: "198.51.100.7", hits: 1 }]);
  });

  it("answers a captcha made by one app on the other, once", async () => {
    const identifier = await newCaptcha(a);
    const query = { receiver: "captcha@example.org", scene: "register", captcha: CAPTCHA_ANSWER, identifier };
    const answered = parse(await b.inject({ method: "POST", url: "/v1/user/phone_code", query }));
    expect(answered).toMatchObject({ statusCode: 200, code: 0 });
    clock.now += 61_000;
    const again = parse(await a.inject({ method: "POST", url: "/v1/user/phone_code", query }));
    expect(again.code).toBe(506);
  });

  it("applies an idempotent write sent to one app and retried on the other once", async () => {
    await registerUser(h, { username: "multi_1", contact: "multi@example.org", password: "abc123" });
    const token = await accessToken(h, "multi_1", "abc123");
    const write = (app: App) =>
      app.inject({
        method: "POST",
        url: "/v1/tripitaka/TS/sutra_group",
        headers: { ...bearer(token), [IDEMPOTENCY_HEADER]: "multi-process-1" },
        payload: { name: "兩處" },
      });
    const first = await write(a);
    expect(parse(first).code).toBe(0);
    const retried = await write(b);
    expect(retried.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe("true");
    expect(retried.json()).toEqual(first.json());
    const groups = await second.db
      .selectFrom("sutra_group")
      .select("name")
      .where("name", "=", "兩處")
      .execute();
    expect(groups).toHaveLength(1);
  });

  const search = async (app: App, keyword: string) => {
    const reply = await app.inject({
      method: "POST",
      url: "/v1/tripitaka/TS/search",
      payload: { keyword, search_mode: "exact", page_size: 100 },
    });
    expect(reply.statusCode).toBe(200);
    return (reply.json() as { result: SearchResult }).result.list.map((item) => item.reel_uid);
  };
  /** Imports the heart sutra again through app A's connection, with `from` written as `to`. */
  const reimportHeart = async (from: string, to: string) => {
    const report = await importEditedHeart({
      canon: database.canon,
      storage: localStorage(storageDir),
      folder: corpusCopy,
      from,
      to,
    });
    expect(report).toMatchObject({ sutras: 1, failures: [] });
  };
  const topic = "search_tripitaka:TS";

  it("shows a re-import made through one app in the other's next search", async () => {
    expect(await search(b, "觀自在菩薩")).toContain("TS0251_1");
    expect(await search(b, "觀世音大士")).toEqual([]);
    const heard = b.cacheInvalidation.received(topic);
    expect(b.cacheInvalidation.listening()).toBe(dialect === "postgres");

    await reimportHeart("觀自在菩薩", "觀世音大士");
    if (dialect === "postgres")
      await expect.poll(() => b.cacheInvalidation.received(topic), { timeout: 5_000 }).toBeGreaterThan(heard);
    else expect(b.cacheInvalidation.received(topic)).toBe(0);
    for (const app of [b, a]) {
      expect(await search(app, "觀世音大士")).toEqual(["TS0251_1"]);
      expect(await search(app, "觀自在菩薩")).not.toContain("TS0251_1");
    }
  });

  it.runIf(dialect === "postgres")("checks the stamps while the listening connection is lost", async () => {
    expect(await search(b, "觀世音大士")).toEqual(["TS0251_1"]);
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE application_name = 'canon-cache-invalidation' AND datname = current_database()`.execute(
      second.db,
    );
    await expect.poll(() => b.cacheInvalidation.listening(), { timeout: 5_000 }).toBe(false);

    await reimportHeart("觀自在菩薩", "觀自在菩薩");
    expect(await search(b, "觀自在菩薩")).toContain("TS0251_1");
    expect(await search(b, "觀世音大士")).toEqual([]);
    await expect.poll(() => b.cacheInvalidation.listening(), { timeout: 5_000 }).toBe(true);
    await expect.poll(() => a.cacheInvalidation.listening(), { timeout: 5_000 }).toBe(true);
  });

  it("finds a font subset that one app built in storage from the other, without building it again", async () => {
    const url = `/v1/tripitaka/TS/char/dynamic_font?font_name=rare-chars&chars=${encodeURIComponent("舍利子色")}`;
    const built = await a.inject({ method: "GET", url });
    expect(built.statusCode).toBe(200);
    expect(a.fontSubsetPool.started).toBe(1);
    const found = await b.inject({ method: "GET", url });
    expect(found.statusCode).toBe(200);
    expect(found.rawPayload.equals(built.rawPayload)).toBe(true);
    expect(b.fontSubsetPool.started).toBe(0);
  });
});
