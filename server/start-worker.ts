/**
 * Starts a worker thread on a server module. The server runs either from its TypeScript sources
 * under tsx or compiled to JavaScript. From the sources the thread starts at worker-boot.mjs,
 * which registers tsx's loader and imports the entry; its own data goes in `workerData.data`.
 */
import { Worker, type WorkerOptions } from "node:worker_threads";

const FROM_SOURCES = import.meta.url.endsWith(".ts");

/** `source`: the entry's `.ts` URL; the compiled server starts the `.js` beside it. */
export function startWorker(source: URL, options: WorkerOptions = {}): Worker {
  if (!FROM_SOURCES) return new Worker(new URL(source.href.replace(/\.ts$/, ".js")), options);
  return new Worker(new URL("./worker-boot.mjs", import.meta.url), {
    ...options,
    workerData: { entry: source.href, data: options.workerData },
  });
}

/** The data a thread started by startWorker was given. */
export function startedWith<T>(workerData: unknown): T {
  return (FROM_SOURCES ? (workerData as { data: T }).data : workerData) as T;
}
