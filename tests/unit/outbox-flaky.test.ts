/**
 * Draining the outbox on a flaky network, on an injected clock over fake-indexeddb: the back-off's
 * schedule; seven writes made offline whose every first try is answered 500 and second try is cut
 * off (before the server applied it, or after), drained with a reload on the way and by two tabs;
 * and what each kind of failure means. The fake server applies a key once and answers a repeat
 * with its first answer, as server/plugins/idempotency.ts does.
 */
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import type { QueuedAnswer, QueuedRequest } from "../../src/api/outbox.ts";
import { createNetworkState } from "../../src/offline/network.ts";
import * as m from "../../src/offline/outbox/mutations.ts";
import { outboxRecords } from "../../src/offline/outbox/queries.ts";
import {
  BACKOFF_CAP_MS,
  createSyncEngine,
  retryDelayMs,
  type SyncEngine,
} from "../../src/offline/outbox/syncEngine.ts";
import type { OutboxRecord, UserDb } from "../../src/offline/userData/db.ts";
import { openUserDb } from "../../src/offline/userData/db.ts";
import { type HandClock, handClock } from "../support/hand-clock.ts";

const USER = 7;
const START = Date.UTC(2026, 0, 1);

const refused = (status: number, code: number | null = null): QueuedAnswer => ({
  kind: "refused",
  status,
  code,
  msg: `status ${status}`,
  notice: null,
});

describe("the back-off", () => {
  it.each([
    // failures in a row, random, wait
    [1, 0, 500],
    [1, 1, 450],
    [2, 0.5, 900],
    [2, 1, 800],
    [3, 1, 1_400],
    [4, 1, 2_400],
    [5, 1, 4_000],
    [8, 1, 32_000],
    [11, 0, BACKOFF_CAP_MS],
    [40, 1, BACKOFF_CAP_MS / 2],
  ])("after %i failures in a row with random %f waits %i ms", (failures, random, wait) => {
    expect(retryDelayMs(failures, () => random)).toBe(wait);
  });

  it("keeps the first retries close to their time and spreads later ones up to half", () => {
    const spread = (failures: number) =>
      Math.round(100 * (1 - retryDelayMs(failures, () => 1) / retryDelayMs(failures, () => 0)));
    expect([1, 2, 3, 4, 5, 6, 12].map(spread)).toEqual([10, 20, 30, 40, 50, 50, 50]);
  });
});

/** A promise chain standing in for the Web Lock: one holder at a time, freed when its tab goes. */
function webLock() {
  let tail: Promise<unknown> = Promise.resolve();
  return (run: () => Promise<void>, unloaded: Promise<void>): Promise<void> => {
    const held = tail.then(() => Promise.race([run(), unloaded]));
    tail = held.catch(() => undefined);
    return held;
  };
}

type Cut = "before the server" | "after the server";

/**
 * The server behind a flaky network: each key's first try is answered 500, its second loses its
 * connection (`cut` says whether the server applied it first), the ones after reach the server.
 * The server applies a key once, in the order requests come. `hangNext` leaves the next request
 * that reaches the server without an answer, as a page that unloads meanwhile never reads it.
 */
function flakyServer(clock: HandClock, cut: Cut) {
  const applied: { key: string; path: string; body: unknown; at: number }[] = [];
  const answered = new Set<string>();
  const tries = new Map<string, number>();
  const state = { inFlight: 0, mostInFlight: 0, hangNext: false };
  const apply = (request: QueuedRequest): QueuedAnswer => {
    if (answered.has(request.key)) return { kind: "ok", result: null, replayed: true };
    answered.add(request.key);
    applied.push({ key: request.key, path: request.path, body: request.body, at: clock.now() - START });
    return { kind: "ok", result: null, replayed: false };
  };
  async function send(request: QueuedRequest): Promise<QueuedAnswer> {
    state.inFlight += 1;
    state.mostInFlight = Math.max(state.mostInFlight, state.inFlight);
    try {
      // The request is on its way: other work of the page (another tab's pass) runs meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 0));
      const n = (tries.get(request.key) ?? 0) + 1;
      tries.set(request.key, n);
      if (n === 1) return refused(500);
      if (n === 2) {
        if (cut === "after the server") apply(request);
        throw new TypeError("Failed to fetch");
      }
      const answer = apply(request);
      if (state.hangNext) {
        state.hangNext = false;
        return await new Promise<never>(() => undefined);
      }
      return answer;
    } finally {
      state.inFlight -= 1;
    }
  }
  return { applied, tries, state, send };
}

