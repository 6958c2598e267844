/**
 * How often each character occurs in the original text (ori_txt) of a tripitaka's lines: the
 * lines are read once, in batches in key order, so the whole canon is never held in memory.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";

/** Lines per read. */
const BATCH_LINES = 50000;

/** Adds the characters of `text` (by code point) to `counts`. */
export function countCharsInto(counts: Map<string, number>, text: string): void {
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
}

export async function charCensus(db: Kysely<Database>, tripitakaUid: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  let after: { page_uid: string; line_no: number } | null = null;
  for (;;) {
    let query = db
      .selectFrom("line")
      .innerJoin("page", "page.uid", "line.page_uid")
      .select(["line.page_uid", "line.line_no", "line.ori_txt"])
      .where("page.tripitaka_uid", "=", tripitakaUid);
    if (after) {
      // A row comparison is one range of the primary key; PostgreSQL scans the OR form from the start.
      const { page_uid, line_no } = after;
      query = query.where(sql<boolean>`(line.page_uid, line.line_no) > (${page_uid}, ${line_no})`);
    }
    const lines = await query.orderBy("line.page_uid").orderBy("line.line_no").limit(BATCH_LINES).execute();
    for (const line of lines) countCharsInto(counts, line.ori_txt);
    const last = lines.at(-1);
    if (!last || lines.length < BATCH_LINES) return counts;
    after = { page_uid: last.page_uid, line_no: last.line_no };
  }
}
