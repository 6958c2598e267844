/**
 * Where a pasted reference leads (GET /v1/cite?ref=…): the reel and the line (or the page and the
 * column) it names, read with contract/citations.ts and looked up in the library. A reference that
 * cannot be read answers 400 with the reason's code in `msg` (EMPTY, UNKNOWN_FORM,
 * UNKNOWN_COLLECTION, AMBIGUOUS, BAD_RANGE); one the library does not hold answers 404.
 */
import { z } from "zod";

export { citeHref } from "./citations.ts";

export const citeQuery = z.object({ ref: z.string().max(200) });

export const citeResult = z.object({
  /** The reel holding the line, or null for a page of a scan that no reel's text covers. */
  reel_uid: z.string().nullable(),
  page_uid: z.string(),
  /** The `cid` query that marks the place: a line id, or "first-last" for a range; null for a page. */
  cid: z.string().nullable(),
  /** The address to open: `/scroll/{reel}?cid=…` or `/page/{page}?cid=…`. */
  href: z.string(),
});
export type CiteResult = z.infer<typeof citeResult>;
