// Starts a worker thread from the TypeScript sources (development, tests, benchmarks): on Node 20
// a worker does not apply the loader its parent runs under to its own entry file. The built
// server starts the compiled entries directly (start-worker.ts).
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
