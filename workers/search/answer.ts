/**
 * A local search answered in the shape of the server's (contract/search.ts): the reels that hold
 * the keyword, filtered, counted into statistics, sorted and paged, the page's reels given snippets
 * from their stored text and the catalogue's fields, as server/modules/search/search-service.ts does;
 * with `in_readings`, the readings section beside them (readings.ts).
 */
import type {
  HitStats,
  SearchItem,
  SearchQuery,
  SearchRequest,
  SearchResult,
} from "../../contract/search.ts";
import { filterMatches, type Match, pageOfMatches, searchAnswer } from "../../contract/search-results.ts";
import { buildSnippets, type ReelText } from "../../contract/search-snippets.ts";
import type { TxtType } from "../../contract/tripitaka.ts";
import type { LocalAnswer, LocalScope } from "./api.ts";
import type { LocalCatalogue, LocalSutra } from "./catalogue.ts";
import type { IndexedDoc } from "./databases.ts";
import { findReels, type IndexView } from "./query.ts";
import { answerReadings, type ReelFragments } from "./readings.ts";
import { readRequest } from "./request.ts";

export type AnswerDeps = {
  view: IndexView;
  catalogue(tripitakaUid: string): Promise<LocalCatalogue>;
  /** Reels' raw lines in one form each, for snippets; null where the library no longer has one. */
  reelTexts(keys: readonly (readonly [string, TxtType])[]): Promise<(ReelText | null)[]>;
  /** The tripitaka's apparatus rows (of these sutras only, when some are given). */
  apparatus(tripitakaUid: string, sutraUids: readonly string[] | undefined): Promise<ReelFragments[]>;
};

type LocalMatch = Match<{ reelNo: number; doc: IndexedDoc; form: TxtType }, LocalSutra>;

const groupScope = (scope: LocalScope) =>
  scope.groups.map((group) => ({ name: group.name, sutraUids: group.sutra_uids }));

async function matchesOf(deps: AnswerDeps, scope: LocalScope, query: SearchQuery) {
  const [found, catalogue] = await Promise.all([
    findReels(deps.view, scope.tripitakaUid, query),
    deps.catalogue(scope.tripitakaUid),
  ]);
  const all: LocalMatch[] = [];
  for (const { doc, hits, form } of found.hits) {
    const sutra = catalogue.sutras.get(doc.sutra_uid);
    if (sutra) all.push({ reel: { reelNo: doc.reel_no, doc, form }, sutra, hits });
  }
  const filtered = filterMatches(all, query, catalogue, groupScope(scope));
  return { ...filtered, planFor: found.planFor, catalogue };
}

export async function answerMatchCount(
  deps: AnswerDeps,
  scope: LocalScope,
  request: SearchRequest,
): Promise<LocalAnswer<HitStats>> {
  const read = readRequest(request);
  if (!read.ok) return read;
  return { ok: true, result: (await matchesOf(deps, scope, read.query)).stats };
}

export async function answerSearch(
  deps: AnswerDeps,
  scope: LocalScope,
  request: SearchRequest,
): Promise<LocalAnswer<SearchResult>> {
  const read = readRequest(request);
  if (!read.ok) return read;
  const { query } = read;
  const found = await matchesOf(deps, scope, query);
  const { page, total, limited } = pageOfMatches(found.matches, query);
  const { folding } = deps.view.readings;
  const simplified = query.txt_type === "sim_txt";
  const [texts, apparatus] = await Promise.all([
    deps.reelTexts(page.map(({ reel }) => [reel.doc.reel_uid, reel.form] as const)),
    query.in_readings ? deps.apparatus(scope.tripitakaUid, query.sutra_uids) : null,
  ]);
  const list = page.map(({ reel, sutra, hits }, i): SearchItem => {
    const { doc, form } = reel;
    const text = texts[i];
    const nameSim = sutra.reelNames.get(doc.reel_uid) ?? doc.name_sim;
    return {
      reel_uid: doc.reel_uid,
      sutra_uid: sutra.uid,
      reel_name: simplified ? nameSim : doc.name_trad,
      keyword_count: hits,
      txts: text ? buildSnippets(text, found.planFor(form), folding).snippets : [],
      sutra_name: `${sutra.nameSim}|${sutra.nameTrad}`,
      dynasty_author: sutra.byline,
      categories: sutra.categories,
      start_year: sutra.startYear,
      end_year: sutra.endYear,
    };
  });
  const readings = apparatus
    ? answerReadings({
        rows: apparatus,
        docs: deps.view.docs.values(),
        catalogue: found.catalogue,
        query,
        readKeyword: deps.view.readings.readKeyword,
        groups: groupScope(scope),
      })
    : null;
  return { ok: true, result: searchAnswer(query, { list, total, limited }, found.stats, readings) };
}
