/**
 * When the sync engine sends, on an injected clock over fake-indexeddb: after a start (a reload)
 * with records waiting for their next try, after a probe finds the server again, and after each
 * kind of failure. The sender here answers as the test scripts it and counts what it was asked;
 * the same engine against the real server is tests/server/outbox-sync.test.ts.
 */
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import type { QueuedAnswer, QueuedRequest } from "../../src/api/outbox.ts";
import { createNetworkState } from "../../src/offline/network.ts";
import * as m from "../../src/offline/outbox/mutations.ts";
import { outboxRecords } from "../../src/offline/outbox/queries.ts";
import { postponeRecord } from "../../src/offline/outbox/records.ts";
import { createSyncEngine, type SyncEngine } from "../../src/offline/outbox/syncEngine.ts";
import { openUserDb, type UserDb } from "../../src/offline/userData/db.ts";
import { type HandClock, handClock } from "../support/hand-clock.ts";

const USER = 7;
const START = Date.UTC(2026, 0, 1);

type Reply = QueuedAnswer | "no network" | "broken client";
const ok: Reply = { kind: "ok", result: null, replayed: false };
const refused = (status: number, code: number | null = null): Reply => ({
  kind: "refused",
  status,
  code,
  msg: `status ${status}`,
  notice: null,
});

let dbs = 0;
const opened: { db: UserDb; stop(): void }[] = [];

afterEach(async () => {
  for (const { db, stop } of opened.splice(0)) {
    stop();
    db.close();
    await db.delete();
  }
});

/** Lets promises (IndexedDB, the probe, the pass) settle. */
async function settle(engine: SyncEngine) {
  for (let i = 0; i < 5; i++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await engine.idle();
  }
}

function device(db: UserDb = openUserDb(`outbox-schedule-${++dbs}`), clock: HandClock = handClock(START)) {
  const win = Object.assign(new EventTarget(), { navigator: { onLine: true } });
  const replies: Reply[] = [];
  const probeAnswers: boolean[] = [];
  /** When each probe was asked for. */
  const probes: number[] = [];
  const sent: QueuedRequest[] = [];
  const failed: number[] = [];
  const network = createNetworkState(win, {
    clock,
    probe: async () => {
      probes.push(clock.now() - START);
      return probeAnswers.shift() ?? false;
    },
  });
  const engine = createSyncEngine({
    db,
    clock,
    network,
    userId: () => USER,
    random: () => 0.5,
    async send(request) {
      sent.push(request);
      const reply = replies.shift() ?? ok;
      if (reply === "no network") throw new TypeError("Failed to fetch");
      if (reply === "broken client") throw new Error("no body encoder");
      return reply;
    },
    requestBackgroundSync: () => undefined,
    exclusive: (run) => run(),
    onFailed: (record) => void failed.push(record.seq),
  });
  let seq = 0;
  const ctx: m.WriteContext = { db, userId: USER, now: () => clock.now(), newKey: () => `key-${++seq}` };
  const queue = (name: string) => m.createGroup(ctx, "JS", name);
  const records = () => outboxRecords(db, USER);
  const start = () => {
    const stop = engine.start();
    opened.push({ db, stop });
  };
  const browser = (online: boolean) => {
    win.navigator.onLine = online;
    win.dispatchEvent(new Event(online ? "online" : "offline"));
  };
  return {
    ...{ db, clock, network, engine, replies, probeAnswers, probes, sent, failed },
    ...{ queue, records, start, browser },
  };
}

