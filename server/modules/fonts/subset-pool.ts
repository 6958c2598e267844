/**
 * A fixed set of worker threads that subset fonts, with a bounded queue in front of them. Subsetting
 * a CJK font takes the better part of a second; done on the main thread it would hold every other
 * request for as long. Jobs wait in one line per client and take turns (see `FairQueue`). A job is
 * refused at once with `SubsetBusy`, which carries when to try again, when its client already has
 * its share of jobs in the pool, when the queue is full, or when the other clients' jobs are
 * estimated to keep it waiting past the pool's limit. Jobs run about a second at most (a batch of
 * 600 chars), so a reader's first request waits at most for the jobs already running.
 */
import { availableParallelism } from "node:os";
import type { Worker } from "node:worker_threads";
import { startWorker } from "../../start-worker.ts";
import { FairQueue } from "./fair-queue.ts";

export type SubsetFormat = "woff2" | "sfnt";

export type SubsetJob = {
  /** The whole font file, shared with the workers rather than copied to each. */
  font: SharedArrayBuffer;
  text: string;
  format: SubsetFormat;
};

/** Main thread to worker. */
export type SubsetRequest = SubsetJob & { id: number };
/** Worker to main thread. */
export type SubsetReply =
  | { id: number; ok: true; font: Uint8Array }
  | { id: number; ok: false; message: string };

export type SubsetPoolSettings = {
  /** Worker threads, started as jobs arrive. */
  workers: number;
  /** Jobs that may wait for a worker; one more is refused. */
  queueLimit: number;
  /** Jobs one client may have running or waiting; one more is refused. No limit when absent. */
  perClientLimit?: number;
  /**
   * A client's job that the other clients' jobs are estimated to keep waiting for a worker longer
   * than this is refused. No limit when absent.
   */
  maxWaitMs?: number;
};

export type SubsetPool = {
  /**
   * `client` names who asks (a reader's address); a job without one is the server's own (pack
   * builds) and is held to the queue limit only. Rejects with `SubsetBusy` when refused, and with
   * an `Error` once closed.
   */
  run(job: SubsetJob, client?: string): Promise<Buffer>;
  /** Jobs handed to a worker since the pool was made. */
  readonly started: number;
  /** Jobs on a worker now. */
  readonly running: number;
  /** Jobs waiting for a worker now. */
  readonly waiting: number;
  /** Workers running now, busy or idle. */
  readonly workerCount: number;
  readonly closed: boolean;
  /** Refuses new jobs, fails the waiting and running ones, and stops the workers. */
  close(): Promise<void>;
};

export class SubsetBusy extends Error {
  constructor(
    reason: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`${reason}: try again in ${retryAfterSeconds} s`);
    this.name = "SubsetBusy";
  }
}

export const DEFAULT_SUBSET_QUEUE_LIMIT = 16;
/** A reader's page asks its batches of 500 chars together; a few at once is a reader's share. */
export const DEFAULT_SUBSET_PER_CLIENT = 4;
export const DEFAULT_SUBSET_MAX_WAIT_MS = 1000;

/** One core is left to the event loop. */
export const defaultSubsetWorkers = (): number => Math.max(1, availableParallelism() - 1);

export const defaultSubsetPoolSettings = (): Required<SubsetPoolSettings> => ({
  workers: defaultSubsetWorkers(),
  queueLimit: DEFAULT_SUBSET_QUEUE_LIMIT,
  perClientLimit: DEFAULT_SUBSET_PER_CLIENT,
  maxWaitMs: DEFAULT_SUBSET_MAX_WAIT_MS,
});

/**
 * A subset's time grows with its chars from a fixed cost (reading the font, writing the file) worth
 * about this many chars; a job's estimate is `msPerUnit * (chars + FIXED_COST_CHARS)`.
 */
const FIXED_COST_CHARS = 40;
/** The guess before any job has finished: a 500-char CJK subset in about a second. */
const FIRST_MS_PER_UNIT = 1000 / (500 + FIXED_COST_CHARS);
const MAX_RETRY_AFTER_SECONDS = 60;
/** The client of jobs that name none. */
const SERVER_JOBS = "";

type Waiting = {
  job: SubsetJob;
  units: number;
  resolve(font: Buffer): void;
  reject(error: Error): void;
};
type Running = Waiting & { id: number; client: string; startedAt: number };
type Slot = { worker: Worker; running: Running | null; finishedJobs: number };

