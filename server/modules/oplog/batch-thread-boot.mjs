// Starts the batch thread from the TypeScript sources (development, tests, benchmarks): the
// thread does not inherit the loader the app's thread runs under. The built server starts the
// compiled batch-thread-worker.js directly.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
