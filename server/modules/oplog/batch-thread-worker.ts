/**
 * The thread that writes the operation log's batches (batch-thread.ts), on a connection of its own:
 * the app's thread answers requests meanwhile (on SQLite its reads go on beside the write, WAL),
 * and the write, with building its statements, uses another core.
 */
import { parentPort, workerData } from "node:worker_threads";
import { type DatabaseConfig, openDatabase } from "../../db/connect.ts";
import { startedWith } from "../../start-worker.ts";
import { batchWriteOn } from "./batch-write.ts";
import type { OplogEvent } from "./event-store.ts";
import { keyedHash } from "./keyed-hash.ts";

export type BatchThreadData = { database: DatabaseConfig; secret: Uint8Array };
export type BatchRequest = { id: number; events: readonly OplogEvent[] };
export type BatchReply = { id: number; error: string | null };

const { database, secret } = startedWith<BatchThreadData>(workerData);
const canon = openDatabase(database);
const writer = batchWriteOn(canon.db, canon.dialect, keyedHash(secret));
const port = parentPort;
if (!port) throw new Error("the operation log's batch thread runs as a worker thread only");

port.on("message", (request: BatchRequest) => {
  writer.write(request.events).then(
    () => port.postMessage({ id: request.id, error: null } satisfies BatchReply),
    (error: unknown) =>
      port.postMessage({
        id: request.id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies BatchReply),
  );
});
