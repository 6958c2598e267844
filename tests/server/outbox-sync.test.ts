/**
 * The web app's outbox and sync engine (over fake-indexeddb, a real in-memory IndexedDB) against the
 * real app listening on a port, through a relay that can cut the connection or lose an answer:
 * order kept, new groups' ids resolved, back-off with jitter on the injected clock, a write sent
 * twice applied once, refusals failed and retried, pins, reads and settings, and 401 → sign-in.
 */
import "fake-indexeddb/auto";
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ACCESS_TOKEN_TTL_MS } from "../../contract/account-rules.ts";
import type { SutraGroup, TopConfig, UserOp } from "../../contract/personal.ts";
import { swapOrder } from "../../src/api/groups.ts";
import { sendQueued } from "../../src/api/outbox.ts";
import * as m from "../../src/offline/outbox/mutations.ts";
import {
  groupsView,
  outboxRecords,
  pinsView,
  readConfigView,
  recentReadsView,
} from "../../src/offline/outbox/queries.ts";
import { UNRESOLVED_GROUP } from "../../src/offline/outbox/records.ts";
import { testDialects } from "../support/databases.ts";
import { type AuthHarness, accessToken, bearer, parse, registerUser, startAuthApp } from "./auth-setup.ts";
import { apiClientFor, type Device, openDevice, type Relay, startRelay } from "./outbox-harness.ts";

type Listed = { uid: string; reel_uids: [string, string][] };

