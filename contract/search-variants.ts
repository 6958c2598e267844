/**
 * The variant-character pairs full-canon search folds with (contract/search-tokenizer.ts
 * createSearchFolding, from the stored gaiji table), for the offline search worker to fold the
 * same way: `GET /v1/search/variants`. `known` is the hash the client holds; when it is current the
 * pairs are left out.
 */
import { z } from "zod";

export const searchVariantsQuery = z.object({ known: z.string().max(128).optional() });

export const searchVariantsResult = z.object({
  /** Changes whenever the pairs change. */
  hash: z.string().min(1),
  /** [from, to] pairs; null when `known` is the current hash. */
  pairs: z.array(z.tuple([z.string(), z.string()])).nullable(),
});
export type SearchVariants = z.infer<typeof searchVariantsResult>;
