/**
 * Writes the full-canon search index of a sutra from its stored lines, inside the transaction that
 * writes the sutra, so the index never disagrees with the text.
 *
 * A document is one reel; it holds the searchable chars (contract/search-tokenizer.ts) of three
 * text forms: `ori` (as printed; uni_txt is matched through it, see query-plan.ts), `std` and
 * `sim` (fuzzy search matches folded chars through `sim`). Document ids group by tripitaka
 * (slot × 2³² + n), so a search reads one id range. The index is a positional index of the
 * forms' bigram tokens, in segments (posting-index.ts, posting-segments.ts), the same on SQLite and
 * PostgreSQL. An import into a tripitaka not indexed yet writes its reels alone and builds the
 * index of the whole tripitaka at once after its texts (finishSearchIndex).
 */
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../../db/connect.ts";
import type { Database } from "../../db/schema.ts";
import { idRangeOfSlot } from "./index-columns.ts";
import { encodeLineChars } from "./line-chars.ts";
import type { PostingReel } from "./posting-lists.ts";
import {
  hasSegments,
  postingsReady,
  type ReadReelTexts,
  removeSutraSegment,
  tidySlots,
  writeSegment,
} from "./posting-segments.ts";
import { type IndexedReel, reelTextsOfLines } from "./reel-texts.ts";

export {
  type IdRange,
  INDEX_COLUMNS,
  type IndexColumn,
  idRangeOfSlot,
  type ReelText,
} from "./index-columns.ts";

async function slotOf(db: Kysely<Database>, tripitakaUid: string): Promise<number> {
  const row = await db
    .selectFrom("search_tripitaka")
    .select("slot")
    .where("uid", "=", tripitakaUid)
    .executeTakeFirst();
  if (row) return row.slot;
  const last = await db
    .selectFrom("search_tripitaka")
    .select((eb) => eb.fn.max("slot").as("slot"))
    .executeTakeFirst();
  const slot = Number(last?.slot ?? 0) + 1;
  await db.insertInto("search_tripitaka").values({ uid: tripitakaUid, slot }).execute();
  return slot;
}

async function removeSutra(
  db: Kysely<Database>,
  dialect: Dialect,
  sutraUid: string,
  postingsTables: boolean,
): Promise<void> {
  if (postingsTables) await removeSutraSegment(db, dialect, sutraUid);
  await db.deleteFrom("search_reel").where("sutra_uid", "=", sutraUid).execute();
}

export async function readReelTexts(
  db: Kysely<Database>,
  reelUids: string[],
): Promise<Map<string, IndexedReel>> {
  const lines =
    reelUids.length === 0
      ? []
      : await db
          .selectFrom("line")
          .select(["reel_uid", "ori_txt", "std_txt", "sim_txt"])
          .where("reel_uid", "in", reelUids)
          .orderBy("reel_uid")
          .orderBy("reel_seq")
          .execute();
  return reelTextsOfLines(reelUids, lines);
}

export type IndexOptions = {
  /**
   * False writes the reels alone, leaving their postings to finishSearchIndex (a tripitaka's first
   * import, a rebuild).
   */
  postings?: boolean;
  /** The sutra's reels as stored, when the caller has them: its lines are not read back. */
  texts?: ReadonlyMap<string, IndexedReel>;
  /** The sutra was never indexed (its first import): there is nothing of it to remove. */
  isNew?: boolean;
  /** The sutra's tripitaka and its reels in order, when the caller has them: they are not read back. */
  reels?: { tripitakaUid: string; uids: readonly string[] };
  /** Whether the index's posting tables are there, when the caller knows. */
  postingsTables?: boolean;
};

