/**
 * The segments of the search index. A segment holds the posting lists (posting-lists.ts) of a set
 * of reels of one tripitaka slot, one row per token:
 *   - a sutra's own segment, written with the sutra in its transaction and dropped with it;
 *   - bulk segments, built from the stored text of every reel of a slot at once (a first import,
 *     a rebuild), in parts of at most PART_CHARS chars.
 * A reel's lists are in one segment only. A sutra indexed again leaves its reels' lists in a bulk
 * segment behind: their reels are gone from `search_reel`, so a search passes over them, and reel
 * ids are never given twice (new ids come after every segment's `reel_hi`). A slot is built again
 * when it holds reels no segment covers, many sutra segments, or many such left-behind reels.
 * The rows are written the way the database takes them best (posting-store.ts).
 */
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../../db/connect.ts";
import type { Database } from "../../db/schema.ts";
import { idRangeOfSlot, type ReelText } from "./index-columns.ts";
import { buildPostings, type PostingReel } from "./posting-lists.ts";
import { buildPostingsInThreads } from "./posting-threads.ts";
import { postingStoreOf } from "./search-index.ts";

type Db = Kysely<Database>;

/** Chars of reels (in one text form) whose lists are built in memory at once. */
const PART_CHARS = 16_000_000;
/** Chars (std) from which a segment's lists are built in threads. */
const THREADED_CHARS = 1_000_000;
/** Reels whose lines are read in one query. */
const READ_REELS = 200;
/** Sutra segments a slot may gather before it is built again as a whole. */
const MAX_SUTRA_SEGMENTS = 32;
/** Share of a slot's bulk-indexed reels that may be left behind before it is built again. */
const MAX_LEFT_BEHIND = 0.1;

export type ReadReelTexts = (db: Db, reelUids: string[]) => Promise<Map<string, { text: ReelText }>>;

const chars = (reels: readonly PostingReel[]): number =>
  reels.reduce((n, reel) => n + reel.text.std.length, 0);

/** Whether the index's tables are there (the migration adding them has run). */
export const postingsReady = (db: Db, dialect: Dialect): Promise<boolean> =>
  postingStoreOf(dialect).ready(db);

/**
 * Writes one segment of the given reels (ascending); `reelHi` is the highest reel id it stands for.
 * `frozen`: search_posting was emptied in the caller's transaction (PostingStore.fillEmpty).
 */
export async function writeSegment(
  db: Db,
  dialect: Dialect,
  slot: number,
  sutraUid: string | null,
  reels: readonly PostingReel[],
  reelHi: number,
  frozen = false,
): Promise<void> {
  const segment = await db
    .insertInto("search_segment")
    .values({ slot, sutra_uid: sutraUid, reel_hi: reelHi, reels: reels.length })
    .returning("id")
    .executeTakeFirstOrThrow();
  const postings =
    chars(reels) >= THREADED_CHARS ? await buildPostingsInThreads(reels) : buildPostings(reels);
  await postingStoreOf(dialect).writeRows(db, segment.id, postings, frozen);
}

/** Drops the slot's segments of the given ids, their rows by search_posting's key. */
async function dropSegments(db: Db, dialect: Dialect, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await postingStoreOf(dialect).dropSegments(db, ids);
  await db.deleteFrom("search_segment").where("id", "in", ids).execute();
}

/** Drops a sutra's own segment. */
export async function removeSutraSegment(db: Db, dialect: Dialect, sutraUid: string): Promise<void> {
  const rows = await db.selectFrom("search_segment").select("id").where("sutra_uid", "=", sutraUid).execute();
  for (const row of rows) await dropSegments(db, dialect, [row.id]);
}

/** The highest reel id any segment of the slot stands for (0 for none). */
async function lastSegmentReel(db: Db, slot: number): Promise<number> {
  const row = await db
    .selectFrom("search_segment")
    .select((eb) => eb.fn.max("reel_hi").as("hi"))
    .where("slot", "=", slot)
    .executeTakeFirst();
  return Number(row?.hi ?? 0);
}

/** Whether the slot has segments: if not, its reels are indexed in bulk after an import. */
export async function hasSegments(db: Db, slot: number): Promise<boolean> {
  const row = await db.selectFrom("search_segment").select("id").where("slot", "=", slot).executeTakeFirst();
  return row !== undefined;
}

/**
 * Builds a slot's lists again from the stored text of its reels, in bulk segments (`frozen`: see
 * writeSegment).
 */
