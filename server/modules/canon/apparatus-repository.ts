/**
 * The rows the collation apparatus is answered from: each reel's stored entries (reel_apparatus),
 * the reels asked that exist, and what a cross-reference needs to be opened here (the lines it
 * names, and the names of their editions).
 */
import type { Kysely } from "kysely";
import type { StoredApparatusEntry } from "../../../contract/apparatus-witnesses.ts";
import type { Database } from "../../db/schema.ts";
import { decodeStoredEntries } from "./apparatus-codec.ts";
import { chunks, IN_CHUNK } from "./reel-reads.ts";

type Db = Kysely<Database>;

/** Of `reelUids`, those that exist. */
export async function existingReels(db: Db, reelUids: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (const part of chunks([...new Set(reelUids)], IN_CHUNK)) {
    const rows = await db.selectFrom("reel").select("uid").where("uid", "in", part).execute();
    for (const row of rows) out.add(row.uid);
  }
  return out;
}

/** The stored entries of each reel that has an apparatus, in text order. */
export async function storedEntries(
  db: Db,
  reelUids: readonly string[],
): Promise<Map<string, StoredApparatusEntry[]>> {
  const out = new Map<string, StoredApparatusEntry[]>();
  for (const part of chunks([...new Set(reelUids)], IN_CHUNK)) {
    const rows = await db
      .selectFrom("reel_apparatus")
      .select(["reel_uid", "entries"])
      .where("reel_uid", "in", part)
      .execute();
    for (const row of rows) out.set(row.reel_uid, decodeStoredEntries(row.entries));
  }
  return out;
}

export type LineAt = { page_uid: string; line_no: number };

/** The reel of each line found among `lines`, keyed `${page_uid}.${line_no}` (null: a page's own text). */
export async function reelsOfLines(db: Db, lines: readonly LineAt[]): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  const wanted = new Set(lines.map((line) => `${line.page_uid}.${line.line_no}`));
  const pageUids = [...new Set(lines.map((line) => line.page_uid))];
  for (const part of chunks(pageUids, IN_CHUNK)) {
    const pages = new Set(part);
    const lineNos = [
      ...new Set(lines.filter((line) => pages.has(line.page_uid)).map((line) => line.line_no)),
    ];
    const rows = await db
      .selectFrom("line")
      .select(["page_uid", "line_no", "reel_uid"])
      .where("page_uid", "in", part)
      .where("line_no", "in", lineNos)
      .execute();
    for (const row of rows) {
      const key = `${row.page_uid}.${row.line_no}`;
      if (wanted.has(key)) out.set(key, row.reel_uid);
    }
  }
  return out;
}

/** The traditional and simplified names of the editions asked that are known. */
export async function tripitakaNames(
  db: Db,
  uids: readonly string[],
): Promise<Map<string, { name_trad: string; name_sim: string }>> {
  const out = new Map<string, { name_trad: string; name_sim: string }>();
  if (uids.length === 0) return out;
  const rows = await db
    .selectFrom("tripitaka")
    .select(["uid", "name_trad", "name_sim"])
    .where("uid", "in", [...new Set(uids)])
    .execute();
  for (const row of rows) out.set(row.uid, { name_trad: row.name_trad, name_sim: row.name_sim });
  return out;
}
