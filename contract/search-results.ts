/**
 * From the reels that hold the keyword to what a search answers: the filters, the hit statistics
 * and the order, one module for the server's search and the offline search worker. Within one
 * filter the chosen options are alternatives; different filters all apply. Each filter's
 * statistics count the reels that pass every other filter, so its options stay choosable; the
 * totals count the reels that pass them all.
 */
import type {
  HitStats,
  ReadingsResult,
  SearchItem,
  SearchQuery,
  SearchResult,
  StatOption,
} from "./search.ts";
import { SEARCH_RESULT_LIMIT, type SearchSort } from "./search-options.ts";

/** An option of a statistics filter: its id and label. */
export type StatKey = { id: number | string; name: string };

export type SutraEntry = {
  uid: string;
  /** The catalogue order (the server's sutra `sn`). */
  sn: number;
  startYear: number | null;
  endYear: number | null;
  options: { categories: StatKey[]; dynasties: StatKey[]; authors: StatKey[] };
};

export type MatchReel = { reelNo: number };

export type Match<R extends MatchReel = MatchReel, S extends SutraEntry = SutraEntry> = {
  reel: R;
  sutra: S;
  hits: number;
};

/** Labels of the options a request may choose, for those listed with no hits. */
export type StatLabels = {
  categories: ReadonlyMap<number, string>;
  dynasties: ReadonlyMap<number, string>;
  /** Authors' options by any of their names (traditional, simplified, label). */
  authors: ReadonlyMap<string, StatKey>;
};

/** A custom group of the reader's: its name and sutras. */
export type SearchGroup = { name: string; sutraUids: Iterable<string> };

/** The reader's custom groups, in the reader's order (none when signed out). */
export type GroupScope = readonly SearchGroup[];

/** The request's filters, as the search request names them. */
export type SearchFilters = {
  sutra_uids?: readonly string[] | undefined;
  categories?: readonly number[] | undefined;
  dynasties?: readonly number[] | undefined;
  authors?: readonly string[] | undefined;
  sutra_group_names?: readonly string[] | undefined;
};

const FACETS = ["sutra_group_names", "categories", "dynasties", "authors"] as const;
type Facet = (typeof FACETS)[number];

/** The matches of one sutra and their hits together. */
type SutraMatches<M> = { sutra: SutraEntry; matches: M[]; hits: number };

function chosenOf(
  filters: SearchFilters,
  labels: StatLabels,
): Record<Facet, ReadonlySet<number | string> | null> {
  const set = (list: readonly (number | string)[] | undefined) =>
    list && list.length > 0 ? new Set(list) : null;
  return {
    sutra_group_names: set(filters.sutra_group_names),
    categories: set(filters.categories),
    dynasties: set(filters.dynasties),
    authors: set(filters.authors?.map((name) => labels.authors.get(name)?.id ?? name)),
  };
}

/** Ties in code unit order: a statistics list holds hundreds of authors, and localeCompare is slow. */
const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const byHits = (a: StatOption, b: StatOption): number =>
  b.hit_num - a.hit_num || b.reel_num - a.reel_num || byCodeUnits(String(a.id), String(b.id));

export function filterMatches<M extends Match>(
  all: readonly M[],
  filters: SearchFilters,
  labels: StatLabels,
  groups: GroupScope,
): { matches: M[]; stats: HitStats } {
  const scope = filters.sutra_uids && filters.sutra_uids.length > 0 ? new Set(filters.sutra_uids) : null;
  const chosen = chosenOf(filters, labels);
  const groupsOfSutra = new Map<string, StatKey[]>();
  for (const group of groups) {
    for (const uid of new Set(group.sutraUids)) {
      const list = groupsOfSutra.get(uid) ?? [];
      list.push({ id: group.name, name: group.name });
      groupsOfSutra.set(uid, list);
    }
  }
  const optionsOf = (facet: Facet, sutra: SutraEntry): readonly StatKey[] =>
    facet === "sutra_group_names" ? (groupsOfSutra.get(sutra.uid) ?? []) : sutra.options[facet];
  const passes = (facet: Facet, sutra: SutraEntry): boolean => {
    const wanted = chosen[facet];
    return !wanted || optionsOf(facet, sutra).some((o) => wanted.has(o.id));
  };

  const tallies = new Map<Facet, Map<number | string, StatOption>>(FACETS.map((f) => [f, new Map()]));
  const tally = (facet: Facet, sutra: SutraEntry, found: SutraMatches<M>) => {
    const counts = tallies.get(facet) as Map<number | string, StatOption>;
    for (const option of optionsOf(facet, sutra)) {
      const entry = counts.get(option.id);
      if (entry) {
        entry.reel_num += found.matches.length;
        entry.hit_num += found.hits;
      } else
        counts.set(option.id, {
          id: option.id,
          name: option.name,
          reel_num: found.matches.length,
          hit_num: found.hits,
        });
    }
  };
  // A sutra's reels share its options, so each sutra is filtered and tallied once.
  const bySutra = new Map<string, SutraMatches<M>>();
  for (const match of all) {
    if (scope && !scope.has(match.sutra.uid)) continue;
    const found = bySutra.get(match.sutra.uid);
    if (found) {
      found.matches.push(match);
      found.hits += match.hits;
    } else bySutra.set(match.sutra.uid, { sutra: match.sutra, matches: [match], hits: match.hits });
  }
  const matches: M[] = [];
  let keywordCount = 0;
  for (const found of bySutra.values()) {
    const { sutra } = found;
    let failures = 0;
    let failed: Facet = "authors";
    for (const facet of FACETS) {
      if (passes(facet, sutra)) continue;
      failures++;
      failed = facet;
    }
    if (failures === 0) {
      for (const match of found.matches) matches.push(match);
      keywordCount += found.hits;
      for (const facet of FACETS) tally(facet, sutra, found);
    } else if (failures === 1) tally(failed, sutra, found);
  }

  const nameOf = (facet: Facet, id: number | string): string | undefined => {
    if (facet === "sutra_group_names") return groups.find((g) => g.name === id)?.name;
    if (facet === "categories") return labels.categories.get(Number(id));
    if (facet === "dynasties") return labels.dynasties.get(Number(id));
    return labels.authors.get(String(id))?.name;
  };
  const listOf = (facet: Facet): StatOption[] => {
    const counts = tallies.get(facet) as Map<number | string, StatOption>;
    for (const id of chosen[facet] ?? []) {
      const name = counts.has(id) ? undefined : nameOf(facet, id);
      if (name !== undefined) counts.set(id, { id, name, reel_num: 0, hit_num: 0 });
    }
    const list = [...counts.values()];
    if (facet !== "sutra_group_names") return list.sort(byHits);
    const order = new Map(groups.map((g, i) => [g.name, i]));
    return list.sort((a, b) => (order.get(String(a.id)) ?? 0) - (order.get(String(b.id)) ?? 0));
  };

  return {
    matches,
    stats: {
      reels_count: matches.length,
      keyword_count: keywordCount,
      filter_stats: {
        sutra_group_names: listOf("sutra_group_names"),
        categories: listOf("categories"),
        dynasties: listOf("dynasties"),
        authors: listOf("authors"),
      },
    },
  };
}

