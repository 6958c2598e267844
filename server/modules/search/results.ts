/**
 * From the reels that hold the keyword to what a search answers: the filters, the hit statistics
 * and the order. Within one filter the chosen options are alternatives; different filters all
 * apply. Each filter's statistics count the reels that pass every other filter, so its options
 * stay choosable; the totals count the reels that pass them all.
 */
import type { HitStats, StatOption } from "../../../contract/search.ts";
import type { SearchSort } from "../../../contract/search-options.ts";
import type { ReelEntry, SearchCatalogue, StatKey, SutraEntry } from "./catalogue.ts";

export type Match = { reel: ReelEntry; sutra: SutraEntry; hits: number };

const FACETS = ["sutra_group_names", "categories", "dynasties", "authors"] as const;
type Facet = (typeof FACETS)[number];

/** The reader's custom groups: name and sutras, in the reader's order. */
export type GroupScope = { name: string; sutraUids: ReadonlySet<string> }[];

export type SearchFilters = {
  sutraUids: readonly string[] | undefined;
  categories: readonly number[] | undefined;
  dynasties: readonly number[] | undefined;
  authors: readonly string[] | undefined;
  sutraGroupNames: readonly string[] | undefined;
};

/** The chosen options of each filter; authors by the name their option carries. */
function chosenOf(
  filters: SearchFilters,
  catalogue: SearchCatalogue,
): Record<Facet, ReadonlySet<number | string> | null> {
  const set = (list: readonly (number | string)[] | undefined) =>
    list && list.length > 0 ? new Set(list) : null;
  return {
    sutra_group_names: set(filters.sutraGroupNames),
    categories: set(filters.categories),
    dynasties: set(filters.dynasties),
    authors: set(filters.authors?.map((name) => catalogue.authors.get(name)?.id ?? name)),
  };
}

export type Filtered = { matches: Match[]; stats: HitStats };

export function filterMatches(
  all: readonly Match[],
  filters: SearchFilters,
  catalogue: SearchCatalogue,
  groups: GroupScope,
): Filtered {
  const scope = filters.sutraUids && filters.sutraUids.length > 0 ? new Set(filters.sutraUids) : null;
  const chosen = chosenOf(filters, catalogue);
  const groupsOfSutra = new Map<string, StatKey[]>();
  for (const group of groups) {
    for (const uid of group.sutraUids) {
      const list = groupsOfSutra.get(uid) ?? [];
      list.push({ id: group.name, name: group.name });
      groupsOfSutra.set(uid, list);
    }
  }
  const optionsOf = (facet: Facet, sutra: SutraEntry): readonly StatKey[] =>
    facet === "sutra_group_names" ? (groupsOfSutra.get(sutra.uid) ?? []) : sutra.options[facet];
  const passes = (facet: Facet, sutra: SutraEntry): boolean => {
    const wanted = chosen[facet];
    if (!wanted) return true;
    return optionsOf(facet, sutra).some((o) => wanted.has(o.id));
  };

  const tallies = new Map<Facet, Map<number | string, StatOption>>(FACETS.map((f) => [f, new Map()]));
  const tally = (facet: Facet, match: Match) => {
    const counts = tallies.get(facet) as Map<number | string, StatOption>;
    for (const option of optionsOf(facet, match.sutra)) {
      const entry = counts.get(option.id);
      if (entry) {
        entry.reel_num++;
        entry.hit_num += match.hits;
      } else counts.set(option.id, { id: option.id, name: option.name, reel_num: 1, hit_num: match.hits });
    }
  };
  const matches: Match[] = [];
  let keywordCount = 0;
  for (const match of all) {
    if (scope && !scope.has(match.sutra.uid)) continue;
    let failed: Facet | null = null;
    let failures = 0;
    for (const facet of FACETS) {
      if (passes(facet, match.sutra)) continue;
      failures++;
      failed = facet;
    }
    if (failures === 0) {
      matches.push(match);
      keywordCount += match.hits;
      for (const facet of FACETS) tally(facet, match);
    } else if (failures === 1 && failed) tally(failed, match);
  }

  const listOf = (facet: Facet): StatOption[] => {
    const counts = tallies.get(facet) as Map<number | string, StatOption>;
    for (const id of chosen[facet] ?? []) {
      if (counts.has(id)) continue;
      const name =
        facet === "sutra_group_names"
          ? groups.find((g) => g.name === id)?.name
          : facet === "categories"
            ? catalogue.categories.get(Number(id))
            : facet === "dynasties"
              ? catalogue.dynasties.get(Number(id))
              : catalogue.authors.get(String(id))?.name;
      if (name !== undefined) counts.set(id, { id, name, reel_num: 0, hit_num: 0 });
    }
    const list = [...counts.values()];
    if (facet === "sutra_group_names") {
      const order = new Map(groups.map((g, i) => [g.name, i]));
      return list.sort((a, b) => (order.get(String(a.id)) ?? 0) - (order.get(String(b.id)) ?? 0));
    }
    return list.sort(
      (a, b) => b.hit_num - a.hit_num || b.reel_num - a.reel_num || String(a.id).localeCompare(String(b.id)),
    );
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

export function sortMatches(matches: Match[], sort: SearchSort): Match[] {
  const compare: Record<SearchSort, (a: Match, b: Match) => number> = {
    hit: (a, b) => a.hits - b.hits || catalogueOrder(a, b),
    "-hit": (a, b) => b.hits - a.hits || catalogueOrder(a, b),
    start_year: byYear((s) => s.startYear, false),
    "-start_year": byYear((s) => s.startYear, true),
    end_year: byYear((s) => s.endYear, false),
    "-end_year": byYear((s) => s.endYear, true),
    sutra_uid: catalogueOrder,
    "-sutra_uid": (a, b) => catalogueOrder(b, a),
  };
  return matches.sort(compare[sort]);
}
