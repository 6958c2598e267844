/**
 * The variant pairs and their hash a pack's search index is folded with: the same data
 * `GET /v1/search/variants` answers (server/modules/search/variants.ts), read from the stored gaiji
 * table named by the importer's `gaiji_hash` setting.
 */
import type { Kysely } from "kysely";
import { variantPairsOfGaiji } from "../../contract/search-tokenizer.ts";
import type { VariantData } from "../../workers/search/api.ts";
import type { Database } from "../db/schema.ts";

export async function readVariantData(db: Kysely<Database>): Promise<VariantData> {
  const stored = await db
    .selectFrom("setting")
    .select("value")
    .where("key", "=", "gaiji_hash")
    .executeTakeFirst();
  const rows = await db.selectFrom("gaiji").select(["pua", "uni_char", "norm_char"]).execute();
  const pairs = variantPairsOfGaiji(rows).map(([a, b]): [string, string] => [a, b]);
  return { hash: stored?.value || "none", pairs };
}
