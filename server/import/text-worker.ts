/** The thread that prepares works for the import (text-preparer.ts), one at a time, in the order asked. */
import { parentPort, workerData } from "node:worker_threads";
import { startedWith } from "../start-worker.ts";
import { transferablesOf } from "./line-rows.ts";
import {
  loadPreparationContext,
  type PreparationSources,
  type PreparedWork,
  prepareWork,
  type WorkToPrepare,
} from "./text-preparation.ts";

export type PrepareRequest = { id: number; work: WorkToPrepare };
export type PrepareReply = { id: number; result: PreparedWork } | { id: number; error: string };

const context = loadPreparationContext(startedWith<PreparationSources>(workerData));

parentPort?.on("message", ({ id, work }: PrepareRequest) => {
  let reply: PrepareReply;
  try {
    reply = { id, result: prepareWork(work, context) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  const moved =
    "result" in reply && reply.result.kind === "prepared" ? transferablesOf(reply.result.sutra.lines) : [];
  parentPort?.postMessage(reply, moved);
});
