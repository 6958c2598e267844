/**
 * A fixed set of worker threads that subset fonts, with a bounded queue in front of them. Subsetting
 * a CJK font takes the better part of a second; done on the main thread it would hold every other
 * request for as long. A job that finds every worker busy and the queue full is refused at once
 * with `SubsetQueueFull`, which carries how long the backlog should take to clear.
 */
import { availableParallelism } from "node:os";
import type { Worker } from "node:worker_threads";
import { startWorker } from "../../start-worker.ts";

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
};

export type SubsetPool = {
  /** Rejects with `SubsetQueueFull` when the queue is full, and with an `Error` once closed. */
  run(job: SubsetJob): Promise<Buffer>;
  /** Jobs handed to a worker since the pool was made. */
  readonly started: number;
  /** Workers running now, busy or idle. */
  readonly workerCount: number;
  readonly closed: boolean;
  /** Refuses new jobs, fails the waiting and running ones, and stops the workers. */
  close(): Promise<void>;
};

export class SubsetQueueFull extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`font subsetting is busy: try again in ${retryAfterSeconds} s`);
    this.name = "SubsetQueueFull";
  }
}

export const DEFAULT_SUBSET_QUEUE_LIMIT = 16;

/** One core is left to the event loop. */
export const defaultSubsetWorkers = (): number => Math.max(1, availableParallelism() - 1);

export const defaultSubsetPoolSettings = (): SubsetPoolSettings => ({
  workers: defaultSubsetWorkers(),
  queueLimit: DEFAULT_SUBSET_QUEUE_LIMIT,
});

/** The guess of a job's duration before any has finished: a 500-char CJK subset. */
const FIRST_JOB_ESTIMATE_MS = 1000;
const MAX_RETRY_AFTER_SECONDS = 60;

type Waiting = { job: SubsetJob; resolve(font: Buffer): void; reject(error: Error): void };
type Running = Waiting & { id: number; startedAt: number };
type Slot = { worker: Worker; running: Running | null };

export function createSubsetPool(
  settings: SubsetPoolSettings,
  now: () => number = () => performance.now(),
): SubsetPool {
  const slots: Slot[] = [];
  const queue: Waiting[] = [];
  let nextId = 0;
  let started = 0;
  let closed = false;
  let meanJobMs = FIRST_JOB_ESTIMATE_MS;

  function dispatch(): void {
    while (!closed && queue.length > 0) {
      const slot =
        slots.find((s) => s.running === null) ?? (slots.length < settings.workers ? spawn() : null);
      if (!slot) return;
      const waiting = queue.shift()!;
      const id = nextId++;
      slot.running = { ...waiting, id, startedAt: now() };
      started += 1;
      const { font, text, format } = waiting.job;
      slot.worker.postMessage({ id, font, text, format } satisfies SubsetRequest);
    }
  }

  function spawn(): Slot {
    const slot: Slot = { worker: startSubsetWorker(), running: null };
    // Idle workers must not keep the process alive; the server's own handles do that.
    slot.worker.unref();
    slot.worker.on("message", (reply: SubsetReply) => {
      const running = slot.running;
      if (!running || running.id !== reply.id) return;
      slot.running = null;
      meanJobMs = 0.8 * meanJobMs + 0.2 * (now() - running.startedAt);
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
      slot.running?.reject(error);
      slot.running = null;
      dispatch();
    };
    slot.worker.on("error", lose);
    slot.worker.on("exit", (code) => lose(new Error(`a font subset worker stopped with exit code ${code}`)));
    slots.push(slot);
    return slot;
  }

  /** Seconds until every job now running or waiting should be done. */
  function backlogSeconds(): number {
    const jobs = queue.length + slots.filter((s) => s.running !== null).length;
    const seconds = Math.ceil((jobs * meanJobMs) / settings.workers / 1000);
    return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, seconds));
  }

  return {
    run(job) {
      if (closed) return Promise.reject(new Error("the font subset pool is closed"));
      const hasWorkerFree = slots.length < settings.workers || slots.some((s) => s.running === null);
      if (!hasWorkerFree && queue.length >= settings.queueLimit) {
        return Promise.reject(new SubsetQueueFull(backlogSeconds()));
      }
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ job, resolve, reject });
        dispatch();
      });
    },
    get started() {
      return started;
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
      for (const waiting of queue.splice(0)) waiting.reject(error);
      await Promise.all(slots.splice(0).map((slot) => slot.worker.terminate()));
    },
  };
}

const startSubsetWorker = (): Worker =>
  startWorker(new URL("./subset-worker.ts", import.meta.url), { name: "font-subset" });