describe("the sync engine's schedule", () => {
  it("after a start, sends what is due at once and waits for the next try of what is not", async () => {
    const d = device();
    const due = (await d.queue("到期"))!;
    const later = (await d.queue("稍后"))!;
    await postponeRecord(d.db, due, {
      at: START - 1,
      attempts: 1,
      error: { status: 500, code: null, msg: "x" },
    });
    await postponeRecord(d.db, later, {
      at: START + 3_000,
      attempts: 2,
      error: { status: null, code: null, msg: "network" },
    });

    d.start();
    await settle(d.engine);
    expect(d.sent.map((r) => r.body)).toEqual([{ name: "到期" }]);
    expect(d.engine.nextPassAt()).toBe(START + 3_000);

    d.clock.advance(2_999);
    await settle(d.engine);
    expect(d.sent).toHaveLength(1);
    d.clock.advance(1);
    await settle(d.engine);
    expect(d.sent.map((r) => r.body)).toEqual([{ name: "到期" }, { name: "稍后" }]);
    expect(await d.records()).toEqual([]);
  });

  it("keeps a reload's schedule: a new engine on the same records waits as the old one would", async () => {
    const first = device();
    first.replies.push(refused(500));
    await first.queue("重载");
    first.start();
    await settle(first.engine);
    const [record] = await first.records();
    expect(record).toMatchObject({ attempts: 1, next_attempt_at: START + 475 });
    opened.shift()?.stop();

    const clock = handClock(START + 200);
    const reloaded = device(first.db, clock);
    reloaded.start();
    await settle(reloaded.engine);
    expect(reloaded.sent).toHaveLength(0);
    expect(reloaded.engine.nextPassAt()).toBe(START + 475);
    clock.advance(275);
    await settle(reloaded.engine);
    expect(reloaded.sent).toHaveLength(1);
    expect(await reloaded.records()).toEqual([]);
  });

  it("backs off after a 5xx, 429 and a lost connection, counting each request once", async () => {
    const d = device();
    d.replies.push(refused(500), "no network", refused(429), refused(503));
    d.probeAnswers.push(true);
    await d.queue("退避");
    d.start();
    await settle(d.engine);
    const expectWaiting = async (attempts: number, status: number | null, wait: number) => {
      const [record] = await d.records();
      expect(record).toMatchObject({ status: "waiting", attempts, last_error: { status } });
      expect(record!.next_attempt_at - d.clock.now()).toBe(wait);
      expect(d.sent).toHaveLength(attempts);
    };
    // Waits of 0.5 s, 1 s, 2 s, 4 s, less 5, 10, 15 and 20 % by the injected random 0.5.
    await expectWaiting(1, 500, 475);
    d.clock.advance(475);
    await settle(d.engine);
    await expectWaiting(2, null, 900);
    // The probe found the server: a suspicion only, and its pass keeps the back-off.
    expect(d.network.isOnline()).toBe(true);
    d.clock.advance(900);
    await settle(d.engine);
    await expectWaiting(3, 429, 1_700);
    d.clock.advance(1_700);
    await settle(d.engine);
    await expectWaiting(4, 503, 3_200);
    d.clock.advance(3_200);
    await settle(d.engine);
    expect(d.sent).toHaveLength(5);
    expect(await d.records()).toEqual([]);
  });

  it("sends nothing while a probe finds no server, and sends at once when one does", async () => {
    const d = device();
    d.replies.push("no network");
    await d.queue("探测");
    await d.queue("其后");
    d.start();
    await settle(d.engine);
    expect(d.network.isOnline()).toBe(false);
    expect(d.sent).toHaveLength(1);
    expect(d.probes).toEqual([0]);

    // The record's own try (0.475 s) comes while offline: no request, no count, one probe at once.
    expect(d.engine.nextPassAt()).toBe(START + 475);
    d.clock.advance(475);
    await settle(d.engine);
    expect(d.sent).toHaveLength(1);
    expect((await d.records()).map((r) => r.attempts)).toEqual([1, 0]);
    expect(d.probes).toEqual([0, 475]);
    expect(d.engine.nextPassAt()).toBeNull();
    expect(d.network.isOnline()).toBe(false);

    // The network state's next probe, 4 s after the second failed, answers: both go, in order.
    d.probeAnswers.push(true);
    d.clock.advance(4_000);
    await settle(d.engine);
    expect(d.probes).toEqual([0, 475, 4_475]);
    expect(d.network.isOnline()).toBe(true);
    expect(d.sent.map((r) => r.body)).toEqual([{ name: "探测" }, { name: "探测" }, { name: "其后" }]);
    expect(new Set(d.sent.slice(0, 2).map((r) => r.key)).size).toBe(1);
    expect(await d.records()).toEqual([]);
  });

  it("sends at once when the browser comes online, whatever the back-off said", async () => {
    const d = device();
    d.replies.push(refused(502));
    await d.queue("上线");
    d.start();
    await settle(d.engine);
    d.browser(false);
    d.browser(true);
    await settle(d.engine);
    expect(d.sent).toHaveLength(2);
    expect(await d.records()).toEqual([]);
  });

  it("fails a refusal for good and goes on; a client fault fails without counting a try", async () => {
    const d = device();
    d.replies.push(refused(400, 1001), "broken client");
    const refusedSeq = (await d.queue("拒绝"))!;
    const brokenSeq = (await d.queue("故障"))!;
    await d.queue("照常");
    d.start();
    await settle(d.engine);
    const records = await d.records();
    expect(records.map((r) => [r.seq, r.status, r.attempts, r.last_error?.msg])).toEqual([
      [refusedSeq, "failed", 1, "status 400"],
      [brokenSeq, "failed", 0, "no body encoder"],
    ]);
    expect(d.failed).toEqual([refusedSeq, brokenSeq]);
    expect(d.sent.map((r) => r.body)).toEqual([{ name: "拒绝" }, { name: "故障" }, { name: "照常" }]);
  });

  it("stops at 401 until the reader signs in again", async () => {
    const d = device();
    d.replies.push(refused(401));
    await d.queue("登录");
    d.start();
    await settle(d.engine);
    d.clock.advance(60_000);
    await d.engine.flush("visible");
    expect(d.sent).toHaveLength(1);
    expect(await d.records()).toMatchObject([{ attempts: 1, last_error: { status: 401 } }]);
    d.engine.resume();
    await settle(d.engine);
    expect(d.sent).toHaveLength(2);
    expect(await d.records()).toEqual([]);
  });

  it.each(["visible", "sync"] as const)(
    "on a %s pass, sends what is due and waits for what is not",
    async (reason) => {
      const d = device();
      d.replies.push(refused(500));
      await d.queue("可见");
      d.start();
      await settle(d.engine);
      await d.engine.flush(reason);
      expect(d.sent).toHaveLength(1);
      expect(d.engine.nextPassAt()).toBe(START + 475);
      // A timer slowed in a hidden tab: the pass sends what came due meanwhile.
      d.clock.now = () => START + 475;
      await d.engine.flush(reason);
      expect(d.sent).toHaveLength(2);
    },
  );
});
