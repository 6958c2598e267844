/**
 * The operation log's batching writer. Tracking and search hand it events and answer at once; it
 * writes them every `flushEveryMs` or every `flushAtEvents` events, whichever comes first (and on
 * close), each batch in ONE transaction: the raw rows in multi-row inserts and the batch's rollup
 * sums (batch-write.ts; from a thread of its own when `writeInThread` asks, batch-thread.ts). Its buffer is bounded: past `bufferLimit` waiting events new ones are dropped, counted and
 * logged, rather than slowing readers down. Writes, pruning and the one-off rollup of older events
 * run one at a time, in the order asked.
 *
 * Upkeep (at most once per `pruneEveryMs`, after a write or when idle): the per-user counts of the
 * buckets that have closed are packed (packed-user-counts.ts), events older than `keepDays` are
 * deleted and addresses older than `ipDays` cleared; the rollups keep the figures.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Dialect } from "../../db/connect.ts";
import type { Database } from "../../db/schema.ts";
import { type BatchWrite, batchWriteOn } from "./batch-write.ts";
import {
  clearAddressesBefore,
  deleteEventsBefore,
  eventsForRollup,
  type OplogEvent,
  PRUNE_CHUNK,
} from "./event-store.ts";
import type { KeyedHash } from "./keyed-hash.ts";
import { packClosedBuckets } from "./packed-user-counts.ts";
import { rollUp, searchKeyword } from "./rollup-batch.ts";
import { addToRollups, advanceBackfill, backfillState, lockRollups } from "./rollup-store.ts";
import { DAY_MS, HOUR_MS } from "./time-zone.ts";

export type Timer = {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

/** Node's timers, not keeping the process alive on their own. */
export const nodeTimer: Timer = {
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export type Retention = {
  /** Days an event keeps its address. */
  ipDays: number;
  /** Days an event is kept at all; null keeps events for ever. */
  keepDays: number | null;
};

export const DEFAULT_RETENTION: Retention = { ipDays: 30, keepDays: null };

export type OplogWriterSettings = {
  timer?: Timer;
  retention?: Retention;
  flushEveryMs?: number;
  flushAtEvents?: number;
  bufferLimit?: number;
  pruneEveryMs?: number;
  /** Writes the batches from a thread of their own (batch-thread.ts), on a connection of its own. */
  writeInThread?: boolean;
};

export type OplogWriterOptions = OplogWriterSettings & {
  db: Kysely<Database>;
  dialect: Dialect;
  now: () => number;
  hash: KeyedHash;
  log: FastifyBaseLogger;
  /** How batches reach the database; by default a transaction on `db`. */
  batchWrite?: BatchWrite;
};

export type OplogWriterStats = { received: number; written: number; dropped: number; pending: number };
/** Addresses cleared, events deleted, and closed buckets of per-user counts packed. */
export type PruneResult = { cleared: number; deleted: number; packed: number };

export type OplogWriter = {
  /** Takes an event to write; false when it was dropped (buffer full or writer closed). */
  record(event: OplogEvent): boolean;
  /** Writes every event received so far. */
  flush(): Promise<void>;
  /** Does the upkeep now: packs closed buckets, applies the retention rules. */
  prune(): Promise<PruneResult>;
  /** Rolls up the events stored before the rollups existed; answers how many it rolled up. */
  backfill(): Promise<number>;
  /** Arms the idle pruning timer, once the database is ready. */
  start(): void;
  close(): Promise<void>;
  stats(): OplogWriterStats;
};

/**
 * Events per transaction at most: each commit rewrites the rollup and index pages it touched, so
 * larger batches cost less per event, but a write holds SQLite's one connection (or, from the
 * batch thread, its write lock) for as long as it runs: about 0.1 s for this many.
 */
export const DEFAULT_FLUSH_AT_EVENTS = 2_000;

/** Old events rolled up per transaction. */
const BACKFILL_CHUNK = 5_000;

function storedExtra(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function createOplogWriter(options: OplogWriterOptions): OplogWriter {
  const { db, dialect, now, hash, log } = options;
  const batchWrite = options.batchWrite ?? batchWriteOn(db, dialect, hash);
  const timer = options.timer ?? nodeTimer;
  const retention = options.retention ?? DEFAULT_RETENTION;
  const flushEveryMs = options.flushEveryMs ?? 1_000;
  const flushAtEvents = options.flushAtEvents ?? DEFAULT_FLUSH_AT_EVENTS;
  const bufferLimit = options.bufferLimit ?? 100_000;
  const pruneEveryMs = options.pruneEveryMs ?? HOUR_MS;

  const counts = { received: 0, written: 0, dropped: 0 };
  let buffer: OplogEvent[] = [];
  let inFlight = 0;
  let flushTimer: unknown = null;
  let idleTimer: unknown = null;
  let sizeFlushQueued = false;
  let warnedSinceWrite = false;
  let lastPruneAt: number | null = null;
  let backfillDone = false;
  let closed = false;
  let tail: Promise<unknown> = Promise.resolve();

  const serially = <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };

  const drop = (count: number) => {
    counts.dropped += count;
    if (warnedSinceWrite) return;
    warnedSinceWrite = true;
    log.warn({ dropped: counts.dropped, bufferLimit }, "operation log buffer full: dropping events");
  };

  const flushInBackground = () => {
    flush().catch((error: unknown) => log.error({ err: error }, "operation log write failed; will retry"));
  };

  const armFlushTimer = () => {
    if (flushTimer !== null || closed) return;
    flushTimer = timer.setTimeout(() => {
      flushTimer = null;
      flushInBackground();
    }, flushEveryMs);
  };

  const armIdleTimer = () => {
    if (idleTimer !== null) timer.clearTimeout(idleTimer);
    idleTimer = closed
      ? null
      : timer.setTimeout(() => {
          idleTimer = null;
          void serially(pruneIfDue);
        }, pruneEveryMs);
  };

  /**
   * Writes what the buffer holds, at most `flushAtEvents` events per transaction (so a write holds
   * the database for a short while only), then prunes if it is time (unless closing).
   */
  async function writeBuffered(): Promise<void> {
    sizeFlushQueued = false;
    if (flushTimer !== null) {
      timer.clearTimeout(flushTimer);
      flushTimer = null;
    }
    // Events recorded while this runs wait for the next flush, so that a flush always ends.
    for (let left = buffer.length; left > 0; ) {
      const batch = buffer.splice(0, Math.min(left, flushAtEvents));
      left -= batch.length;
      inFlight = batch.length;
      try {
        await batchWrite.write(batch);
        counts.written += batch.length;
        warnedSinceWrite = false;
      } catch (error) {
        buffer = batch.concat(buffer);
        if (buffer.length > bufferLimit) drop(buffer.splice(0, buffer.length - bufferLimit).length);
        armFlushTimer();
        throw error;
      } finally {
        inFlight = 0;
      }
    }
    if (!closed) await pruneIfDue();
  }

  async function backfillFinished(): Promise<boolean> {
    if (!backfillDone) {
      const state = await backfillState(db);
      backfillDone = state.doneTo >= state.pendingTo;
    }
    return backfillDone;
  }

  async function pruneNow(): Promise<PruneResult> {
    lastPruneAt = now();
    const result = { cleared: 0, deleted: 0, packed: await packClosedBuckets(db, dialect, lastPruneAt) };
    // Old events not yet in the rollups must keep their rows and addresses until they are.
    if (!(await backfillFinished())) return result;
    let step: number;
    if (retention.keepDays !== null) {
      const before = lastPruneAt - retention.keepDays * DAY_MS;
      do {
        step = await deleteEventsBefore(db, before);
        result.deleted += step;
      } while (step === PRUNE_CHUNK);
    }
    const clearBefore = lastPruneAt - retention.ipDays * DAY_MS;
    do {
      step = await clearAddressesBefore(db, clearBefore);
      result.cleared += step;
    } while (step === PRUNE_CHUNK);
    if (result.cleared + result.deleted > 0) log.info(result, "operation log pruned");
    return result;
  }

  async function pruneIfDue(): Promise<void> {
    try {
      if (lastPruneAt === null || now() - lastPruneAt >= pruneEveryMs) await pruneNow();
    } catch (error) {
      log.error({ err: error }, "operation log pruning failed");
    } finally {
      armIdleTimer();
    }
  }

  async function backfillNow(): Promise<number> {
    let rolled = 0;
    for (;;) {
      const step = await db.transaction().execute(async (trx) => {
        await lockRollups(trx, dialect);
        const state = await backfillState(trx);
        if (state.doneTo >= state.pendingTo) return null;
        const rows = await eventsForRollup(trx, state.doneTo, state.pendingTo, BACKFILL_CHUNK);
        const inputs = rows.map((row) => ({
          created_at: Number(row.created_at),
          event_id: row.event_id,
          user_id: row.user_id,
          anonymous_uuid: row.anonymous_uuid,
          ip: row.ip,
          keyword: searchKeyword(row.event_id, storedExtra(row.extra)),
        }));
        await addToRollups(trx, dialect, rollUp(inputs), hash);
        await advanceBackfill(trx, rows.at(-1)?.id ?? state.pendingTo);
        return rows.length;
      });
      if (step === null) break;
      rolled += step;
    }
    backfillDone = true;
    return rolled;
  }

  const flush = () => serially(writeBuffered);

  return {
    record(event) {
      counts.received++;
      if (closed) {
        counts.dropped++;
        return false;
      }
      if (buffer.length + inFlight >= bufferLimit) {
        drop(1);
        return false;
      }
      buffer.push(event);
      if (buffer.length < flushAtEvents) armFlushTimer();
      else if (!sizeFlushQueued) {
        sizeFlushQueued = true;
        flushInBackground();
      }
      return true;
    },
    flush,
    prune: () => serially(pruneNow),
    backfill: () => serially(backfillNow),
    start: armIdleTimer,
    async close() {
      closed = true;
      if (flushTimer !== null) timer.clearTimeout(flushTimer);
      if (idleTimer !== null) timer.clearTimeout(idleTimer);
      flushTimer = null;
      idleTimer = null;
      try {
        await serially(writeBuffered);
      } finally {
        await batchWrite.close();
      }
    },
    stats: () => ({ ...counts, pending: buffer.length + inFlight }),
  };
}