describe.each(testDialects())("the outbox syncing with the server on %s", (dialect) => {
  let h: AuthHarness;
  let relay: Relay;
  let baseUrl: string;
  let sutras: Listed[];
  const opened: Device[] = [];
  let serial = 0;

  beforeAll(async () => {
    h = await startAuthApp(dialect, {}, { withCanon: true });
    await h.app.listen({ port: 0, host: "127.0.0.1" });
    relay = await startRelay((h.app.server.address() as AddressInfo).port);
    baseUrl = `http://127.0.0.1:${relay.port}/v1`;
    const list = parse(
      await h.app.inject({ method: "POST", url: "/v1/tripitaka/JS/sutra/list", payload: {} }),
    );
    sutras = (list.result as { list: Listed[] }).list;
  });
  afterAll(async () => {
    for (const device of opened) await device.close();
    await relay.close();
    await h.close();
  });
  beforeEach(() => {
    relay.mode = "up";
  });

  async function reader() {
    serial += 1;
    const username = `outbox_${dialect}_${serial}`;
    await registerUser(h, { username, contact: `${username}@example.org`, password: "abc123" });
    const token = await accessToken(h, username, "abc123");
    const device = openDevice(baseUrl, token);
    opened.push(device);
    const state = device.auth.state();
    if (!state.signedIn) throw new Error("the device is not signed in");
    return { username, token, device, userId: state.userId, db: device.outbox.db };
  }

  const call = async (token: string, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    parse(
      await h.app.inject({
        method,
        url: `/v1/${url}`,
        headers: bearer(token),
        ...(payload ? { payload } : {}),
      }),
    );
  const serverGroups = async (token: string) =>
    (await call(token, "GET", "tripitaka/JS/sutra_group/all")).result as SutraGroup[];

  it("keeps the order of writes made offline and gives new groups the server's ids", async () => {
    const { token, device, userId, db } = await reader();
    const { outbox } = device;
    const [first, second] = sutras.map((s) => s.uid);
    device.connectivity.goOffline();

    expect(await outbox.write((ctx) => m.createGroup(ctx, "JS", "早课"))).toEqual({ kind: "waiting" });
    await outbox.write((ctx) => m.createGroup(ctx, "JS", "晚课"));
    const morning = (await groupsView(db, userId, "JS")).find((g) => g.name === "早课");
    expect(morning?._id).toBeLessThan(0);
    await outbox.write((ctx) => m.renameGroup(ctx, "JS", morning?._id ?? 0, "早课诵"));
    await outbox.write((ctx) => m.addSutrasToGroup(ctx, "JS", "早课诵", [first!, second!]));
    const order = swapOrder(await groupsView(db, userId, "JS"), 0, 1);
    await outbox.write((ctx) => m.reorderGroups(ctx, "JS", order ?? {}));

    const seen = await groupsView(db, userId, "JS");
    expect(seen.map((g) => [g.name, g.sutra_uids])).toEqual([
      ["晚课", []],
      ["早课诵", [first, second]],
    ]);
    const waiting = await outboxRecords(db, userId);
    expect(waiting.map((r) => [r.method, r.status, r.attempts])).toEqual([
      ["POST", "waiting", 0],
      ["POST", "waiting", 0],
      ["PUT", "waiting", 0],
      ["POST", "waiting", 0],
      ["PUT", "waiting", 0],
    ]);
    expect(waiting[2]?.path).toBe(`tripitaka/JS/sutra_group_name/${morning?._id}`);
    expect(new Set(waiting.map((r) => r.key)).size).toBe(5);
    expect(await serverGroups(token)).toEqual([]);

    device.connectivity.goOnline();
    await outbox.engine.idle();

    const onServer = await serverGroups(token);
    expect(onServer.map((g) => [g.name, g.sutra_uids])).toEqual([
      ["晚课", []],
      ["早课诵", [first, second]],
    ]);
    expect(await groupsView(db, userId, "JS")).toEqual(onServer);
    expect(await outboxRecords(db, userId)).toEqual([]);
    const mapped = await db.groupIds.where("user_id").equals(userId).toArray();
    expect(mapped.map((row) => row.server_id).sort()).toEqual(onServer.map((g) => g._id).sort());

    // A screen still holding the temporary id names the server's group.
    await outbox.write((ctx) => m.renameGroup(ctx, "JS", morning?._id ?? 0, "早课"));
    expect((await serverGroups(token)).map((g) => g.name)).toEqual(["晚课", "早课"]);
  });

  it("backs off with jitter while a gateway answers 503, keeping later writes behind the first", async () => {
    const { token, device, userId, db } = await reader();
    const { outbox, clock } = device;
    relay.mode = "gatewayDown";

    expect(await outbox.write((ctx) => m.createGroup(ctx, "JS", "重试"))).toEqual({ kind: "waiting" });
    const [head] = await outboxRecords(db, userId);
    expect(head).toMatchObject({ status: "waiting", attempts: 1, last_error: { status: 503 } });
    // 0.5 s for the first retry, less 5 % of jitter by the injected random 0.5.
    expect(head!.next_attempt_at - clock.now()).toBe(475);
    expect(clock.delays).toEqual([475]);
    // An answer, even a refusal, is no sign of being offline.
    expect(device.network.isOnline()).toBe(true);
    expect(await outbox.write((ctx) => m.addSutrasToGroup(ctx, "JS", "重试", [sutras[0]!.uid]))).toEqual({
      kind: "waiting",
    });

    clock.advance(474);
    await outbox.engine.idle();
    expect((await outboxRecords(db, userId))[0]?.attempts).toBe(1);
    clock.advance(1);
    await outbox.engine.idle();
    let records = await outboxRecords(db, userId);
    expect(records.map((r) => [r.status, r.attempts, r.last_error?.status ?? null])).toEqual([
      ["waiting", 2, 503],
      ["waiting", 0, null],
    ]);
    expect(clock.delays.slice(-1)).toEqual([900]);

    relay.mode = "up";
    clock.advance(900);
    await outbox.engine.idle();
    records = await outboxRecords(db, userId);
    expect(records).toEqual([]);
    expect((await serverGroups(token)).map((g) => [g.name, g.sutra_uids])).toEqual([
      ["重试", [sutras[0]!.uid]],
    ]);
  });

  it("probes the server after a lost connection and sends what waits once it answers", async () => {
    const { token, device, userId, db } = await reader();
    const { outbox, clock, network } = device;
    relay.mode = "down";

    expect(await outbox.write((ctx) => m.createGroup(ctx, "JS", "探测"))).toEqual({ kind: "waiting" });
    expect((await outboxRecords(db, userId))[0]).toMatchObject({
      status: "waiting",
      attempts: 1,
      last_error: { status: null, msg: "network" },
    });
    // The lost connection is a suspicion; the probe that finds no server makes it offline.
    await vi.waitFor(() => expect(network.isOnline()).toBe(false));
    const temp = (await groupsView(db, userId, "JS"))[0]!;
    expect(await outbox.write((ctx) => m.renameGroup(ctx, "JS", temp._id, "探测二"))).toEqual({
      kind: "waiting",
    });

    // Offline, the record's time sends no write (no try is counted without a request) but asks for
    // a probe at once, before the network state's own in 2 s: it finds a gateway but no server.
    relay.mode = "gatewayDown";
    expect(outbox.engine.nextPassAt()).toBe(clock.now() + 475);
    clock.advance(475);
    await vi.waitFor(() => expect(clock.delays.at(-1)).toBe(4000));
    await outbox.engine.idle();
    expect((await outboxRecords(db, userId)).map((r) => r.attempts)).toEqual([1, 0]);
    expect(outbox.engine.nextPassAt()).toBeNull();
    expect(network.isOnline()).toBe(false);

    // The network state's next probe, 4 s later, finds the server: online again, and the outbox sends.
    relay.mode = "up";
    clock.advance(4000);
    await vi.waitFor(() => expect(network.isOnline()).toBe(true));
    await vi.waitFor(async () => expect(await outboxRecords(db, userId)).toEqual([]));
    expect((await serverGroups(token)).map((g) => g.name)).toEqual(["探测二"]);
  });

  it("applies once a write sent twice because its answer was lost", async () => {
    const { token, device, userId, db } = await reader();
    const { outbox, clock } = device;
    const reelUid = sutras[0]!.reel_uids[0]![0];
    const feedbackCount = async () =>
      Number(
        (
          await h.database.canon.db
            .selectFrom("feedback")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("user_id", "=", userId)
            .executeTakeFirstOrThrow()
        ).n,
      );

    relay.mode = "dropAnswers";
    expect(await outbox.write((ctx) => m.createGroup(ctx, "JS", "双份"))).toEqual({ kind: "waiting" });
    expect((await serverGroups(token)).map((g) => g.name)).toEqual(["双份"]);
    const [record] = await outboxRecords(db, userId);
    expect(record).toMatchObject({ status: "waiting", attempts: 1 });
    await outbox.write((ctx) =>
      m.queueFeedback(ctx, {
        question_type: "other",
        source: "by_reel",
        sutra_uid: sutras[0]!.uid,
        reel_uid: reelUid,
        suggestion: "同一条反馈",
      }),
    );

    // No answer: the probe finds none either until the relay passes answers again. At the record's
    // time the outbox asks for a probe at once; the server answers it, and both go.
    await vi.waitFor(() => expect(device.network.isOnline()).toBe(false));
    relay.mode = "up";
    clock.advance(record!.next_attempt_at - clock.now());
    await vi.waitFor(() => expect(device.network.isOnline()).toBe(true));
    await vi.waitFor(async () => expect(await outboxRecords(db, userId)).toEqual([]));
    const onServer = await serverGroups(token);
    expect(onServer.map((g) => g.name)).toEqual(["双份"]);
    expect((await groupsView(db, userId, "JS")).map((g) => g._id)).toEqual([onServer[0]!._id]);
    expect(await feedbackCount()).toBe(1);

    // The same request and key again: the server answers what it stored, marked as a replay.
    const api = apiClientFor(baseUrl, token);
    const request = {
      method: "POST" as const,
      path: "tripitaka/JS/sutra_group",
      body: { name: "直送" },
      key: randomUUID(),
    };
    const once = await sendQueued(api, request);
    const twice = await sendQueued(api, request);
    expect(once).toMatchObject({ kind: "ok", replayed: false });
    expect(twice).toEqual({ ...once, replayed: true });
    expect((await serverGroups(token)).filter((g) => g.name === "直送")).toHaveLength(1);
  });

  it("fails a refused write with its error, withdraws its effect, and sends it again on retry", async () => {
    const { token, device, userId, db } = await reader();
    const { outbox } = device;
    expect((await call(token, "POST", "tripitaka/JS/sutra_group", { name: "已有" })).code).toBe(0);

    device.connectivity.goOffline();
    await outbox.write((ctx) => m.createGroup(ctx, "JS", "已有"));
    const temp = (await groupsView(db, userId, "JS"))[0]!;
    await outbox.write((ctx) => m.renameGroup(ctx, "JS", temp._id, "另名"));
    await outbox.write((ctx) => m.pinSutra(ctx, "JS", "JS9999", true));
    expect(await pinsView(db, userId, "JS")).toEqual(["JS9999"]);
    device.connectivity.goOnline();
    await outbox.engine.idle();

    const [create, rename, pin] = await outboxRecords(db, userId);
    expect(create).toMatchObject({ status: "failed", last_error: { status: 400 } });
    expect(rename).toMatchObject({ status: "failed", last_error: { status: null, msg: UNRESOLVED_GROUP } });
    expect(pin).toMatchObject({ status: "failed", last_error: { status: 404 } });
    expect(device.notices.map((n) => (n.kind === "status" ? n.status : n.kind))).toEqual([400, 404]);
    expect(await groupsView(db, userId, "JS")).toEqual([]);
    expect(await pinsView(db, userId, "JS")).toEqual([]);

    // Another device renames the server's group; the retried writes now go through, in order.
    const existing = (await serverGroups(token))[0]!;
    expect(
      (await call(token, "PUT", `tripitaka/JS/sutra_group_name/${existing._id}`, { name: "旧的" })).code,
    ).toBe(0);
    await outbox.retry(create!.seq);
    await outbox.engine.idle();
    await outbox.retry(rename!.seq);
    await outbox.engine.idle();
    expect((await serverGroups(token)).map((g) => g.name)).toEqual(["旧的", "另名"]);

    await outbox.discard(pin!.seq);
    expect(await outboxRecords(db, userId)).toEqual([]);
    expect(await pinsView(db, userId, "JS")).toEqual([]);
  });

  it("keeps pins, reads and settings on the device and merges them with the server's", async () => {
    const { token, device, userId, db } = await reader();
    const { outbox } = device;
    const [a, b, c] = sutras;
    const reelUid = a!.reel_uids[0]![0];
    device.connectivity.goOffline();

    await outbox.write((ctx) => m.pinSutra(ctx, "JS", a!.uid, true));
    await outbox.write((ctx) => m.pinSutra(ctx, "JS", b!.uid, true));
    expect(await outbox.write((ctx) => m.pinSutra(ctx, "JS", a!.uid, false))).toEqual({ kind: "merged" });
    await outbox.write((ctx) => m.recordRead(ctx, "JS", "reel_read", { reel_uid: reelUid }));
    await outbox.write((ctx) => m.saveReadConfig(ctx, "reelSettings", { fontSize: 20 }));
    await outbox.write((ctx) => m.saveReadConfig(ctx, "reelSettings", { fontSize: 22 }));
    expect((await outboxRecords(db, userId)).map((r) => r.op.kind)).toEqual([
      "pin.sutra",
      "read",
      "read_config",
    ]);
    expect(await pinsView(db, userId, "JS")).toEqual([b!.uid]);
    expect((await recentReadsView(db, userId, "JS")).map((r) => r.context.reel_uid)).toEqual([reelUid]);

    // Another device pins a sutra; a refresh shows it under the pin still waiting here.
    expect(
      (
        await call(token, "POST", "user_conf/top_config/sutra", {
          is_add: true,
          uid: c!.uid,
          tripitaka_uid: "JS",
        })
      ).code,
    ).toBe(0);
    await outbox.refreshPins();
    expect(await pinsView(db, userId, "JS")).toEqual([b!.uid, c!.uid]);

    device.connectivity.goOnline();
    await outbox.engine.idle();
    expect(await outboxRecords(db, userId)).toEqual([]);
    const top = (await call(token, "GET", "user_conf/top_config")).result as TopConfig;
    expect(top.top_uids.sutra.JS).toEqual([b!.uid, c!.uid]);
    expect(await pinsView(db, userId, "JS")).toEqual([b!.uid, c!.uid]);
    const settings = (await call(token, "GET", "user_conf/read_config")).result as Record<string, unknown>;
    expect(settings.reelSettings).toEqual({ fontSize: 22 });
    expect(await readConfigView(db, userId, "reelSettings")).toEqual({ fontSize: 22 });
    const reads = (await call(token, "GET", "JS/recent_read")).result as { list: UserOp[] };
    expect(reads.list.map((r) => r.context.reel_uid)).toEqual([reelUid]);
    await outbox.refreshRecentReads("JS");
    expect(await recentReadsView(db, userId, "JS")).toEqual(reads.list);
  });

  it("stops at 401 and sends what waits once the reader signs in again", async () => {
    const { username, token, device, userId, db } = await reader();
    const { outbox } = device;
    h.clock.now += ACCESS_TOKEN_TTL_MS + 1000;

    expect(await outbox.write((ctx) => m.createGroup(ctx, "JS", "登录后"))).toEqual({ kind: "waiting" });
    expect(device.auth.state().signedIn).toBe(false);
    expect(await outboxRecords(db, userId)).toMatchObject([
      { status: "waiting", last_error: { status: 401 } },
    ]);

    device.auth.set(await accessToken(h, username, "abc123"));
    await outbox.engine.idle();
    expect(await outboxRecords(db, userId)).toEqual([]);
    const fresh = await accessToken(h, username, "abc123");
    expect((await serverGroups(fresh)).map((g) => g.name)).toEqual(["登录后"]);
    expect(token).not.toBe(fresh);
  });
});
