import type { Kysely } from "kysely";
import { rebuildSearchIndex } from "../../modules/search/index-writer.ts";
import type { Dialect } from "../connect.ts";
import type { Database } from "../schema.ts";

/**
 * Every char's tokens in search_posting are followed by its counts token, each reel's hits of the
 * char (server/modules/search/char-counts.ts), which a single-char search reads instead of every
 * token the char starts. Every slot's lists are built again from the stored text, in one
 * transaction, so a failure leaves the earlier index as it was.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await rebuildSearchIndex(db as Kysely<Database>, dialect);
}
