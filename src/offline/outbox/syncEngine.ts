/**
 * The sync engine: sends the signed-in reader's outbox strictly in `seq` order, one record at a time,
 * each with its idempotency key (the server applies a key once and answers a repeat with the first
 * answer, so a try whose answer was lost is simply sent again). What an answer means:
 *   accepted                     the record leaves the outbox; its effect joins the server's state
 *   no answer (network failure, aborted), 5xx, 408, 409, 425, 429
 *                                the record waits; the next try is backed off (`retryDelayMs`) and
 *                                the pass stops, keeping order
 *   401 (after the client's own refresh)   the pass stops until the reader signs in again
 *   any other refusal            the record fails for good (shown in the personal area, with a
 *                                notice) and the next one goes
 * A record's `attempts` counts requests that left: each answer, and each request that failed on
 * the way, is one. A record leaves the head of the line only by an answer that ends it, so the
 * head's `attempts` are the failures in a row since the last write the server took: the back-off
 * starts short again after each success, and a reload keeps it.
 *
 * When a pass runs, and whether it waits for the head record's next try:
 *   start, write, timer, visible, reachable,  sends the head when its time has come, else sets the
 *   sync (the service worker's Background Sync)   timer for it (so a reload keeps the schedule)
 *   online (the browser's event), asked (the reader's "sync now" or retry)   sends the head now
 * No pass sends while the network state says offline; it ends when the browser is online again
 * ("online") or a probe answers ("reachable"). While it lasts, the head's time still comes: then
 * the network state is asked to probe at once, so a failed probe on a flaky network holds the
 * outbox back no longer than its own back-off would. One pass runs at a time per tab, and one
 * across the reader's tabs (`exclusive`). Clock, randomness, sender and network are injected.
 */
import { isAbort } from "../../api/errors.ts";
import type { QueuedAnswer, QueuedRequest } from "../../api/outbox.ts";
import type { Clock } from "../clock.ts";
import { isNetworkFailure, type NetworkState } from "../network.ts";
import type { OutboxError, OutboxRecord, UserDb } from "../userData/db.ts";
import { acceptRecord, failRecord, nextRecord, postponeRecord, takeRecord } from "./records.ts";

export type { Clock };

/** The wait after a failure that follows a success: most such failures pass at once. */
export const RETRY_FIRST_MS = 500;
export const BACKOFF_CAP_MS = 5 * 60_000;
/** The share of a wait the jitter may take off: this much per failure in a row, up to the most. */
const JITTER_PER_FAILURE = 0.1;
const JITTER_MOST = 0.5;
/** A pass that broke off (storage refused a write) is run again after this. */
export const PASS_RETRY_MS = 2_000;
/** Answers after which the same request may well succeed later. */
const RETRY_STATUSES = new Set([408, 409, 425, 429]);
const TOO_FREQUENT_CODES = new Set([430, 507]);
const SIGNED_OUT = 401;

export type FlushReason = "start" | "online" | "reachable" | "visible" | "write" | "timer" | "sync" | "asked";

/** Reasons to send the head record at once, whatever its back-off says. */
const SENDS_NOW: ReadonlySet<FlushReason> = new Set(["online", "asked"]);

export type Settled =
  | { kind: "sent"; result: unknown }
  | { kind: "failed"; record: OutboxRecord }
  /** Still in the outbox (offline, backed off, or behind a record that is). */
  | { kind: "waiting" };

export type SyncEngineDeps = {
  db: UserDb;
  userId(): number | null;
  send(request: QueuedRequest): Promise<QueuedAnswer>;
  network: Pick<
    NetworkState,
    "isOnline" | "subscribe" | "reportUnreachable" | "reportReachable" | "onServerSeen" | "recheck"
  >;
  clock: Clock;
  random(): number;
  /** Asks the browser to wake the app when it is online again (Background Sync); may do nothing. */
  requestBackgroundSync(): void;
  /** Runs one pass at a time across the reader's open tabs (a Web Lock in the browser). */
  exclusive(run: () => Promise<void>): Promise<void>;
  /** A record the server refused for good. */
  onFailed(record: OutboxRecord, notice: QueuedAnswer | null): void;
  /** A pass that broke off (storage refused a write): it is tried again after PASS_RETRY_MS. */
  onPassError?(error: unknown): void;
};

export type SyncEngine = {
  flush(reason?: FlushReason): Promise<void>;
  /** How a queued record ends up once the passes under way (or the next one) are over. */
  settle(seq: number): Promise<Settled>;
  /** Signed in again after a 401: send what waits. */
  resume(): void;
  /** Resolves once no pass is running (at once when none is). */
  idle(): Promise<void>;
  /** When the timer is set to run the next pass (null when none is). */
  nextPassAt(): number | null;
  /** Subscribes to the network state and runs the first pass; returns the stop function. */
  start(): () => void;
};

/**
 * The wait after the `failures`-th failed try in a row: 0.5 s, 1 s, 2 s, … up to 5 min, less a
 * random share of 10 % per failure, at most half. The first retries come soon and close to their
 * time; once failures pile up (a server that is down, and many devices waiting for it) they spread.
 */
