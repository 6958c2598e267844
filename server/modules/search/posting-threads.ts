/**
 * The posting lists of many reels (a bulk segment) built by two threads at once, std's and sim's,
 * while this one finds where ori differs from std (derived-postings.ts): the build takes seconds
 * for a collection, and the parts need nothing of each other.
 */
import { startWorker } from "../../start-worker.ts";
import { deriveForm } from "./derived-postings.ts";
import type { FormPostings } from "./form-postings.ts";
import { formTexts, type PostingReel, Postings } from "./posting-lists.ts";
import type { FormPostingsRequest } from "./posting-thread.ts";

function buildInThread(request: FormPostingsRequest): Promise<FormPostings> {
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
  const stdTexts = formTexts(reels, "std");
  const built = Promise.all([
    buildInThread({ reels: numbers, texts: stdTexts }),
    buildInThread({ reels: numbers, texts: formTexts(reels, "sim") }),
  ]);
  const ori = deriveForm(numbers, stdTexts, formTexts(reels, "ori"));
  const [std, sim] = await built;
  return new Postings({ ori, std, sim });
}
