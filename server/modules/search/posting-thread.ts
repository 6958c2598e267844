/** A thread that builds one form's posting lists (posting-threads.ts). */
import { parentPort } from "node:worker_threads";
import { buildFormPostings } from "./form-postings.ts";

export type FormPostingsRequest = { reels: Int32Array; texts: string[] };

parentPort?.once("message", ({ reels, texts }: FormPostingsRequest) => {
  const built = buildFormPostings(reels, texts);
  const buffers = [built.keys.buffer, built.offsets.buffer, built.lists.buffer] as ArrayBuffer[];
  parentPort?.postMessage(built, buffers);
});
