/**
 * `GET /v1/search/variants`: the variant pairs of the stored gaiji table that the search folding is
 * made from (readings.ts), so offline search folds exactly as the server does. Read once per gaiji
 * table (the importer's `gaiji_hash` setting names it; checked before use, or trusted while the
 * app's cache invalidation vouches that no change was announced).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { envelope, ok } from "../../../contract/envelope.ts";
import { type VariantPair, variantPairsOfGaiji } from "../../../contract/search-tokenizer.ts";
import { searchVariantsQuery, searchVariantsResult } from "../../../contract/search-variants.ts";
import type { CacheMark } from "../../plugins/cache-invalidation.ts";
import { GAIJI_HASH_TOPIC } from "./readings.ts";

export function registerSearchVariantsRoute(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  let cached: { hash: string; pairs: [string, string][]; mark: CacheMark } | null = null;

  const current = async () => {
    if (cached && app.cacheInvalidation.fresh(cached.mark)) return cached;
    const mark = app.cacheInvalidation.mark(GAIJI_HASH_TOPIC);
    const db = app.deps.canon.db;
    const stored = await db
      .selectFrom("setting")
      .select("value")
      .where("key", "=", "gaiji_hash")
      .executeTakeFirst();
    const hash = stored?.value || "none";
    if (cached?.hash === hash) {
      cached.mark = mark;
      return cached;
    }
    const rows = await db.selectFrom("gaiji").select(["pua", "uni_char", "norm_char"]).execute();
    const pairs = variantPairsOfGaiji(rows).map(([a, b]: VariantPair): [string, string] => [a, b]);
    cached = { hash, pairs, mark };
    return cached;
  };

  app.get(
    "/search/variants",
    {
      schema: {
        tags: ["search"],
        querystring: searchVariantsQuery,
        response: { 200: envelope(searchVariantsResult) },
      },
    },
    async (request) => {
      const { hash, pairs } = await current();
      return ok({ hash, pairs: request.query.known === hash ? null : pairs });
    },
  );
}
