/**
 * Batches written by a worker thread with its own connection (batch-thread-worker.ts). The
 * thread starts at the first batch and again after it fails; a batch it could not write is
 * rejected, and the writer keeps its events to try again.
 */
import type { Worker } from "node:worker_threads";
import type { DatabaseConfig } from "../../db/connect.ts";
import { startWorker } from "../../start-worker.ts";
import type { BatchReply, BatchRequest, BatchThreadData } from "./batch-thread-worker.ts";
import type { BatchWrite } from "./batch-write.ts";
import type { OplogEvent } from "./event-store.ts";

type Waiting = { resolve: () => void; reject: (error: Error) => void };

const startBatchWorker = (data: BatchThreadData): Worker =>
  startWorker(new URL("./batch-thread-worker.ts", import.meta.url), { workerData: data });

export function batchThread(database: DatabaseConfig, secret: Uint8Array): BatchWrite {
  let worker: Worker | null = null;
  let nextId = 1;
  const waiting = new Map<number, Waiting>();

  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };

  const running = (): Worker => {
    if (worker) return worker;
    const started = startBatchWorker({ database, secret });
    started.on("message", (reply: BatchReply) => {
      const entry = waiting.get(reply.id);
      if (!entry) return;
      waiting.delete(reply.id);
      if (reply.error === null) entry.resolve();
      else entry.reject(new Error(`operation log batch thread: ${reply.error}`));
    });
    started.on("error", (error) => {
      if (worker === started) worker = null;
      failAll(error);
    });
    started.on("exit", (code) => {
      if (worker === started) worker = null;
      failAll(new Error(`operation log batch thread stopped (exit code ${code})`));
    });
    worker = started;
    return started;
  };

  return {
    write(events: readonly OplogEvent[]) {
      const id = nextId++;
      return new Promise<void>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        running().postMessage({ id, events } satisfies BatchRequest);
      });
    },
    async close() {
      const stopping = worker;
      worker = null;
      if (stopping) await stopping.terminate();
    },
  };
}
