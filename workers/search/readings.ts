/**
 * Search in the readings offline (rules: contract/search-readings.ts): the witnesses' fragments
 * the library keeps beside each reel text (`apparatus` store), in the form the server searches
 * (readingsFormOf) or, for a reel kept without it, the nearest form it has with the keyword
 * converted to that form (texts.ts FORM_FALLBACKS, as the main search reads such a reel), checked
 * and listed by the function the server uses.
 */
import { readingsFormOf } from "../../contract/apparatus-witnesses.ts";
import { parseReelUid } from "../../contract/ids.ts";
import type { StoredReelApparatus } from "../../contract/offline-library.ts";
import type { ReadingsResult, SearchQuery } from "../../contract/search.ts";
import type { KeywordReader } from "../../contract/search-keyword.ts";
import {
  type ReadingCandidate,
  readingHitKind,
  readingsKeywordQuery,
  readingsSection,
  readingTerms,
} from "../../contract/search-readings.ts";
import type { GroupScope } from "../../contract/search-results.ts";
import type { TxtType } from "../../contract/tripitaka.ts";
import type { LocalCatalogue } from "./catalogue.ts";
import type { IndexedDoc, Library } from "./databases.ts";
import { FORM_FALLBACKS } from "./texts.ts";

/** What a reading search reads of an `apparatus` row. */
export type ReelFragments = Pick<StoredReelApparatus, "reel_uid" | "sutra_uid" | "txt_type" | "fragments">;

/** The tripitaka's apparatus rows (of the given sutras only, when some are given), without the entries. */
export async function readApparatus(
  library: Library,
  tripitakaUid: string,
  sutraUids: readonly string[] | undefined,
): Promise<ReelFragments[]> {
  // A library written by older code has no such store.
  if (!library.tables.some((table) => table.name === "apparatus")) return [];
  const rows: ReelFragments[] = [];
  const keep = ({ reel_uid, sutra_uid, txt_type, fragments, tripitaka_uid }: StoredReelApparatus) => {
    if (tripitaka_uid === tripitakaUid) rows.push({ reel_uid, sutra_uid, txt_type, fragments });
  };
  const collection =
    sutraUids && sutraUids.length > 0
      ? library.apparatus.where("sutra_uid").anyOf([...sutraUids])
      : library.apparatus.where("tripitaka_uid").equals(tripitakaUid);
  await collection.each(keep);
  return rows;
}

export type ReadingsInput = {
  rows: readonly ReelFragments[];
  docs: Iterable<IndexedDoc>;
  catalogue: LocalCatalogue;
  query: SearchQuery;
  readKeyword: KeywordReader;
  groups: GroupScope;
};

export function answerReadings(input: ReadingsInput): ReadingsResult {
  const { query, catalogue } = input;
  const byReel = new Map<string, Map<TxtType, ReelFragments>>();
  for (const row of input.rows) {
    const forms = byReel.get(row.reel_uid) ?? new Map<TxtType, ReelFragments>();
    forms.set(row.txt_type, row);
    byReel.set(row.reel_uid, forms);
  }
  const docs = new Map<string, IndexedDoc>();
  for (const doc of input.docs) if (byReel.has(doc.reel_uid)) docs.set(doc.reel_uid, doc);
  const simplified = query.txt_type === "sim_txt";
  const wanted = readingsFormOf(query.txt_type);
  const termsIn = new Map<TxtType, string[][]>();
  const termsOf = (form: TxtType): string[][] => {
    let terms = termsIn.get(form);
    if (!terms) {
      terms = readingTerms(input.readKeyword(readingsKeywordQuery(query, form)));
      termsIn.set(form, terms);
    }
    return terms;
  };
  const candidates: ReadingCandidate[] = [];
  for (const [reelUid, forms] of byReel) {
    const form = FORM_FALLBACKS[wanted].find((f) => forms.has(f));
    const row = form && forms.get(form);
    const sutra = row && catalogue.sutras.get(row.sutra_uid);
    if (!form || !row || !sutra) continue;
    const doc = docs.get(reelUid);
    // As the main list names a reel (answer.ts), the catalogue's names standing in for an unindexed one.
    const nameSim = sutra.reelNames.get(reelUid) ?? doc?.name_sim ?? reelUid;
    const reelName = simplified ? nameSim : (doc?.name_trad ?? nameSim);
    const own = form === wanted ? undefined : termsOf(form);
    row.fragments.forEach((fragment, seq) => {
      candidates.push({
        reel_uid: reelUid,
        reelNo: doc?.reel_no ?? parseReelUid(reelUid)?.reelNo ?? 0,
        seq,
        reelName,
        sutra,
        fragment,
        ...(own ? { terms: own } : {}),
      });
    });
  }
  return readingsSection(
    candidates,
    { ...query, terms: termsOf(wanted), kind: readingHitKind(query.search_mode) },
    catalogue,
    input.groups,
  );
}
