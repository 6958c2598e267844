/**
 * How often each character occurs in the original text (ori_txt) of a tripitaka's lines: the
 * lines are read once, in batches in key order, so the whole canon is never held in memory.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import { hasPages } from "../../modules/canon/reading-repository.ts";

/** Lines per read. */
const BATCH_LINES = 50000;
const CODE_POINTS = 0x110000;

/** Counts characters by code point. */
export class CharCounter {
  private readonly counts = new Uint32Array(CODE_POINTS);

  add(text: string): void {
    const counts = this.counts;
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
        const low = text.charCodeAt(i + 1);
        if (low >= 0xdc00 && low <= 0xdfff) {
          const codePoint = ((unit - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
          counts[codePoint] = (counts[codePoint] as number) + 1;
          i++;
          continue;
        }
      }
      counts[unit] = (counts[unit] as number) + 1;
    }
  }

  /** The counts by character, in code point order. */
  toMap(): Map<string, number> {
    const map = new Map<string, number>();
    const counts = this.counts;
    for (let codePoint = 0; codePoint < CODE_POINTS; codePoint++) {
      const count = counts[codePoint] as number;
      if (count > 0) map.set(String.fromCodePoint(codePoint), count);
    }
    return map;
  }
}

export async function charCensus(db: Kysely<Database>, tripitakaUid: string): Promise<Map<string, number>> {
  // SQLite reads the lines of the join below in key order whatever their tripitaka: one with no
  // pages would cost a scan of every line.
  if (!(await hasPages(db, tripitakaUid))) return new Map();
  const counter = new CharCounter();
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
    for (const line of lines) counter.add(line.ori_txt);
    const last = lines.at(-1);
    if (!last || lines.length < BATCH_LINES) return counter.toMap();
    after = { page_uid: last.page_uid, line_no: last.line_no };
  }
}
