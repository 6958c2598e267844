/**
 * The left filter panel's rules (spec section 4): one group per kind of hit statistics; one group
 * expands by itself after new statistics; Apply shows only when the selection differs from the
 * last applied one; Clear all only when something is selected; changing mode collapses all groups.
 */
import type { HitStats, StatOption } from "../../../contract/search.ts";
import type { SearchParams } from "./searchParams.ts";

export const FILTER_GROUPS = ["sutra_group_names", "categories", "dynasties", "authors"] as const;
export type FilterGroup = (typeof FILTER_GROUPS)[number];

/** Selected option ids per group, as text (category and dynasty ids are numbers in the address). */
export type FilterSelection = Record<FilterGroup, string[]>;

export const NO_SELECTION: FilterSelection = {
  sutra_group_names: [],
  categories: [],
  dynasties: [],
  authors: [],
};

export function selectionOf(params: SearchParams): FilterSelection {
  return {
    sutra_group_names: [...params.sutra_groups],
    categories: params.category_ids.map(String),
    dynasties: params.dynasty_ids.map(String),
    authors: [...params.author_names],
  };
}

const numbers = (values: string[]): number[] => values.map(Number).filter((n) => Number.isInteger(n));

/** The address with `selection` applied, from page 1. */
export function withSelection(params: SearchParams, selection: FilterSelection): SearchParams {
  return {
    ...params,
    page_no: 1,
    sutra_groups: [...selection.sutra_group_names],
    category_ids: numbers(selection.categories),
    dynasty_ids: numbers(selection.dynasties),
    author_names: [...selection.authors],
  };
}

export function toggleOption(
  selection: FilterSelection,
  group: FilterGroup,
  id: string,
  on: boolean,
): FilterSelection {
  const rest = selection[group].filter((item) => item !== id);
  return { ...selection, [group]: on ? [...rest, id] : rest };
}

export function sameSelection(a: FilterSelection, b: FilterSelection): boolean {
  return FILTER_GROUPS.every((group) => {
    const left = new Set(a[group]);
    const right = new Set(b[group]);
    return left.size === right.size && [...left].every((id) => right.has(id));
  });
}

export const hasSelection = (selection: FilterSelection): boolean =>
  FILTER_GROUPS.some((group) => selection[group].length > 0);

/**
 * The options a group lists: the statistics' options, then selected ones the statistics lack
 * (no hits in the current scope), so a selection can always be undone.
 */
export function groupOptions(
  stats: HitStats | undefined,
  group: FilterGroup,
  selected: string[],
): StatOption[] {
  const options = stats?.filter_stats[group] ?? [];
  const listed = new Set(options.map((option) => String(option.id)));
  const missing = selected
    .filter((id) => !listed.has(id))
    .map((id) => ({ id, name: id, reel_num: 0, hit_num: 0 }));
  return [...options, ...missing];
}

/** The group that expands after new statistics: the first with an applied selection, else the first with options. */
export function autoExpandedGroup(stats: HitStats, applied: FilterSelection): FilterGroup | null {
  const withOptions = FILTER_GROUPS.filter((group) => stats.filter_stats[group].length > 0);
  return withOptions.find((group) => applied[group].length > 0) ?? withOptions[0] ?? null;
}
