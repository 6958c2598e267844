import { type Kysely, sql } from "kysely";
import { readReelTexts } from "../../modules/search/index-writer.ts";
import { tidySlots } from "../../modules/search/posting-segments.ts";
import type { Dialect } from "../connect.ts";
import type { Database } from "../schema.ts";

/**
 * PostgreSQL's posting lists are stored as varints (server/modules/search/posting-list-bytes.ts)
 * instead of int32s: every slot's lists are built again from the stored text. Emptied first, the
 * table is filled without its key, which is built once after (posting-segments.ts tidySlots).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`TRUNCATE search_posting`.execute(db);
  await tidySlots(db as Kysely<Database>, dialect, readReelTexts, true);
}
