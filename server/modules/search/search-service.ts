/**
 * A full-canon search: the keyword read into terms, each term counted per reel by the index, the
 * reels holding every term filtered, counted into statistics, sorted and paged, and the page's
 * reels given snippets from their stored text; with `in_readings`, the readings section beside them
 * (reading-search.ts).
 */
import type { Kysely } from "kysely";
import type { HitStats, SearchItem, SearchQuery, SearchResult } from "../../../contract/search.ts";
import type { KeywordPlan } from "../../../contract/search-keyword.ts";
import {
  type Match as CatalogueMatch,
  filterMatches,
  type GroupScope,
  pageOfMatches,
  searchAnswer,
} from "../../../contract/search-results.ts";
import type { Dialect } from "../../db/connect.ts";
import type { Database } from "../../db/schema.ts";
import type { CatalogueCache, ReelEntry, SearchCatalogue, SutraEntry } from "./catalogue.ts";
import type { IdRange } from "./index-writer.ts";
import { lookupOf } from "./query-plan.ts";
import { searchReadings } from "./reading-search.ts";
import type { SearchReadings } from "./readings.ts";
import { NO_REELS } from "./reel-counts.ts";
import { bothTerms, countsOf, type PhraseCounts, type SearchIndex } from "./search-index.ts";
import { snippetsOf } from "./snippet-reads.ts";

type Match = CatalogueMatch<ReelEntry, SutraEntry>;

export type SearchDeps = {
  db: () => Kysely<Database>;
  dialect: Dialect;
  index: () => SearchIndex;
  catalogue: CatalogueCache;
  readings: () => Promise<SearchReadings>;
};

/**
 * Hits per reel of every term, and a place at or before each reel's first hit of any term; a reel
 * missing a term is left out.
 */
async function countHits(
  index: SearchIndex,
  plan: KeywordPlan,
  readings: SearchReadings,
  range: IdRange,
  version: number | undefined,
): Promise<PhraseCounts> {
  let total: PhraseCounts | null = null;
  for (const term of plan.terms) {
    const lookup = await lookupOf(index, term, plan, readings);
    const counts = await index.count(lookup.column, lookup.phrases, range, version);
    total = total === null ? counts : bothTerms(total, counts);
    if (total.counts.reels.length === 0) break;
  }
  return total ?? countsOf(NO_REELS, new Map());
}

type Searched = {
  plan: KeywordPlan;
  matches: Match[];
  /** Where the reels' hits are, as far as the index tells. */
  counted: PhraseCounts;
  stats: HitStats;
  readings: SearchReadings;
  catalogue: SearchCatalogue;
};

async function search(
  deps: SearchDeps,
  tripitakaUid: string,
  query: SearchQuery,
  groups: GroupScope,
): Promise<Searched> {
  const [catalogue, readings] = await Promise.all([deps.catalogue(tripitakaUid), deps.readings()]);
  const plan = readings.readKeyword(query);
  const counted =
    catalogue.range && plan.terms.length > 0
      ? await countHits(deps.index(), plan, readings, catalogue.range, catalogue.version ?? undefined)
      : countsOf(NO_REELS, new Map());
  const all: Match[] = [];
  const { reels, hits } = counted.counts;
  for (let i = 0; i < reels.length; i++) {
    const reel = catalogue.reels[reels[i] as number];
    const sutra = reel && catalogue.sutras.get(reel.sutraUid);
    if (reel && sutra) all.push({ reel, sutra, hits: hits[i] as number });
  }
  const filtered = filterMatches(all, query, catalogue, groups);
  return {
    plan,
    matches: filtered.matches,
    counted,
    stats: filtered.stats,
    readings,
    catalogue,
  };
}

export async function matchCount(
  deps: SearchDeps,
  tripitakaUid: string,
  query: SearchQuery,
  groups: GroupScope,
): Promise<HitStats> {
  return (await search(deps, tripitakaUid, query, groups)).stats;
}

export async function searchPage(
  deps: SearchDeps,
  tripitakaUid: string,
  query: SearchQuery,
  groups: GroupScope,
): Promise<SearchResult> {
  const found = await search(deps, tripitakaUid, query, groups);
  const { page, total, limited } = pageOfMatches(found.matches, query);
  const [snippets, readings] = await Promise.all([
    snippetsOf(deps, page, query.txt_type, {
      plan: found.plan,
      folding: found.readings.folding,
      counted: found.counted,
    }),
    query.in_readings
      ? searchReadings(
          deps.db(),
          deps.dialect,
          tripitakaUid,
          query,
          found.readings.readKeyword,
          found.catalogue,
          groups,
        )
      : null,
  ]);
  const simplified = query.txt_type === "sim_txt";
  const list: SearchItem[] = page.map(({ reel, sutra, hits }) => ({
    reel_uid: reel.reelUid,
    sutra_uid: sutra.uid,
    reel_name: simplified ? reel.nameSim : reel.nameTrad,
    keyword_count: hits,
    txts: snippets.get(reel.reelUid) ?? [],
    sutra_name: `${sutra.nameSim}|${sutra.nameTrad}`,
    dynasty_author: sutra.byline,
    categories:
      sutra.categoryId === null
        ? []
        : [{ id: sutra.categoryId, name: found.catalogue.categories.get(sutra.categoryId) ?? "" }],
    start_year: sutra.startYear,
    end_year: sutra.endYear,
  }));
  return searchAnswer(query, { list, total, limited }, found.stats, readings);
}
