/**
 * Works prepared in worker threads (text-worker.ts) while the import writes the ones before
 * them: the parsing and text-form conversion take as long as the writing, and a thread of its own
 * lets them run side by side. Works go to the threads in turn; each answer comes back to its own
 * promise.
 */
import { availableParallelism } from "node:os";
import type { Worker } from "node:worker_threads";
import { startWorker } from "../start-worker.ts";
import type { PreparationSources, PreparedWork, WorkToPrepare } from "./text-preparation.ts";
import type { PrepareReply, PrepareRequest } from "./text-worker.ts";

type Waiting = { resolve: (work: PreparedWork) => void; reject: (error: Error) => void };

/** One thread per core beyond the one that writes, at most four. */
export const defaultPreparerThreads = (): number => Math.max(1, Math.min(4, availableParallelism() - 1));

export class TextPreparer {
  private readonly workers: Worker[];
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private failure: Error | null = null;

  constructor(sources: PreparationSources, threads = defaultPreparerThreads()) {
    this.workers = Array.from({ length: threads }, () => {
      const worker = startWorker(new URL("./text-worker.ts", import.meta.url), {
        name: "canon-text-preparer",
        workerData: sources,
        // Preparing a work makes many short-lived strings and rows: a larger young generation
        // collects them with fewer pauses.
        resourceLimits: { maxYoungGenerationSizeMb: 64 },
      });
      worker.on("message", (reply: PrepareReply) => this.answer(reply));
      worker.on("error", (error) => this.fail(error));
      worker.on("exit", (code) => {
        if (code !== 0) this.fail(new Error(`the text preparer thread stopped with code ${code}`));
      });
      return worker;
    });
  }

  prepare(work: WorkToPrepare): Promise<PreparedWork> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    const worker = this.workers[id % this.workers.length] as Worker;
    const answer = new Promise<PreparedWork>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    // Asked ahead of time, an answer may be let go unread when the import stops.
    answer.catch(() => undefined);
    worker.postMessage({ id, work } satisfies PrepareRequest);
    return answer;
  }

  async close(): Promise<void> {
    this.fail(new Error("the text preparer is closed"));
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private answer(reply: PrepareReply): void {
    const waiting = this.waiting.get(reply.id);
    if (!waiting) return;
    this.waiting.delete(reply.id);
    if ("error" in reply) waiting.reject(new Error(reply.error));
    else waiting.resolve(reply.result);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const { reject } of this.waiting.values()) reject(error);
    this.waiting.clear();
  }
}