const catalogueOrder = (a: Match, b: Match): number =>
  a.sutra.sn - b.sutra.sn || a.reel.reelNo - b.reel.reelNo;

/** Years ascending or descending, reels without a year last either way. */
function byYear(pick: (s: SutraEntry) => number | null, descending: boolean) {
  return (a: Match, b: Match): number => {
    const x = pick(a.sutra);
    const y = pick(b.sutra);
    if (x === null || y === null) return (x === null ? 1 : 0) - (y === null ? 1 : 0) || catalogueOrder(a, b);
    return (descending ? y - x : x - y) || catalogueOrder(a, b);
  };
}

const ORDERS: Record<SearchSort, (a: Match, b: Match) => number> = {
  hit: (a, b) => a.hits - b.hits || catalogueOrder(a, b),
  "-hit": (a, b) => b.hits - a.hits || catalogueOrder(a, b),
  start_year: byYear((s) => s.startYear, false),
  "-start_year": byYear((s) => s.startYear, true),
  end_year: byYear((s) => s.endYear, false),
  "-end_year": byYear((s) => s.endYear, true),
  sutra_uid: catalogueOrder,
  "-sutra_uid": (a, b) => catalogueOrder(b, a),
};

/**
 * The first `count` matches in the order asked for. A few of many are picked in one pass, each
 * kept one put in place, rather than every match sorted.
 */
export function firstMatches<M extends Match>(matches: readonly M[], sort: SearchSort, count: number): M[] {
  const order = ORDERS[sort];
  if (count <= 0) return [];
  if (count * 4 >= matches.length) return [...matches].sort(order).slice(0, count);
  const kept: M[] = [];
  for (const match of matches) {
    if (kept.length === count && order(match, kept[count - 1] as M) >= 0) continue;
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (order(kept[mid] as M, match) <= 0) lo = mid + 1;
      else hi = mid;
    }
    kept.splice(lo, 0, match);
    if (kept.length > count) kept.pop();
  }
  return kept;
}

/**
 * One page of what was matched, of which only the first `limit` are shown: `total` counts the
 * shown ones and `limited` says more were found (the screen then gives the limit, not the count).
 * `firstInOrder(n)` gives the first n in the order asked for; only those up to the page's end are
 * asked for.
 */
export function pageWithinLimit<T>(
  matched: readonly T[],
  pageNo: number,
  pageSize: number,
  firstInOrder: (count: number) => T[],
  limit: number = SEARCH_RESULT_LIMIT,
): { page: T[]; total: number; limited: boolean } {
  const total = Math.min(matched.length, limit);
  const start = Math.min((pageNo - 1) * pageSize, total);
  const end = Math.min(start + pageSize, total);
  const page = end > start ? firstInOrder(end).slice(start, end) : [];
  return { page, total, limited: matched.length > total };
}

/** The page of `matches` the query asks for, in its order, among the first SEARCH_RESULT_LIMIT. */
export function pageOfMatches<M extends Match>(
  matches: readonly M[],
  query: Pick<SearchQuery, "page_no" | "page_size" | "sort_by">,
): { page: M[]; total: number; limited: boolean } {
  return pageWithinLimit(matches, query.page_no, query.page_size, (count) =>
    firstMatches(matches, query.sort_by, count),
  );
}

/** What a search answers: a page of reels, the statistics of every match, the readings when asked for. */
export function searchAnswer(
  query: Pick<SearchQuery, "page_no" | "page_size" | "keyword">,
  page: { list: SearchItem[]; total: number; limited: boolean },
  stats: HitStats,
  readings: ReadingsResult | null,
): SearchResult {
  return {
    list: page.list,
    page_no: query.page_no,
    page_size: query.page_size,
    total: page.total,
    limited: page.limited,
    keyword: query.keyword,
    stats,
    ...(readings ? { readings } : {}),
  };
}
