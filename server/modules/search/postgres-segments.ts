/**
 * The segments of PostgreSQL's search index. A segment holds the posting lists
 * (postgres-postings.ts) of a set of reels of one tripitaka slot, one row per token:
 *   - a sutra's own segment, written with the sutra in its transaction and dropped with it;
 *   - bulk segments, built from the stored text of every reel of a slot at once (a first import,
 *     a rebuild), in parts of at most PART_CHARS chars.
 * A reel's lists are in one segment only. A sutra indexed again leaves its reels' lists in a bulk
 * segment behind: their reels are gone from `search_reel`, so a search passes over them, and reel
 * ids are never given twice (new ids come after every segment's `reel_hi`). A slot is built again
 * when it holds reels no segment covers, many sutra segments, or many such left-behind reels.
 */
import { type Kysely, sql } from "kysely";
import { copyBinary } from "../../db/pg-copy.ts";
import type { Database } from "../../db/schema.ts";
import { idRangeOfSlot, type ReelText } from "./index-columns.ts";
import { buildPostings, type PostingReel } from "./postgres-postings.ts";
import { maxPostingListBytes, writePostingList } from "./posting-list-bytes.ts";
import { buildPostingsInThreads } from "./posting-threads.ts";

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

/** Whether the positional index's tables are there (the migration adding them has run). */
export async function postingsReady(db: Db): Promise<boolean> {
  const row = await sql<{ ready: boolean }>`
    SELECT to_regclass('search_posting') IS NOT NULL AS ready`.execute(db);
  return row.rows[0]?.ready === true;
}

/**
 * Writes one segment of the given reels (ascending); `reelHi` is the highest reel id it stands for.
 * `frozen`: search_posting was emptied in the caller's transaction, and the rows go in frozen.
 */
export async function writeSegment(
  db: Db,
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
  await copyBinary(
    db,
    "search_posting",
    ["gram", "slot", "seg", "ori", "std", "sim"],
    (out) =>
      postings.write(
        {
          row(first, second) {
            out.row(6);
            out.codePoints(first, second);
            out.int4(slot);
            out.int4(segment.id);
          },
          list: (ints, from, to) =>
            out.encodedInts(ints, from, to, maxPostingListBytes(to - from), writePostingList),
        },
        () => (out.full ? out.flush() : null),
      ),
    { freeze: frozen },
  );
}

/** Drops the slot's segments of the given ids, their rows by search_posting's key (slot, seg, gram). */
async function dropSegments(db: Db, slot: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`DELETE FROM search_posting WHERE slot = ${slot} AND seg = ANY(${sql.val(ids)}::integer[])`.execute(
    db,
  );
  await db.deleteFrom("search_segment").where("id", "in", ids).execute();
}

/** Drops a sutra's own segment. */
export async function removeSutraSegment(db: Db, sutraUid: string): Promise<void> {
  const rows = await db
    .selectFrom("search_segment")
    .select(["id", "slot"])
    .where("sutra_uid", "=", sutraUid)
    .execute();
  for (const row of rows) await dropSegments(db, row.slot, [row.id]);
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
async function buildSlot(db: Db, slot: number, readTexts: ReadReelTexts, frozen: boolean): Promise<void> {
  const range = idRangeOfSlot(slot);
  const previousHi = await lastSegmentReel(db, slot);
  const old = await db.selectFrom("search_segment").select("id").where("slot", "=", slot).execute();
  await dropSegments(
    db,
    slot,
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
      await writeSegment(db, slot, null, part, last ? Math.max(hi, previousHi) : hi, frozen);
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
    sutra_segments: number;
    sutra_reels: number;
    bulk_reels: number;
    bulk_hi: number;
  }>`
    SELECT count(*) FILTER (WHERE sutra_uid IS NOT NULL)::integer AS sutra_segments,
           coalesce(sum(reels) FILTER (WHERE sutra_uid IS NOT NULL), 0)::integer AS sutra_reels,
           coalesce(sum(reels) FILTER (WHERE sutra_uid IS NULL), 0)::integer AS bulk_reels,
           coalesce(max(reel_hi) FILTER (WHERE sutra_uid IS NULL), 0) AS bulk_hi
    FROM search_segment WHERE slot = ${slot}`.execute(db);
  const s = segments.rows[0] ?? { sutra_segments: 0, sutra_reels: 0, bulk_reels: 0, bulk_hi: 0 };
  const live = await sql<{ all: number; bulk: number }>`
    SELECT count(*)::integer AS all, count(*) FILTER (WHERE id <= ${Number(s.bulk_hi)})::integer AS bulk
    FROM search_reel WHERE id BETWEEN ${range.lo} AND ${range.hi}`.execute(db);
  const l = live.rows[0] ?? { all: 0, bulk: 0 };
  const uncovered = l.all - l.bulk - s.sutra_reels;
  const leftBehind = s.bulk_reels - l.bulk;
  return (
    uncovered > 0 || s.sutra_segments > MAX_SUTRA_SEGMENTS || leftBehind > MAX_LEFT_BEHIND * s.bulk_reels
  );
}

/**
 * search_posting's key (slot, seg, gram) (migration 0022), dropped while an empty table is filled
 * in bulk and built again after: building it once over sorted rows is quicker than keeping it up
 * to date row by row.
 */
async function dropPostingKey(db: Db): Promise<void> {
  await sql`ALTER TABLE search_posting DROP CONSTRAINT search_posting_pkey`.execute(db);
}

async function createPostingKey(db: Db): Promise<void> {
  await sql`SET LOCAL maintenance_work_mem = '256MB'`.execute(db);
  await sql`ALTER TABLE search_posting ADD CONSTRAINT search_posting_pkey PRIMARY KEY (slot, seg, gram)`.execute(
    db,
  );
}

/**
 * Builds again every slot that wants it, or every slot (`all`). In a transaction, an empty
 * search_posting (a new site's first import) is filled without its key, which comes back before
 * the transaction ends, and its rows go in frozen: truncated in the transaction, the table may
 * take them so, and neither the key's build nor the first searches then mark every row visible.
 */
export async function tidySlots(db: Db, readTexts: ReadReelTexts, all: boolean): Promise<void> {
  const slots = await db.selectFrom("search_tripitaka").select("slot").orderBy("slot").execute();
  const wanted: number[] = [];
  for (const { slot } of slots) if (all || (await wantsBuild(db, slot))) wanted.push(slot);
  if (wanted.length === 0) return;
  const anyPosting = await db.selectFrom("search_posting").select("slot").limit(1).executeTakeFirst();
  const keyAfter = db.isTransaction && anyPosting === undefined;
  if (keyAfter) {
    await dropPostingKey(db);
    await sql`TRUNCATE search_posting`.execute(db);
  }
  for (const slot of wanted) await buildSlot(db, slot, readTexts, keyAfter);
  if (keyAfter) await createPostingKey(db);
}