async function buildSlot(
  db: Db,
  dialect: Dialect,
  slot: number,
  readTexts: ReadReelTexts,
  frozen: boolean,
): Promise<void> {
  const range = idRangeOfSlot(slot);
  const previousHi = await lastSegmentReel(db, slot);
  const old = await db.selectFrom("search_segment").select("id").where("slot", "=", slot).execute();
  await dropSegments(
    db,
    dialect,
    old.map((r) => r.id),
  );
  const reels = await db
    .selectFrom("search_reel")
    .select(["id", "reel_uid"])
    .where("id", ">=", range.lo)
    .where("id", "<=", range.hi)
    .orderBy("id")
    .execute();
  let part: PostingReel[] = [];
  let chars = 0;
  for (let i = 0; i < reels.length; i += READ_REELS) {
    const batch = reels.slice(i, i + READ_REELS);
    const texts = await readTexts(
      db,
      batch.map((r) => r.reel_uid),
    );
    for (const reel of batch) {
      const text = texts.get(reel.reel_uid)?.text ?? { ori: "", std: "", sim: "" };
      part.push({ reel: Number(reel.id) - range.lo, text });
      chars += text.std.length;
    }
    const last = i + READ_REELS >= reels.length;
    if (chars >= PART_CHARS || last) {
      const hi = Number((batch[batch.length - 1] as { id: number }).id);
      await writeSegment(db, dialect, slot, null, part, last ? Math.max(hi, previousHi) : hi, frozen);
      part = [];
      chars = 0;
    }
  }
  await sql`UPDATE search_tripitaka SET version = version + 1 WHERE slot = ${slot}`.execute(db);
}

/** Whether a slot's index should be built again as a whole (see the module comment). */
async function wantsBuild(db: Db, slot: number): Promise<boolean> {
  const range = idRangeOfSlot(slot);
  const segments = await sql<{
    sutra_segments: number | null;
    sutra_reels: number | null;
    bulk_reels: number | null;
    bulk_hi: number | null;
  }>`
    SELECT count(*) FILTER (WHERE sutra_uid IS NOT NULL) AS sutra_segments,
           sum(reels) FILTER (WHERE sutra_uid IS NOT NULL) AS sutra_reels,
           sum(reels) FILTER (WHERE sutra_uid IS NULL) AS bulk_reels,
           max(reel_hi) FILTER (WHERE sutra_uid IS NULL) AS bulk_hi
    FROM search_segment WHERE slot = ${slot}`.execute(db);
  const row = segments.rows[0];
  const s = {
    sutraSegments: Number(row?.sutra_segments ?? 0),
    sutraReels: Number(row?.sutra_reels ?? 0),
    bulkReels: Number(row?.bulk_reels ?? 0),
    bulkHi: Number(row?.bulk_hi ?? 0),
  };
  const live = await sql<{ total: number; bulk: number | null }>`
    SELECT count(*) AS total, count(*) FILTER (WHERE id <= ${s.bulkHi}) AS bulk
    FROM search_reel WHERE id BETWEEN ${range.lo} AND ${range.hi}`.execute(db);
  const l = { all: Number(live.rows[0]?.total ?? 0), bulk: Number(live.rows[0]?.bulk ?? 0) };
  const uncovered = l.all - l.bulk - s.sutraReels;
  const leftBehind = s.bulkReels - l.bulk;
  return uncovered > 0 || s.sutraSegments > MAX_SUTRA_SEGMENTS || leftBehind > MAX_LEFT_BEHIND * s.bulkReels;
}

/**
 * Builds again every slot that wants it, or every slot (`all`). In a transaction, an empty
 * search_posting (a new site's first import) is filled the way its database fills an empty table
 * fastest (PostingStore.fillEmpty).
 */
export async function tidySlots(
  db: Db,
  dialect: Dialect,
  readTexts: ReadReelTexts,
  all: boolean,
): Promise<void> {
  const slots = await db.selectFrom("search_tripitaka").select("slot").orderBy("slot").execute();
  const wanted: number[] = [];
  for (const { slot } of slots) if (all || (await wantsBuild(db, slot))) wanted.push(slot);
  if (wanted.length === 0) return;
  const buildAll = async (frozen: boolean) => {
    for (const slot of wanted) await buildSlot(db, dialect, slot, readTexts, frozen);
  };
  const anyPosting = await sql`SELECT 1 AS one FROM search_posting LIMIT 1`.execute(db);
  if (db.isTransaction && anyPosting.rows.length === 0) await postingStoreOf(dialect).fillEmpty(db, buildAll);
  else await buildAll(false);
}
