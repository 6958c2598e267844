/**
 * Search in the readings (`in_readings`, contract/search.ts): a phrase found in some witness's text
 * where the base text reads otherwise. One module for the server (over `reading_fragment` rows)
 * and the offline search worker (over the library's `apparatus` store), so both answer alike.
 * Plain data and functions only: the worker imports them.
 *
 * The rules:
 *   - what is searched: the witnesses' fragments (apparatus-witnesses.ts readingFragments) in the
 *     tripitaka searched, in the form readingsFormOf gives for the requested text type (simplified
 *     for sim_txt, else standard traditional; offline, a reel kept without that form is searched
 *     in the nearest form it has). A phrase is found only inside one fragment: READING_WINDOW
 *     units of base text on either side of a witness's readings;
 *   - the terms: the keyword read as the main search reads it (search-keyword.ts), for that form
 *     (readingsKeywordQuery: the request's conversion when it is the requested form, else converted
 *     to it unless the request converts nothing; "=" keeps a term as typed); exact mode has one
 *     term, the whole keyword; fuzzy mode one per whitespace-separated word, and a fragment is
 *     found by a hit of ANY of them;
 *   - matching compares the searchable chars (search-tokenizer.ts searchChars: punctuation and
 *     spaces skipped, A–Z lowered) exactly, in both modes. Fuzzy mode does not fold here: most
 *     of the Taishō's readings are variant or otherwise folded forms of the base text's chars, so a
 *     folded hit would mostly be text the base reads too, and the fragments do not keep the lemma
 *     needed to tell them apart;
 *   - a hit counts when it touches one of the fragment's readings (touchesReading): the base text
 *     reads otherwise there. Hits elsewhere in the fragment are the base text's and not reported;
 *   - the request's filters (sutra_uids, categories, dynasties, authors, sutra_group_names) apply
 *     as in the main search (search-results.ts filterMatches);
 *   - one item per fragment with such a hit, in catalogue order (sutra, reel, place in the reel);
 *     `total` counts them all, `list` holds the first READINGS_LIMIT, `limited` says some were
 *     left out. The main list, its statistics and `match_count` do not count readings.
 */
import { type ReadingFragment, touchesReading } from "./apparatus-witnesses.ts";
import type { Highlight, ReadingHit, ReadingsResult } from "./search.ts";
import type { KeywordPlan, KeywordQuery } from "./search-keyword.ts";
import type { SearchMode } from "./search-options.ts";
import {
  filterMatches,
  type GroupScope,
  type SearchFilters,
  type StatLabels,
  type SutraEntry,
} from "./search-results.ts";
import { findHits, searchChars } from "./search-tokenizer.ts";
import type { TxtType } from "./tripitaka.ts";

/** Items listed at most; `total` still counts every fragment found. */
export const READINGS_LIMIT = 200;

/**
 * The keyword query for fragments in `form`: as asked in the requested form; in another, converted
 * to it (`uni2default`) unless the request converts nothing. The offline search reads a reel kept
 * in another form the same way (workers/search/query.ts).
 */
export function readingsKeywordQuery<Q extends KeywordQuery>(query: Q, form: TxtType): Q {
  if (form === query.txt_type) return query;
  return { ...query, txt_type: form, trans_mode: query.trans_mode === "none" ? "none" : "uni2default" };
}

/** The chars of each term looked for in readings, each distinct term once. */
export function readingTerms(plan: KeywordPlan): string[][] {
  const seen = new Set<string>();
  const terms: string[][] = [];
  for (const term of plan.terms) {
    const key = term.chars.join("");
    if (key === "" || seen.has(key)) continue;
    seen.add(key);
    terms.push(term.chars);
  }
  return terms;
}

/**
 * What a fragment's searchable text (normalizeSearchText of its text) must contain, one of them,
 * to hold a hit: a quick first pass (the server's SQL) before readingHighlights decides.
 */
export const readingNeedles = (terms: readonly (readonly string[])[]): string[] =>
  terms.map((chars) => chars.join(""));