type Server = ReturnType<typeof flakyServer>;

let dbs = 0;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

type Tab = {
  win: EventTarget & { navigator: { onLine: boolean } };
  engine: SyncEngine;
  failed: OutboxRecord[];
  /** Unloads the tab: its engine stops, its Web Lock is freed, its pending request is forgotten. */
  close(): void;
};

/** A browser: one `canon-user` database, one Web Lock and one clock shared by its tabs. */
function browser(random: () => number = () => 0) {
  const db: UserDb = openUserDb(`outbox-flaky-${++dbs}`);
  const clock = handClock(START);
  const lock = webLock();
  let online = false;
  /** The open tabs: a closed one's pass may wait forever for an answer it will never read. */
  const tabs: Tab[] = [];
  cleanups.push(async () => {
    for (const tab of [...tabs]) tab.close();
    db.close();
    await db.delete();
  });

  function openTab(server: Server): Tab {
    const win = Object.assign(new EventTarget(), { navigator: { onLine: online } });
    const network = createNetworkState(win, { clock, probe: async () => true });
    let unload: () => void = () => undefined;
    const unloaded = new Promise<void>((resolve) => {
      unload = resolve;
    });
    const failed: OutboxRecord[] = [];
    const engine = createSyncEngine({
      db,
      clock,
      network,
      userId: () => USER,
      random,
      send: server.send,
      requestBackgroundSync: () => undefined,
      exclusive: (run) => lock(run, unloaded),
      onFailed: (record) => void failed.push(record),
    });
    const stop = engine.start();
    const tab: Tab = {
      win,
      engine,
      failed,
      close() {
        stop();
        unload();
        tabs.splice(tabs.indexOf(tab), 1);
      },
    };
    tabs.push(tab);
    return tab;
  }

  return {
    db,
    clock,
    openTab,
    /** The browser's network comes and goes for all its tabs at once. */
    setOnline(value: boolean) {
      online = value;
      for (const tab of tabs) {
        tab.win.navigator.onLine = value;
        tab.win.dispatchEvent(new Event(value ? "online" : "offline"));
      }
    },
    records: () => outboxRecords(db, USER),
    /** Lets the passes under way (IndexedDB, the fake network) settle; a hung one for 20 ms. */
    async settle() {
      for (let i = 0; i < 4; i++) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        const idle = Promise.all(tabs.map((tab) => tab.engine.idle()));
        await Promise.race([idle, new Promise((resolve) => setTimeout(resolve, 20))]);
      }
    },
    /** Moves the clock in steps of `step` ms until `done` or `limit` ms from now. */
    async runUntil(done: () => boolean | Promise<boolean>, limit: number, step = 50) {
      const end = clock.now() + limit;
      while (!(await done()) && clock.now() < end) {
        clock.advance(step);
        await this.settle();
      }
    },
    /** Runs until the outbox is empty. */
    drain(limit = 30_000) {
      return this.runUntil(async () => (await outboxRecords(db, USER)).length === 0, limit);
    },
  };
}

