import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDEMPOTENCY_KEY_TTL_MS } from "../../contract/idempotency.ts";
import type { SutraGroup, UserOp } from "../../contract/personal.ts";
import { USER_DATA_TABLES } from "../../server/backup/site-database.ts";
import { PENDING_TIMEOUT_MS } from "../../server/plugins/idempotency.ts";
import { requestFingerprint } from "../../server/plugins/idempotency-store.ts";
import { testDialects } from "../support/databases.ts";
import { type AuthHarness, accessToken, bearer, parse, registerUser, startAuthApp } from "./auth-setup.ts";
import {
  type CaseContext,
  EXPECTED_EXCLUDED,
  routesOf,
  WRITE_CASES,
  type WriteRequest,
} from "./idempotency-cases.ts";

/** Everything a write route of the app can change, rows sorted, so two snapshots compare equal. */
const WATCHED_TABLES = [
  ...USER_DATA_TABLES,
  "refresh_token",
  "verification_code",
  "captcha",
  "outbox",
  "oplog",
  "message",
  "application",
  "application_log",
  "articles",
] as const;

describe.each(testDialects())("Idempotency-Key on %s", (dialect) => {
  let h: AuthHarness;
  let token: string;
  let tokenB: string;
  let ctx: CaseContext;
  let readers = 0;

  beforeAll(async () => {
    h = await startAuthApp(dialect, {}, { withCanon: true });
    await registerUser(h, { username: "reader_a", contact: "a@example.org", password: "abc123" });
    await registerUser(h, { username: "reader_b", contact: "b@example.org", password: "abc123" });
    token = await accessToken(h, "reader_a", "abc123");
    tokenB = await accessToken(h, "reader_b", "abc123");
    const list = parse(
      await h.app.inject({ method: "POST", url: "/v1/tripitaka/JS/sutra/list", payload: {} }),
    );
    const sutras = (list.result as { list: { uid: string; reel_uids: [string, string][] }[] }).list;
    const reelUid = sutras[0]?.reel_uids[0]?.[0] ?? "";
    const reel = parse(await h.app.inject({ method: "GET", url: `/v1/reel/${reelUid}` })).result as {
      sutra_uid: string;
      pages: { lines: { cid: string }[] }[];
    };
    ctx = {
      h,
      token,
      sutraUids: sutras.map((s) => s.uid),
      reelUid,
      feedbackBody: {
        question_type: "content_error",
        source: "by_reel",
        sutra_uid: reel.sutra_uid,
        reel_uid: reelUid,
        cids: reel.pages.flatMap((p) => p.lines.map((l) => l.cid)).slice(0, 2),
        origin_text: "如是我聞",
        suggestion: "校勘",
      },
      async newReader() {
        const n = readers++;
        const reader = { username: `reader_${n}x`, contact: `r${n}@example.org`, password: "abc123" };
        await registerUser(h, reader);
        return { ...reader, token: await accessToken(h, reader.username, reader.password) };
      },
    };
  });
  afterAll(async () => {
    await h.close();
  });

  const send = (request: WriteRequest, key?: string): Promise<LightMyRequestResponse> =>
    h.app.inject({ ...request, headers: { ...request.headers, ...(key ? { "idempotency-key": key } : {}) } });

  async function snapshot(): Promise<Record<string, string[]>> {
    // Tracking events reach the oplog table with the writer's next batch.
    await h.app.oplogWriter.flush();
    const out: Record<string, string[]> = {};
    for (const table of WATCHED_TABLES) {
      const rows = await h.database.canon.db.selectFrom(table).selectAll().execute();
      out[table] = rows.map((row) => JSON.stringify(row)).sort();
    }
    return out;
  }

  const groupsOf = async (as: string): Promise<SutraGroup[]> =>
    parse(await h.app.inject({ method: "GET", url: "/v1/tripitaka/JS/sutra_group/all", headers: bearer(as) }))
      .result as SutraGroup[];
  const recentReads = async (as: string): Promise<UserOp[]> =>
    (
      parse(await h.app.inject({ method: "GET", url: "/v1/JS/recent_read", headers: bearer(as) })).result as {
        list: UserOp[];
      }
    ).list;
  const createGroup = (name: string, as = token): WriteRequest => ({
    method: "POST",
    url: "/v1/tripitaka/JS/sutra_group",
    headers: bearer(as),
    payload: { name },
  });
  const readReel = (): WriteRequest => ({
    method: "POST",
    url: "/v1/JS/user_op",
    headers: bearer(token),
    payload: { op_type: "reel_read", context: { reel_uid: ctx.reelUid, reel_uids: [ctx.reelUid] } },
  });

  it("covers every /v1 write route the app registers, or excludes it by name, and documents the header", async () => {
    const writes = routesOf(h.app.printRoutes({ commonPrefix: false })).filter((r) =>
      /^(POST|PUT|PATCH|DELETE) \/v1\//.test(r),
    );
    expect(new Set(writes)).toEqual(new Set([...Object.keys(WRITE_CASES), ...EXPECTED_EXCLUDED]));
    const paths = h.app.swagger().paths ?? {};
    const documented = (route: string): boolean => {
      const [method = "", path = ""] = route.split(" ");
      const operation = paths[path.replace(/:(\w+)/g, "{$1}")]?.[method.toLowerCase() as "post"];
      const header = (operation?.parameters ?? []).some(
        (p) => "in" in p && p.in === "header" && p.name === "idempotency-key",
      );
      return (
        header && operation?.responses?.["409"] !== undefined && operation.responses["422"] !== undefined
      );
    };
    expect(Object.keys(WRITE_CASES).filter((r) => !documented(r))).toEqual([]);
    expect(EXPECTED_EXCLUDED.filter(documented)).toEqual([]);
  });

  for (const route of Object.keys(WRITE_CASES)) {
    it(`replays ${route} sent again with the same key, without running it again`, async () => {
      const prepare = WRITE_CASES[route];
      if (!prepare) throw new Error(route);
      const request = await prepare(ctx);
      const key = randomUUID();
      const before = await snapshot();
      const first = await send(request, key);
      expect({ status: first.statusCode, body: first.json() }).toMatchObject({
        status: 200,
        body: { code: 0 },
      });
      expect(first.headers["idempotent-replayed"]).toBeUndefined();
      const afterFirst = await snapshot();
      expect(afterFirst).not.toEqual(before);

      h.clock.now += 1000;
      const second = await send(request, key);
      expect(second.headers["idempotent-replayed"]).toBe("true");
      expect(second.statusCode).toBe(first.statusCode);
      expect(second.body).toBe(first.body);
      expect(await snapshot()).toEqual(afterFirst);
    });
  }

  it("creates one group when the create is sent twice", async () => {
    const key = randomUUID();
    const first = parse(await send(createGroup("早课"), key));
    const second = parse(await send(createGroup("早课"), key));
    expect(first).toMatchObject({ statusCode: 200, code: 0 });
    expect(second).toEqual(first);
    expect((await groupsOf(token)).filter((g) => g.name === "早课")).toHaveLength(1);
    expect(parse(await send(createGroup("早课"))).statusCode).toBe(400);
  });

  it("records one recent read, at the time of the first send, when it is sent twice", async () => {
    const key = randomUUID();
    h.clock.now += 60_000;
    const readAt = h.clock.now;
    expect(parse(await send(readReel(), key)).code).toBe(0);
    h.clock.now += 60_000;
    expect(parse(await send(readReel(), key)).code).toBe(0);
    const reads = (await recentReads(token)).filter((r) => r.context.reel_uid === ctx.reelUid);
    expect(reads.map((r) => r.create_time)).toEqual([readAt]);
  });

  it("applies two copies sent at once once: one answers, the other answers the same or 409", async () => {
    const key = randomUUID();
    const replies = await Promise.all([send(createGroup("并发"), key), send(createGroup("并发"), key)]);
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([200, 409]).toContain(statuses[1]);
    const conflict = replies.find((r) => r.statusCode === 409);
    if (conflict) expect(conflict.json()).toMatchObject({ code: 409, result: null });
    else expect(replies.filter((r) => r.headers["idempotent-replayed"] === "true")).toHaveLength(1);
    expect((await groupsOf(token)).filter((g) => g.name === "并发")).toHaveLength(1);
    expect(parse(await send(createGroup("并发"), key))).toMatchObject({ statusCode: 200, code: 0 });
  });

  it("answers 422 to a key sent again with another body or on another route, and applies nothing", async () => {
    const key = randomUUID();
    expect(parse(await send(createGroup("晚课"), key)).code).toBe(0);
    const before = await snapshot();
    expect(parse(await send(createGroup("另一组"), key))).toMatchObject({ statusCode: 422, code: 422 });
    expect(parse(await send(readReel(), key))).toMatchObject({ statusCode: 422, code: 422 });
    expect(await snapshot()).toEqual(before);
  });

  it("answers 409 while a request with the key is still running, and frees a key its request abandoned", async () => {
    const key = randomUUID();
    const request = createGroup("悬而未决");
    const user = parse(await h.app.inject({ method: "GET", url: "/v1/user/profile", headers: bearer(token) }))
      .result as { _id: number };
    await h.database.canon.db
      .insertInto("idempotency_record")
      .values({
        scope: `user:${user._id}`,
        key,
        method: "POST",
        path: "/v1/tripitaka/JS/sutra_group",
        fingerprint: requestFingerprint("POST", "/v1/tripitaka/JS/sutra_group", {}, { name: "悬而未决" }),
        state: "pending",
        status_code: null,
        response_body: null,
        created_at: h.clock.now,
      })
      .execute();
    expect(parse(await send(request, key))).toMatchObject({ statusCode: 409, code: 409 });
    expect((await groupsOf(token)).some((g) => g.name === "悬而未决")).toBe(false);
    h.clock.now += PENDING_TIMEOUT_MS + 1;
    expect(parse(await send(request, key))).toMatchObject({ statusCode: 200, code: 0 });
    expect((await send(request, key)).headers["idempotent-replayed"]).toBe("true");
    expect((await groupsOf(token)).filter((g) => g.name === "悬而未决")).toHaveLength(1);
  });

  it("refuses a malformed key with 400 and accepts 1 to 128 characters of [A-Za-z0-9_-:.]", async () => {
    const before = await snapshot();
    for (const bad of ["a".repeat(129), "has space", "slash/key", "键"]) {
      expect(parse(await send(createGroup("坏键"), bad))).toMatchObject({ statusCode: 400, code: 400 });
    }
    expect(await snapshot()).toEqual(before);
    expect(parse(await send(createGroup("好键一"), "a".repeat(128))).code).toBe(0);
    expect(parse(await send(createGroup("好键二"), "x")).code).toBe(0);
    expect(parse(await send(createGroup("好键三"), "outbox:2026-01-01T00.00_A-1")).code).toBe(0);
  });

  it("keeps each reader's keys apart: the same key from another reader runs on its own", async () => {
    const key = randomUUID();
    expect(parse(await send(createGroup("各自"), key)).code).toBe(0);
    const other = await send(createGroup("各自", tokenB), key);
    expect(other.statusCode).toBe(200);
    expect(other.headers["idempotent-replayed"]).toBeUndefined();
    expect((await groupsOf(tokenB)).filter((g) => g.name === "各自")).toHaveLength(1);
    const otherBody = await send({ ...createGroup("别的", tokenB) }, key);
    expect(otherBody.statusCode).toBe(422);
  });

  it("frees the key when the write fails with a server error, so sending it again applies it", async () => {
    const key = randomUUID();
    h.clock.now += 60_000;
    const db = h.database.canon.db;
    await sql`ALTER TABLE user_op RENAME TO user_op_unavailable`.execute(db);
    let failed: LightMyRequestResponse;
    try {
      failed = await send(readReel(), key);
    } finally {
      await sql`ALTER TABLE user_op_unavailable RENAME TO user_op`.execute(db);
    }
    expect(parse(failed)).toMatchObject({ statusCode: 500, code: 500 });
    const retriedAt = h.clock.now;
    const retried = await send(readReel(), key);
    expect(retried.statusCode).toBe(200);
    expect(retried.headers["idempotent-replayed"]).toBeUndefined();
    const reads = (await recentReads(token)).filter((r) => r.context.reel_uid === ctx.reelUid);
    expect(reads.map((r) => r.create_time)).toEqual([retriedAt]);
    expect((await send(readReel(), key)).headers["idempotent-replayed"]).toBe("true");
  });

  it("forgets keys after seven days", async () => {
    const key = randomUUID();
    expect(parse(await send(createGroup("七日"), key)).code).toBe(0);
    h.clock.now += IDEMPOTENCY_KEY_TTL_MS - 60_000;
    token = await accessToken(h, "reader_a", "abc123");
    expect((await send(createGroup("七日"), key)).headers["idempotent-replayed"]).toBe("true");
    h.clock.now += 120_000;
    expect(parse(await send(createGroup("七日之后"), randomUUID())).code).toBe(0);
    const kept = await h.database.canon.db
      .selectFrom("idempotency_record")
      .select("key")
      .where("key", "=", key)
      .execute();
    expect(kept).toEqual([]);
    const again = parse(await send(createGroup("七日"), key));
    expect(again).toMatchObject({ statusCode: 400, code: 400 });
    expect(again.msg).toMatch(/七日/);
  });
});