/**
 * The hits of `terms` in a fragment that touch one of its readings, as highlights of its text
 * (UTF-16, end exclusive; overlapping or adjoining hits joined); none when no hit touches one.
 */
export function readingHighlights(
  fragment: Pick<ReadingFragment, "text" | "spans">,
  terms: readonly (readonly string[])[],
  kind: Highlight["kind"],
): Highlight[] {
  const { chars, offsets } = searchChars(fragment.text);
  const ranges: [number, number][] = [];
  for (const term of terms) {
    for (const at of findHits(chars, term)) {
      const last = at + term.length - 1;
      const start = offsets[at] as number;
      const end = (offsets[last] as number) + (chars[last] as string).length;
      if (touchesReading(fragment, start, end)) ranges.push([start, end]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const highlights: Highlight[] = [];
  for (const [start, end] of ranges) {
    const open = highlights[highlights.length - 1];
    if (open && start <= open.end) open.end = Math.max(open.end, end);
    else highlights.push({ start, end, kind });
  }
  return highlights;
}

/** The highlight kind of a reading hit: as the main snippets mark a hit read as written. */
export const readingHitKind = (mode: SearchMode): Highlight["kind"] =>
  mode === "exact" ? "full" : "segment";

/** A catalogue entry of a sutra with the names an item shows. */
export type ReadingSutra = SutraEntry & { nameSim: string; nameTrad: string };

/** A fragment to look through, with what its item shows and where it sorts. */
export type ReadingCandidate = {
  reel_uid: string;
  /** Its reel's number in the sutra, and its order among the reel's fragments in its text form. */
  reelNo: number;
  seq: number;
  reelName: string;
  sutra: ReadingSutra;
  fragment: Pick<ReadingFragment, "cid" | "witnesses" | "text" | "spans">;
  /** The terms in the fragment's own text form, when it is not the requested one (offline). */
  terms?: readonly (readonly string[])[];
};

export type ReadingsQuery = SearchFilters & {
  terms: readonly (readonly string[])[];
  kind: Highlight["kind"];
};

type Found = { reel: { reelNo: number; candidate: ReadingCandidate }; sutra: ReadingSutra; hits: number };

/** The readings section of a search's answer from the fragments looked through. */
export function readingsSection(
  candidates: Iterable<ReadingCandidate>,
  query: ReadingsQuery,
  labels: StatLabels,
  groups: GroupScope,
  limit: number = READINGS_LIMIT,
): ReadingsResult {
  const found: Found[] = [];
  const highlightsOf = new Map<ReadingCandidate, Highlight[]>();
  for (const candidate of candidates) {
    const highlights = readingHighlights(candidate.fragment, candidate.terms ?? query.terms, query.kind);
    if (highlights.length === 0) continue;
    highlightsOf.set(candidate, highlights);
    found.push({
      reel: { reelNo: candidate.reelNo, candidate },
      sutra: candidate.sutra,
      hits: highlights.length,
    });
  }
  const { matches } = filterMatches(found, query, labels, groups);
  const order = (a: ReadingCandidate, b: ReadingCandidate): number =>
    a.sutra.sn - b.sutra.sn ||
    a.reelNo - b.reelNo ||
    (a.reel_uid < b.reel_uid ? -1 : a.reel_uid > b.reel_uid ? 1 : 0) ||
    a.seq - b.seq;
  const sorted = matches.map((match) => match.reel.candidate).sort(order);
  const list = sorted.slice(0, limit).map(
    (candidate): ReadingHit => ({
      reel_uid: candidate.reel_uid,
      sutra_uid: candidate.sutra.uid,
      reel_name: candidate.reelName,
      sutra_name: `${candidate.sutra.nameSim}|${candidate.sutra.nameTrad}`,
      cid: candidate.fragment.cid,
      witnesses: [...candidate.fragment.witnesses],
      text: candidate.fragment.text,
      highlights: highlightsOf.get(candidate) ?? [],
    }),
  );
  return { list, total: sorted.length, limited: sorted.length > list.length };
}