/** Seven writes of several kinds, made offline; a new group comes before what names it. */
async function queueSeven(db: UserDb, clock: HandClock): Promise<void> {
  let key = 0;
  const ctx: m.WriteContext = { db, userId: USER, now: () => clock.now(), newKey: () => `key-${++key}` };
  await m.createGroup(ctx, "JS", "早课");
  await m.addSutrasToGroup(ctx, "JS", "早课", ["JS0001"]);
  await m.pinSutra(ctx, "JS", "JS0002", true);
  await m.recordRead(ctx, "JS", "reel_read", { reel_uid: "JS0001_001" });
  await m.saveReadConfig(ctx, "font_size", 18);
  await m.recordRead(ctx, "JS", "reel_read", { reel_uid: "JS0003_001" });
  await m.createGroup(ctx, "JS", "晚课");
}

const SEVEN_PATHS = [
  "tripitaka/JS/sutra_group",
  "tripitaka/JS/sutra_group/add_sutras",
  "user_conf/top_config/sutra",
  "JS/user_op",
  "user_conf/read_config/font_size",
  "JS/user_op",
  "tripitaka/JS/sutra_group",
];

/** The longest the seven may take: each waits 0.5 s after its 500 and 1 s after its cut, at most. */
const SEVEN_WITHIN_MS = 7 * 1_500 + 500;

describe.each<Cut>(["before the server", "after the server"])(
  "seven writes on a network that cuts each second try %s",
  (cut) => {
    it("all reach the server once, in order, soon after the browser is online again", async () => {
      const b = browser();
      const server = flakyServer(b.clock, cut);
      const tab = b.openTab(server);
      await queueSeven(b.db, b.clock);
      await b.settle();
      expect(server.tries.size).toBe(0);

      b.setOnline(true);
      await b.drain();

      expect(server.applied.map((write) => write.path)).toEqual(SEVEN_PATHS);
      expect(new Set(server.applied.map((write) => write.key)).size).toBe(7);
      expect([...server.tries.values()]).toEqual(SEVEN_PATHS.map(() => 3));
      expect(server.applied.at(-1)!.at).toBeLessThanOrEqual(SEVEN_WITHIN_MS);
      // The back-off starts short again after each success: each write lands 1.5 s after the last.
      const landed = server.applied.map((write) => write.at);
      const gaps = landed.map((at, i) => at - (landed[i - 1] ?? 0));
      expect(Math.max(...gaps)).toBeLessThanOrEqual(1_500 + 100);
      await b.settle();
      expect(await b.records()).toEqual([]);
      expect(tab.failed).toEqual([]);
    });

    it("goes on after a reload between tries, keeping each record's key and schedule", async () => {
      const b = browser();
      const server = flakyServer(b.clock, cut);
      const first = b.openTab(server);
      await queueSeven(b.db, b.clock);
      b.setOnline(true);
      // Three are in; the fourth waits for its second try.
      await b.runUntil(() => server.applied.length === 3 && server.tries.size === 4, 30_000);
      const [head] = await b.records();
      expect(head).toMatchObject({ key: "key-4", status: "waiting", attempts: 1 });

      first.close();
      const reloaded = b.openTab(server);
      await b.settle();
      expect(reloaded.engine.nextPassAt()).toBe(head!.next_attempt_at);
      await b.drain();

      expect(server.applied.map((write) => write.path)).toEqual(SEVEN_PATHS);
      expect([...server.tries.values()]).toEqual(SEVEN_PATHS.map(() => 3));
      expect(server.applied.at(-1)!.at).toBeLessThanOrEqual(SEVEN_WITHIN_MS);
      await b.settle();
      expect(await b.records()).toEqual([]);
    });

    it("applies once a write whose answer a reload lost, sending it again under its key", async () => {
      const b = browser();
      const server = flakyServer(b.clock, cut);
      const first = b.openTab(server);
      await queueSeven(b.db, b.clock);
      b.setOnline(true);
      await b.runUntil(() => server.tries.get("key-2") === 2, 30_000);
      // The third try of the second write reaches the server; the page unloads before the answer.
      server.state.hangNext = true;
      await b.runUntil(() => server.tries.get("key-2") === 3, 30_000);
      expect(server.applied.map((write) => write.key)).toEqual(["key-1", "key-2"]);
      expect((await b.records())[0]).toMatchObject({ key: "key-2", status: "sending" });

      first.close();
      b.openTab(server);
      await b.drain();

      expect(server.applied.map((write) => write.path)).toEqual(SEVEN_PATHS);
      expect(server.tries.get("key-2")).toBe(4);
      await b.settle();
      expect(await b.records()).toEqual([]);
    });

    it("is drained by one tab at a time when two are open", async () => {
      const b = browser();
      const server = flakyServer(b.clock, cut);
      const tabs = [b.openTab(server), b.openTab(server)];
      await queueSeven(b.db, b.clock);
      b.setOnline(true);
      await b.drain();

      expect(server.state.mostInFlight).toBe(1);
      expect(server.applied.map((write) => write.path)).toEqual(SEVEN_PATHS);
      expect(server.applied.at(-1)!.at).toBeLessThanOrEqual(SEVEN_WITHIN_MS);
      await b.settle();
      expect(await b.records()).toEqual([]);
      expect(tabs.flatMap((tab) => tab.failed)).toEqual([]);
    });
  },
);

