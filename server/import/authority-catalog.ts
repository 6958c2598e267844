/**
 * The catalogue of works (metadata/authority-catalog/<collection>.json), keyed by the CBETA work id
 * (`T0251`, `JB470`): title, category, byline, dynasty, years and contributors.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

const entrySchema = z.object({
  title: z.string().optional(),
  category: z.string().optional(),
  byline: z.string().optional(),
  dynasty: z.string().optional(),
  time_from: z.number().int().optional(),
  time_to: z.number().int().optional(),
  contributors: z.array(z.object({ name: z.string(), id: z.string().optional() })).optional(),
});

export type AuthorityEntry = z.infer<typeof entrySchema>;

export type AuthorityCatalog = {
  entry(collection: string, workNo: string): AuthorityEntry | null;
};

export function loadAuthorityCatalog(metadataDir: string | null): AuthorityCatalog {
  const cache = new Map<string, Record<string, unknown>>();
  const collectionFile = (collection: string): Record<string, unknown> => {
    const cached = cache.get(collection);
    if (cached) return cached;
    const file = metadataDir ? join(metadataDir, "authority-catalog", `${collection}.json`) : null;
    const data =
      file && existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>) : {};
    cache.set(collection, data);
    return data;
  };
  return {
    entry(collection, workNo) {
      const raw = collectionFile(collection)[`${collection}${workNo}`];
      if (raw === undefined) return null;
      const parsed = entrySchema.safeParse(raw);
      return parsed.success ? parsed.data : null;
    },
  };
}
