/**
 * The posting lists of many reels (a bulk segment) built by three threads at once, a text form
 * each: the build takes seconds for a collection, and the forms need nothing of each other.
 */
import { startWorker } from "../../start-worker.ts";
import { INDEX_COLUMNS, type IndexColumn } from "./index-columns.ts";
import { type FormPostings, formTexts, type PostingReel, Postings } from "./postgres-postings.ts";
import type { FormPostingsRequest } from "./posting-thread.ts";

function buildFormInThread(request: FormPostingsRequest): Promise<FormPostings> {
  const worker = startWorker(new URL("./posting-thread.ts", import.meta.url), { name: "search-postings" });
  return new Promise<FormPostings>((resolve, reject) => {
    worker.once("message", (built: FormPostings) => resolve(built));
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the posting thread stopped with code ${code}`)));
    worker.postMessage(request);
  }).finally(() => worker.terminate());
}

export async function buildPostingsInThreads(reels: readonly PostingReel[]): Promise<Postings> {
  const numbers = Int32Array.from(reels, (reel) => reel.reel);
  const built = await Promise.all(
    INDEX_COLUMNS.map((form) => buildFormInThread({ reels: numbers, texts: formTexts(reels, form) })),
  );
  const forms = {} as Record<IndexColumn, FormPostings>;
  INDEX_COLUMNS.forEach((form, i) => {
    forms[form] = built[i] as FormPostings;
  });
  return new Postings(forms);
}