/** Replaces the index entries of one sutra with its stored text; run it inside the sutra's transaction. */
export async function indexSutra(
  db: Kysely<Database>,
  dialect: Dialect,
  sutraUid: string,
  options: IndexOptions = {},
): Promise<void> {
  const postingsTables = options.postingsTables ?? (await postingsReady(db, dialect));
  if (options.isNew !== true) await removeSutra(db, dialect, sutraUid, postingsTables);
  const given = options.reels;
  const reels = given
    ? given.uids.map((uid) => ({ uid, tripitaka_uid: given.tripitakaUid }))
    : await db
        .selectFrom("reel")
        .innerJoin("sutra", "sutra.uid", "reel.sutra_uid")
        .select(["reel.uid", "sutra.tripitaka_uid"])
        .where("reel.sutra_uid", "=", sutraUid)
        .orderBy("reel.reel_no")
        .execute();
  const first = reels[0];
  if (!first) return bumpVersion(db, sutraUid);
  const slot = await slotOf(db, first.tripitaka_uid);
  const range = idRangeOfSlot(slot);
  const writePostings = postingsTables && options.postings !== false;
  // Ids are never given twice: a segment may still hold the lists of reels gone from search_reel.
  const highest = await sql<{ reel_id: number | string | null; segment_hi: number | string | null }>`
    SELECT (SELECT max(id) FROM search_reel WHERE id >= ${range.lo} AND id <= ${range.hi}) AS reel_id,
      ${postingsTables ? sql`(SELECT max(reel_hi) FROM search_segment WHERE slot = ${slot})` : sql`0`} AS segment_hi`.execute(
    db,
  );
  const row = highest.rows[0];
  let id = Math.max(Number(row?.reel_id ?? 0), Number(row?.segment_hi ?? 0), range.lo);
  const texts =
    options.texts ??
    (await readReelTexts(
      db,
      reels.map((r) => r.uid),
    ));
  const postings: PostingReel[] = [];
  const rows = reels.map((reel) => {
    id++;
    const { text, lineChars } = texts.get(reel.uid) as IndexedReel;
    postings.push({ reel: id - range.lo, text });
    return {
      id,
      reel_uid: reel.uid,
      sutra_uid: sutraUid,
      tripitaka_uid: reel.tripitaka_uid,
      line_chars: encodeLineChars(lineChars),
    };
  });
  // Under SQLite's limit of bound values (5 a row).
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto("search_reel")
      .values(rows.slice(i, i + 1000))
      .execute();
  if (writePostings) await writeSegment(db, dialect, slot, sutraUid, postings, id);
  // Postings left for later count as a change when they are built (posting-segments.ts buildSlot).
  if (!(postingsTables && options.postings === false)) await bumpVersion(db, sutraUid);
}

/** Counts a change to the index of the sutra's tripitaka (catalogue.ts keeps what it read by it). */
async function bumpVersion(db: Kysely<Database>, sutraUid: string): Promise<void> {
  await sql`UPDATE search_tripitaka SET version = version + 1
    WHERE uid = (SELECT tripitaka_uid FROM sutra WHERE uid = ${sutraUid})`.execute(db);
}

/**
 * Indexes every sutra again from its stored text (the migration that adds the index runs it on
 * existing texts): within the caller's transaction, or one transaction per sutra.
 */
export async function reindexAllSutras(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  const sutras = await db.selectFrom("sutra").select("uid").orderBy("tripitaka_uid").orderBy("sn").execute();
  // The reels first, then each tripitaka's postings in bulk.
  const options: IndexOptions = { postings: false };
  for (const sutra of sutras) {
    if (db.isTransaction) await indexSutra(db, dialect, sutra.uid, options);
    else await db.transaction().execute((trx) => indexSutra(trx, dialect, sutra.uid, options));
  }
  await rebuildSearchIndex(db, dialect);
}

/**
 * Builds every tripitaka's postings again from the stored text of its indexed reels, within the
 * caller's transaction or one of its own; nothing while the index's tables are not there.
 */
export async function rebuildSearchIndex(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  if (!(await postingsReady(db, dialect))) return;
  if (db.isTransaction) await tidySlots(db, dialect, readReelTexts, true);
  else await db.transaction().execute((trx) => tidySlots(trx, dialect, readReelTexts, true));
}

/**
 * Whether a sutra of the tripitaka written now should leave its postings to finishSearchIndex:
 * while the tripitaka has no index yet.
 */
export async function postingsLater(
  db: Kysely<Database>,
  dialect: Dialect,
  tripitakaUid: string,
): Promise<boolean> {
  if (!(await postingsReady(db, dialect))) return false;
  const row = await db
    .selectFrom("search_tripitaka")
    .select("slot")
    .where("uid", "=", tripitakaUid)
    .executeTakeFirst();
  return row === undefined || !(await hasSegments(db, row.slot));
}

/**
 * After an import: builds the index of every tripitaka whose reels are not all indexed, or whose
 * index has gathered many sutra segments or left-behind reels.
 */
export async function finishSearchIndex(
  db: Kysely<Database>,
  dialect: Dialect,
  readTexts: ReadReelTexts = readReelTexts,
): Promise<void> {
  if (!(await postingsReady(db, dialect))) return;
  await db.transaction().execute((trx) => tidySlots(trx, dialect, readTexts, false));
}