describe("what a failed try means", () => {
  /** One tab online whose first request gets `reply`, and the ones after an acceptance. */
  async function firstTry(reply: QueuedAnswer | Error) {
    const b = browser(() => 0.5);
    const sent: string[] = [];
    const tab = b.openTab({
      ...flakyServer(b.clock, "before the server"),
      send: async (request) => {
        sent.push(request.key);
        if (sent.length > 1) return { kind: "ok", result: null, replayed: false };
        if (reply instanceof Error) throw reply;
        return reply;
      },
    });
    b.setOnline(true);
    let key = 0;
    const ctx: m.WriteContext = {
      db: b.db,
      userId: USER,
      now: () => b.clock.now(),
      newKey: () => `k${++key}`,
    };
    await m.recordRead(ctx, "JS", "reel_read", { reel_uid: "JS0001_001" });
    await m.recordRead(ctx, "JS", "reel_read", { reel_uid: "JS0002_001" });
    await tab.engine.flush("write");
    await b.settle();
    return { b, tab, sent };
  }

  it.each<[string, QueuedAnswer | Error]>([
    ["500", refused(500)],
    ["502", refused(502)],
    ["503", refused(503)],
    ["408", refused(408)],
    ["409 (the same key still being applied)", refused(409)],
    ["429", refused(429)],
    ["a lost connection", new TypeError("Failed to fetch")],
    ["a time-out", Object.assign(new Error("Request timed out"), { name: "TimeoutError" })],
    ["an aborted request", new DOMException("The user aborted a request.", "AbortError")],
  ])("%s: the write waits 0.475 s and is sent again, the ones after it behind it", async (_, reply) => {
    const { b, tab, sent } = await firstTry(reply);
    const records = await b.records();
    expect(records.map((r) => [r.key, r.status, r.attempts])).toEqual([
      ["k1", "waiting", 1],
      ["k2", "waiting", 0],
    ]);
    expect(records[0]!.next_attempt_at - b.clock.now()).toBe(475);
    expect(sent).toEqual(["k1"]);
    await b.runUntil(() => sent.length === 3, 475, 25);
    expect(sent).toEqual(["k1", "k1", "k2"]);
    expect(tab.failed).toEqual([]);
  });

  it.each([400, 403, 404, 413, 422])(
    "%i: the write fails for good and is shown; the next goes",
    async (status) => {
      const { b, tab, sent } = await firstTry(refused(status, status));
      expect(tab.failed.map((record) => [record.key, record.last_error?.status])).toEqual([["k1", status]]);
      expect(sent).toEqual(["k1", "k2"]);
      await b.runUntil(() => false, 10 * 60_000, 30_000);
      expect(sent).toEqual(["k1", "k2"]);
      expect((await b.records()).map((r) => [r.key, r.status])).toEqual([["k1", "failed"]]);
    },
  );
});
