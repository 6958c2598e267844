/**
 * Reels' collation apparatus as `GET /v1/reel/{reel_uid}/apparatus` answers it, read many at a time
 * (the route's one reel, or a pack's reels): each stored entry in the asked text form, numbered in
 * its reel, and its cross-references resolved to the lines imported here.
 */
import type { Kysely } from "kysely";
import type { Apparatus } from "../../../contract/apparatus.ts";
import {
  type ApparatusEntry,
  type ApparatusRef,
  parseCrossReference,
  type StoredApparatusEntry,
  witnessesInEntries,
} from "../../../contract/apparatus-witnesses.ts";
import { pageUidOf, printLineId } from "../../../contract/ids.ts";
import { cbetaCollectionToTripitaka, type TxtType } from "../../../contract/tripitaka.ts";
import type { Database } from "../../db/schema.ts";
import {
  existingReels,
  type LineAt,
  reelsOfLines,
  storedEntries,
  tripitakaNames,
} from "./apparatus-repository.ts";

type Db = Kysely<Database>;

/** Where a cross-reference's target lies here: its edition (when the product has it) and line. */
type Target = { collection: string; tripitakaUid: string | null; line: LineAt | null };

function targetOf(target: string): Target {
  const parsed = parseCrossReference(target);
  if (!parsed)
    return { collection: /^[A-Z]+/.exec(target.trim())?.[0] ?? "", tripitakaUid: null, line: null };
  const tripitakaUid = cbetaCollectionToTripitaka[parsed.collection] ?? null;
  const line = tripitakaUid
    ? { page_uid: pageUidOf(tripitakaUid, parsed.volume, parsed.pageKey), line_no: parsed.lineNo }
    : null;
  return { collection: parsed.collection, tripitakaUid, line };
}

type RefResolver = (ref: StoredApparatusEntry["refs"][number], txtType: TxtType) => ApparatusRef;

/** Resolves every cross-reference of `entries` with two reads: the lines named, and the editions. */
async function refResolver(db: Db, entries: Iterable<StoredApparatusEntry>): Promise<RefResolver> {
  const targets = new Map<string, Target>();
  for (const entry of entries)
    for (const ref of entry.refs) if (!targets.has(ref.target)) targets.set(ref.target, targetOf(ref.target));
  const lines = [...targets.values()].flatMap((target) => (target.line ? [target.line] : []));
  const tripitakas = [...targets.values()].flatMap((target) =>
    target.tripitakaUid ? [target.tripitakaUid] : [],
  );
  const [reelOf, names] = await Promise.all([reelsOfLines(db, lines), tripitakaNames(db, tripitakas)]);
  return (ref, txtType) => {
    const target = targets.get(ref.target) ?? targetOf(ref.target);
    const name = target.tripitakaUid ? names.get(target.tripitakaUid) : undefined;
    const cid = target.line
      ? printLineId({ pageUid: target.line.page_uid, line: target.line.line_no })
      : null;
    const found = cid !== null && reelOf.has(cid);
    return {
      kind: ref.kind,
      target: ref.target,
      canon: name ? (txtType === "sim_txt" ? name.name_sim : name.name_trad) : target.collection,
      reel_uid: found ? (reelOf.get(cid) ?? null) : null,
      cid: found ? cid : null,
    };
  };
}

function entryIn(
  entry: StoredApparatusEntry,
  id: number,
  txtType: TxtType,
  resolve: RefResolver,
): ApparatusEntry {
  return {
    id,
    n: entry.n,
    star: entry.star,
    line: entry.line,
    offset: entry.offset,
    end_line: entry.end_line,
    end_offset: entry.end_offset,
    lemma: { witnesses: entry.lemma.witnesses, text: entry.lemma.text[txtType] },
    readings: entry.readings.map((reading) => ({
      witnesses: reading.witnesses,
      text: reading.text[txtType],
      resp: reading.resp,
    })),
    notes: entry.notes.map((note) => ({ kind: note.kind, resp: note.resp, text: note.text[txtType] })),
    refs: entry.refs.map((ref) => resolve(ref, txtType)),
  };
}

/**
 * The apparatus of each reel asked that exists, in each text form, keyed `${reel_uid}:${txt_type}`;
 * a reel without one has no entries. Unknown reels are left out.
 */
export async function readApparatus(
  db: Db,
  reelUids: readonly string[],
  txtTypes: readonly TxtType[],
): Promise<Map<string, Apparatus>> {
  const out = new Map<string, Apparatus>();
  const reels = await existingReels(db, reelUids);
  if (reels.size === 0) return out;
  const stored = await storedEntries(db, [...reels]);
  const resolve = await refResolver(db, [...stored.values()].flat());
  for (const reelUid of reelUids) {
    if (!reels.has(reelUid)) continue;
    for (const txtType of txtTypes) {
      const entries = (stored.get(reelUid) ?? []).map((entry, id) => entryIn(entry, id, txtType, resolve));
      out.set(`${reelUid}:${txtType}`, {
        reel_uid: reelUid,
        txt_type: txtType,
        witnesses: witnessesInEntries(entries),
        entries,
      });
    }
  }
  return out;
}

/** One reel's apparatus in one form; null when the reel does not exist. */
export async function readReelApparatus(
  db: Db,
  reelUid: string,
  txtType: TxtType,
): Promise<Apparatus | null> {
  return (await readApparatus(db, [reelUid], [txtType])).get(`${reelUid}:${txtType}`) ?? null;
}
