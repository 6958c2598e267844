/**
 * The folding classes and the keyword reader, built once per process from the stored gaiji table
 * and built again when the importer stores a different one (its `gaiji_hash` setting is checked
 * before use, or trusted while `invalidation` vouches that no change was announced).
 */
import type { Kysely } from "kysely";
import { createKeywordReader, type KeywordReader } from "../../../contract/search-keyword.ts";
import { createSearchFolding, variantPairsOfGaiji } from "../../../contract/search-tokenizer.ts";
import type { Database } from "../../db/schema.ts";
import type { CacheInvalidation, CacheMark } from "../../plugins/cache-invalidation.ts";
import type { Readings } from "./query-plan.ts";

export type SearchReadings = Readings & { readKeyword: KeywordReader };

/** The setting the importer changes with the gaiji table, as cache-invalidation notices name it. */
export const GAIJI_HASH_TOPIC = "setting:gaiji_hash";

export function createReadingsCache(
  db: () => Kysely<Database>,
  invalidation?: CacheInvalidation,
): () => Promise<SearchReadings> {
  let cached: { key: string; readings: SearchReadings; mark: CacheMark | null } | null = null;
  return async () => {
    if (cached?.mark && invalidation?.fresh(cached.mark)) return cached.readings;
    const mark = invalidation?.mark(GAIJI_HASH_TOPIC) ?? null;
    const stored = await db()
      .selectFrom("setting")
      .select("value")
      .where("key", "=", "gaiji_hash")
      .executeTakeFirst();
    const key = stored?.value ?? "";
    if (cached && cached.key === key) {
      cached.mark = mark;
      return cached.readings;
    }
    const rows = await db().selectFrom("gaiji").select(["pua", "uni_char", "norm_char"]).execute();
    const folding = createSearchFolding(variantPairsOfGaiji(rows));
    const privateUse = new Map<string, string[]>();
    for (const row of rows) {
      // Only chars without a Unicode code point stay private-use in the text (server/import/gaiji.ts).
      if (row.uni_char || !row.norm_char) continue;
      const list = privateUse.get(row.norm_char) ?? [];
      list.push(String.fromCodePoint(row.pua));
      privateUse.set(row.norm_char, list);
    }
    const readings: SearchReadings = {
      folding,
      privateUseOf: (ch) => privateUse.get(ch) ?? [],
      readKeyword: createKeywordReader(folding),
    };
    cached = { key, readings, mark };
    return readings;
  };
}
