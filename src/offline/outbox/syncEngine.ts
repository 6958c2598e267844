/**
 * The sync engine: sends the signed-in reader's outbox strictly in `seq` order, one record at a time,
 * each with its idempotency key. What an answer means:
 *   accepted                     the record leaves the outbox; its effect joins the server's state
 *   no answer, 5xx, 429, 409     the record waits; the next try is backed off (exponential, with
 *                                jitter, at most BACKOFF_CAP_MS) and the pass stops, keeping order
 *   401 (after the client's own refresh)   the pass stops until the reader signs in again
 *   any other refusal            the record fails (shown in the personal area) and the next one goes
 * A pass runs at start, when the browser comes online, after a write while online, when the back-off
 * timer fires, and when asked (a Background Sync message, a retry). Clock, randomness, sender and
 * network state are injected.
 */
import type { QueuedAnswer, QueuedRequest } from "../../api/outbox.ts";
import { isNetworkFailure, type NetworkState } from "../network.ts";
import type { OutboxError, OutboxRecord, UserDb } from "../userData/db.ts";
import { acceptRecord, failRecord, nextRecord, postponeRecord, takeRecord } from "./records.ts";

export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_CAP_MS = 5 * 60_000;
/** Answers after which the same request may well succeed later. */
const RETRY_STATUSES = new Set([408, 409, 425, 429]);
const TOO_FREQUENT_CODES = new Set([430, 507]);
const SIGNED_OUT = 401;

