import { type Kysely, sql } from "kysely";
import type { Dialect } from "../connect.ts";

/**
 * PostgreSQL's search_posting is keyed by (slot, seg, gram) instead of (gram, slot, seg) with an
 * index of its own on seg: a search reads each segment of a slot by its key (posting-index.ts),
 * and a segment's rows are dropped by it, so one index serves both and a bulk fill builds one.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`ALTER TABLE search_posting DROP CONSTRAINT search_posting_pkey`.execute(db);
  await sql`DROP INDEX search_posting_seg`.execute(db);
  await sql`ALTER TABLE search_posting ADD CONSTRAINT search_posting_pkey PRIMARY KEY (slot, seg, gram)`.execute(
    db,
  );
}
