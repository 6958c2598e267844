/**
 * One font subsetting thread of the subset pool: harfbuzz (through `subset-font`) runs here, so a
 * large subset never holds up the server's event loop. The font arrives as a SharedArrayBuffer,
 * read once by the main thread and shared by every worker without a copy.
 */
import { parentPort } from "node:worker_threads";
import subsetFont from "subset-font";
import type { SubsetReply, SubsetRequest } from "./subset-pool.ts";

const port = parentPort;
if (!port) throw new Error("subset-worker.ts runs only as a worker thread");

port.on("message", (request: SubsetRequest) => {
  subsetFont(Buffer.from(request.font), request.text, { targetFormat: request.format }).then(
    (built) => {
      // A typed array is posted with its whole backing buffer, which may be a shared pool or a
      // view into harfbuzz's memory: an exact copy is transferred instead.
      const font = new Uint8Array(built.byteLength);
      font.set(built);
      port.postMessage({ id: request.id, ok: true, font } satisfies SubsetReply, [font.buffer]);
    },
    (error: unknown) =>
      port.postMessage({
        id: request.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      } satisfies SubsetReply),
  );
});