export type Clock = {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export type FlushReason = "start" | "online" | "write" | "timer" | "asked";

export type Settled =
  | { kind: "sent"; result: unknown }
  | { kind: "failed"; record: OutboxRecord }
  /** Still in the outbox (offline, backed off, or behind a record that is). */
  | { kind: "waiting" };

export type SyncEngineDeps = {
  db: UserDb;
  userId(): number | null;
  send(request: QueuedRequest): Promise<QueuedAnswer>;
  network: Pick<NetworkState, "isOnline" | "subscribe" | "reportUnreachable" | "reportReachable">;
  clock: Clock;
  random(): number;
  /** Asks the browser to wake the app when it is online again (Background Sync); may do nothing. */
  requestBackgroundSync(): void;
  /** Runs one pass at a time across the reader's open tabs (a Web Lock in the browser). */
  exclusive(run: () => Promise<void>): Promise<void>;
  /** A record the server refused for good. */
  onFailed(record: OutboxRecord, notice: QueuedAnswer | null): void;
};

export type SyncEngine = {
  flush(reason?: FlushReason): Promise<void>;
  /** How a queued record ends up once the passes under way (or the next one) are over. */
  settle(seq: number): Promise<Settled>;
  /** Signed in again after a 401: send what waits. */
  resume(): void;
  /** Resolves once no pass is running (at once when none is). */
  idle(): Promise<void>;
  /** Subscribes to the network state and runs the first pass; returns the stop function. */
  start(): () => void;
};

/** The wait before try number `attempts + 1`: base·2^(attempts−1), capped, jittered to 50–100 %. */
export function backoffMs(attempts: number, random: () => number): number {
  const full = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(full * (0.5 + random() * 0.5));
}

const retryable = (answer: QueuedAnswer & { kind: "refused" }) =>
  answer.status >= 500 || RETRY_STATUSES.has(answer.status) || TOO_FREQUENT_CODES.has(answer.code ?? 0);

const errorOf = (answer: QueuedAnswer & { kind: "refused" }): OutboxError => ({
  status: answer.status,
  code: answer.code,
  msg: answer.msg,
});

const NO_ANSWER: OutboxError = { status: null, code: null, msg: "network" };

export function createSyncEngine(deps: SyncEngineDeps): SyncEngine {
  const { db, clock } = deps;
  let running: Promise<void> | null = null;
  let wanted: FlushReason | null = null;
  let paused = false;
  let timer: unknown = null;
  const waiters = new Map<number, ((settled: Settled) => void)[]>();

  const settleWaiters = (seq: number, settled: Settled) => {
    for (const resolve of waiters.get(seq) ?? []) resolve(settled);
    waiters.delete(seq);
  };

  function schedule(ms: number) {
    if (timer !== null) clock.clearTimeout(timer);
    timer = clock.setTimeout(() => {
      timer = null;
      void flush("timer");
    }, ms);
  }

  async function postpone(record: OutboxRecord, error: OutboxError) {
    const wait = backoffMs(record.attempts, deps.random);
    await postponeRecord(db, record.seq, clock.now() + wait, error);
    schedule(wait);
  }

  /** Sends the head record; true to go on with the next one. */
  async function sendHead(userId: number, head: OutboxRecord): Promise<boolean> {
    const taken = await takeRecord(db, head.seq);
    if (!taken) return true;
    if (taken.kind === "failed") {
      deps.onFailed(taken.record, null);
      settleWaiters(head.seq, { kind: "failed", record: taken.record });
      return true;
    }
    const record = taken.record;
    let answer: QueuedAnswer;
    try {
      answer = await deps.send({
        method: record.method,
        path: record.path,
        body: record.body,
        key: record.key,
      });
    } catch (error) {
      // Anything else thrown is kept as waiting too: a write is never dropped for want of an answer.
      if (isNetworkFailure(error)) deps.network.reportUnreachable();
      await postpone(record, NO_ANSWER);
      deps.requestBackgroundSync();
      return false;
    }
    deps.network.reportReachable();
    if (answer.kind === "ok") {
      await acceptRecord(db, record, answer.result, clock.now());
      settleWaiters(record.seq, { kind: "sent", result: answer.result });
      return deps.userId() === userId;
    }
    if (answer.status === SIGNED_OUT) {
      await postponeRecord(db, record.seq, 0, errorOf(answer));
      paused = true;
      return false;
    }
    if (retryable(answer)) {
      await postpone(record, errorOf(answer));
      return false;
    }
    const failed = await failRecord(db, record, errorOf(answer));
    deps.onFailed(failed, answer);
    settleWaiters(record.seq, { kind: "failed", record: failed });
    return true;
  }

  async function pass(reason: FlushReason) {
    const userId = deps.userId();
    if (userId === null || paused) return;
    // The timer probes even when the browser says offline: the server may be back.
    if (reason !== "timer" && !deps.network.isOnline()) {
      if (await nextRecord(db, userId)) deps.requestBackgroundSync();
      return;
    }
    let ignoreBackoff = reason === "start" || reason === "online" || reason === "asked";
    for (let head = await nextRecord(db, userId); head; head = await nextRecord(db, userId)) {
      const due = head.next_attempt_at - clock.now();
      if (due > 0 && !ignoreBackoff) {
        schedule(due);
        return;
      }
      ignoreBackoff = false;
      if (!(await sendHead(userId, head))) return;
    }
  }

  async function drain() {
    while (wanted) {
      const reason = wanted;
      wanted = null;
      await deps.exclusive(() => pass(reason));
    }
    for (const seq of [...waiters.keys()]) settleWaiters(seq, { kind: "waiting" });
  }

  function flush(reason: FlushReason = "asked"): Promise<void> {
    // A reason that ignores the back-off wins over one that does not.
    wanted = wanted === null || wanted === "timer" || wanted === "write" ? reason : wanted;
    running ??= drain().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    flush,
    settle(seq) {
      return new Promise((resolve) => {
        waiters.set(seq, [...(waiters.get(seq) ?? []), resolve]);
      });
    },
    resume() {
      paused = false;
      void flush("asked");
    },
    idle: () => running ?? Promise.resolve(),
    start() {
      let online = deps.network.isOnline();
      const unsubscribe = deps.network.subscribe(() => {
        const now = deps.network.isOnline();
        // During a pass the change is the pass's own doing (an answer came back): no extra pass.
        if (now && !online && running === null) void flush("online");
        online = now;
      });
      void flush("start");
      return () => {
        unsubscribe();
        if (timer !== null) clock.clearTimeout(timer);
        timer = null;
      };
    },
  };
}