export function retryDelayMs(failures: number, random: () => number): number {
  const n = Math.max(1, failures);
  const full = Math.min(BACKOFF_CAP_MS, RETRY_FIRST_MS * 2 ** (n - 1));
  const spread = Math.min(JITTER_MOST, JITTER_PER_FAILURE * n);
  return Math.round(full * (1 - spread * random()));
}

const retryable = (answer: QueuedAnswer & { kind: "refused" }) =>
  answer.status >= 500 || RETRY_STATUSES.has(answer.status) || TOO_FREQUENT_CODES.has(answer.code ?? 0);

const errorOf = (answer: QueuedAnswer & { kind: "refused" }): OutboxError => ({
  status: answer.status,
  code: answer.code,
  msg: answer.msg,
});

const NO_ANSWER: OutboxError = { status: null, code: null, msg: "network" };

/** What was sent, once its request has left: one more attempt. */
const tried = (record: OutboxRecord): OutboxRecord => ({ ...record, attempts: record.attempts + 1 });

export function createSyncEngine(deps: SyncEngineDeps): SyncEngine {
  const { db, clock } = deps;
  let running: Promise<void> | null = null;
  let wanted: FlushReason | null = null;
  let paused = false;
  let timer: { handle: unknown; at: number } | null = null;
  const waiters = new Map<number, ((settled: Settled) => void)[]>();

  const settleWaiters = (seq: number, settled: Settled) => {
    for (const resolve of waiters.get(seq) ?? []) resolve(settled);
    waiters.delete(seq);
  };

  function clearTimer() {
    if (timer !== null) clock.clearTimeout(timer.handle);
    timer = null;
  }

  function schedule(ms: number) {
    clearTimer();
    const handle = clock.setTimeout(() => {
      timer = null;
      void flush("timer");
    }, ms);
    timer = { handle, at: clock.now() + ms };
  }

  async function postpone(record: OutboxRecord, error: OutboxError) {
    const wait = retryDelayMs(record.attempts, deps.random);
    await postponeRecord(db, record.seq, { at: clock.now() + wait, attempts: record.attempts, error });
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
      const offline = isNetworkFailure(error);
      if (offline || isAbort(error)) {
        if (offline) deps.network.reportUnreachable();
        await postpone(tried(record), NO_ANSWER);
        deps.requestBackgroundSync();
        return false;
      }
      // No request left: a fault of this client, shown with the record (and its retry), not counted.
      const message = error instanceof Error ? error.message : String(error);
      const failed = await failRecord(db, record, { status: null, code: null, msg: message });
      deps.onFailed(failed, null);
      settleWaiters(record.seq, { kind: "failed", record: failed });
      return true;
    }
    deps.network.reportReachable();
    const sent = tried(record);
    if (answer.kind === "ok") {
      await acceptRecord(db, sent, answer.result, clock.now());
      settleWaiters(record.seq, { kind: "sent", result: answer.result });
      return deps.userId() === userId;
    }
    if (answer.status === SIGNED_OUT) {
      await postponeRecord(db, record.seq, { at: 0, attempts: sent.attempts, error: errorOf(answer) });
      paused = true;
      return false;
    }
    if (retryable(answer)) {
      await postpone(sent, errorOf(answer));
      return false;
    }
    const failed = await failRecord(db, sent, errorOf(answer));
    deps.onFailed(failed, answer);
    settleWaiters(record.seq, { kind: "failed", record: failed });
    return true;
  }

  async function pass(reason: FlushReason) {
    const userId = deps.userId();
    if (userId === null || paused) return;
    if (!deps.network.isOnline()) {
      // The browser's `online` event or the network state's probe starts the next pass.
      const head = await nextRecord(db, userId);
      const due = head ? head.next_attempt_at - clock.now() : 0;
      if (head) deps.requestBackgroundSync();
      if (head && due > 0) {
        schedule(due);
        return;
      }
      clearTimer();
      if (head && reason === "timer") deps.network.recheck();
      return;
    }
    let sendNow = SENDS_NOW.has(reason);
    for (let head = await nextRecord(db, userId); head; head = await nextRecord(db, userId)) {
      const due = head.next_attempt_at - clock.now();
      if (due > 0 && !sendNow) {
        schedule(due);
        return;
      }
      sendNow = false;
      if (!(await sendHead(userId, head))) return;
    }
  }

  async function drain() {
    while (wanted) {
      const reason = wanted;
      wanted = null;
      try {
        await deps.exclusive(() => pass(reason));
      } catch (error) {
        deps.onPassError?.(error);
        schedule(PASS_RETRY_MS);
      }
    }
    for (const seq of [...waiters.keys()]) settleWaiters(seq, { kind: "waiting" });
  }

  function flush(reason: FlushReason = "asked"): Promise<void> {
    // A reason that sends at once wins over one that waits for the back-off.
    if (wanted === null || !SENDS_NOW.has(wanted)) wanted = reason;
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
    nextPassAt: () => timer?.at ?? null,
    start() {
      let online = deps.network.isOnline();
      const stopNetwork = deps.network.subscribe(() => {
        const now = deps.network.isOnline();
        if (now && !online) void flush("online");
        online = now;
      });
      const stopSeen = deps.network.onServerSeen(() => void flush("reachable"));
      void flush("start");
      return () => {
        stopNetwork();
        stopSeen();
        clearTimer();
      };
    },
  };
}
