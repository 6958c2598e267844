/**
 * The thread that writes the operation log's batches to a SQLite file (batch-thread.ts), on a
 * connection of its own: the app's thread answers requests meanwhile, its reads going on beside
 * the write (WAL), and the write uses the machine's other core.
 */
import { parentPort, workerData } from "node:worker_threads";
import { openDatabase } from "../../db/connect.ts";
import { batchWriteOn } from "./batch-write.ts";
import type { OplogEvent } from "./event-store.ts";
import { keyedHash } from "./keyed-hash.ts";

export type BatchThreadData = { file: string; secret: Uint8Array };
export type BatchRequest = { id: number; events: readonly OplogEvent[] };
export type BatchReply = { id: number; error: string | null };

const { file, secret } = workerData as BatchThreadData;
const canon = openDatabase({ kind: "sqlite", file });
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