export function createSubsetPool(
  settings: SubsetPoolSettings,
  now: () => number = () => performance.now(),
): SubsetPool {
  const slots: Slot[] = [];
  const queue = new FairQueue<Waiting>();
  let nextId = 0;
  let started = 0;
  let closed = false;
  let msPerUnit = FIRST_MS_PER_UNIT;

  function dispatch(): void {
    while (!closed && queue.size > 0) {
      const slot =
        slots.find((s) => s.running === null) ?? (slots.length < settings.workers ? spawn() : null);
      if (!slot) return;
      const { client, item } = queue.shift()!;
      const id = nextId++;
      slot.running = { ...item, id, client, startedAt: now() };
      started += 1;
      const { font, text, format } = item.job;
      slot.worker.postMessage({ id, font, text, format } satisfies SubsetRequest);
    }
  }

  function finish(slot: Slot, running: Running): void {
    slot.running = null;
    queue.finished(running.client);
    slot.finishedJobs += 1;
    // A worker's first job also compiles harfbuzz, so it says nothing of the jobs after it.
    if (slot.finishedJobs > 1) {
      msPerUnit = 0.8 * msPerUnit + 0.2 * ((now() - running.startedAt) / running.units);
    }
  }

  function spawn(): Slot {
    const slot: Slot = { worker: startSubsetWorker(), running: null, finishedJobs: 0 };
    // Idle workers must not keep the process alive; the server's own handles do that.
    slot.worker.unref();
    slot.worker.on("message", (reply: SubsetReply) => {
      const running = slot.running;
      if (!running || running.id !== reply.id) return;
      finish(slot, running);
      if (reply.ok) {
        running.resolve(Buffer.from(reply.font.buffer, reply.font.byteOffset, reply.font.byteLength));
      } else {
        running.reject(new Error(`font subsetting failed: ${reply.message}`));
      }
      dispatch();
    });
    const lose = (error: Error) => {
      const index = slots.indexOf(slot);
      if (index >= 0) slots.splice(index, 1);
      const running = slot.running;
      if (running) {
        slot.running = null;
        queue.finished(running.client);
        running.reject(error);
      }
      dispatch();
    };
    slot.worker.on("error", lose);
    slot.worker.on("exit", (code) => lose(new Error(`a font subset worker stopped with exit code ${code}`)));
    slots.push(slot);
    return slot;
  }

  /**
   * When each worker the pool may have is next free, in milliseconds from now; with `onlyOf`, a
   * worker busy with another client's job counts as free.
   */
  function workerFreeIn(onlyOf?: string): number[] {
    const at = now();
    const freeIn = slots.map(({ running }) => {
      if (!running || (onlyOf !== undefined && running.client !== onlyOf)) return 0;
      return Math.max(0, running.units * msPerUnit - (at - running.startedAt));
    });
    while (freeIn.length < settings.workers) freeIn.push(0);
    return freeIn;
  }

  const refuse = (reason: string, waitMs: number): Promise<Buffer> => {
    const seconds = Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(waitMs / 1000)));
    return Promise.reject(new SubsetBusy(reason, seconds));
  };

  return {
    run(job, client) {
      if (closed) return Promise.reject(new Error("the font subset pool is closed"));
      const line = client ?? SERVER_JOBS;
      const waitMs = queue.estimateWait(line, workerFreeIn(), msPerUnit);
      const perClient = settings.perClientLimit ?? Number.POSITIVE_INFINITY;
      if (client !== undefined && queue.inFlight(line) >= perClient) {
        return refuse(`this address already has ${perClient} font subsets in progress`, waitMs);
      }
      const hasWorkerFree = slots.length < settings.workers || slots.some((s) => s.running === null);
      if (!hasWorkerFree && queue.size >= settings.queueLimit) {
        return refuse("font subsetting is busy", waitMs);
      }
      if (client !== undefined && settings.maxWaitMs !== undefined) {
        // A client's own jobs queue behind each other up to its share; only the wait the other
        // clients' jobs cause it counts against the limit.
        const ownWaitMs = queue.estimateWait(line, workerFreeIn(line), msPerUnit, true);
        if (waitMs - ownWaitMs > settings.maxWaitMs) return refuse("font subsetting is busy", waitMs);
      }
      return new Promise<Buffer>((resolve, reject) => {
        const units = [...job.text].length + FIXED_COST_CHARS;
        queue.push(line, { job, units, resolve, reject }, units);
        dispatch();
      });
    },
    get started() {
      return started;
    },
    get running() {
      return slots.filter((slot) => slot.running !== null).length;
    },
    get waiting() {
      return queue.size;
    },
    get workerCount() {
      return slots.length;
    },
    get closed() {
      return closed;
    },
    async close() {
      if (closed) return;
      closed = true;
      const error = new Error("the font subset pool is closed");
      for (const waiting of queue.drain()) waiting.reject(error);
      await Promise.all(slots.splice(0).map((slot) => slot.worker.terminate()));
    },
  };
}

const startSubsetWorker = (): Worker =>
  startWorker(new URL("./subset-worker.ts", import.meta.url), { name: "font-subset" });
