/**
 * An admin list screen's query in the address: the filters as typed (a draft until the search
 * button is pressed), the applied search read from the address, and the changes a screen makes
 * (search, clear, page, order, and for a screen that declares them its views and second pager),
 * each written back to the address.
 */
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useCallback, useEffect, useMemo, useState } from "react";
import type { PageSize } from "../../ui/pagination.ts";
import {
  emptyFilters,
  type FilterSpec,
  type FilterValues,
  type ListExtras,
  type ListSearch,
  type ListShape,
  listRequestQuery,
  type NoViews,
  printListExtras,
  printListSearch,
  readListExtras,
  readListSearch,
  type ViewSpec,
  type ViewValues,
  withFilters,
} from "./listSearch.ts";

export type ListControls<Spec extends FilterSpec, Views extends ViewSpec = NoViews> = {
  /** What the list allows (its filters' kinds say how each is typed). */
  shape: ListShape<Spec, Views>;
  search: ListSearch<Spec>;
  /** The views (tab, grouping) and the second pager. */
  extras: ListExtras<Views>;
  /** The list call's query (empty values removed). */
  request: Record<string, string | number>;
  /** The applied query as the address prints it (defaults left out). */
  address: string;
  /** Changes whenever the list should be fetched again, including a search with the same filters. */
  loadKey: string;
  draft: FilterValues<Spec>;
  setDraft(key: keyof Spec, value: string): void;
  /** Applies the draft (page 1). */
  runSearch(): void;
  /** Empties the filters and searches. */
  clear(): void;
  choosePage(pageNo: number, pageSize: PageSize): void;
  chooseSort(sortBy: string): void;
  /** Fetches the same query again (after a change made from the list). */
  refresh(): void;
  /**
   * Changes views at once, and with `filters` applies those filters over the current ones (the
   * draft follows); both pagers go back to page 1.
   */
  chooseViews(views: Partial<ViewValues<Views>>, filters?: Partial<FilterValues<Spec>>): void;
  chooseGroupPage(pageNo: number, pageSize: PageSize): void;
};

export function useListSearch<Spec extends FilterSpec, Views extends ViewSpec = NoViews>(
  shape: ListShape<Spec, Views>,
): ListControls<Spec, Views> {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const search = useMemo(() => readListSearch(shape, raw), [shape, raw]);
  const extras = useMemo(() => readListExtras(shape, raw), [shape, raw]);
  const shown = { ...printListSearch(shape, search), ...printListExtras(shape, extras) };
  const printed = JSON.stringify(shown);
  const [draft, setDraftValues] = useState<FilterValues<Spec>>(search.filters);
  const [round, setRound] = useState(0);

  // The address changed (back, forward, a link): the typed filters follow it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `printed` stands for the search.
  useEffect(() => setDraftValues(search.filters), [printed]);

  const go = useCallback(
    (next: ListSearch<Spec>, nextExtras: ListExtras<Views> = extras) => {
      setRound((n) => n + 1);
      void navigate({
        to: ".",
        search: { ...printListSearch(shape, next), ...printListExtras(shape, nextExtras) },
      });
    },
    [navigate, shape, extras],
  );
  const firstGroupPage = { ...extras, page_no_group: 1 };

  return {
    shape,
    search,
    extras,
    request: listRequestQuery(search),
    address: new URLSearchParams(
      Object.entries(shown).map(([key, value]) => [key, String(value)]),
    ).toString(),
    loadKey: `${printed}#${round}`,
    draft,
    setDraft: (key, value) => setDraftValues((current) => ({ ...current, [key]: value })),
    runSearch: () => go(withFilters(shape, search, draft), firstGroupPage),
    clear: () => go(withFilters(shape, search, emptyFilters(shape.filters)), firstGroupPage),
    choosePage: (pageNo, pageSize) =>
      go({ ...search, page_no: pageSize === search.page_size ? pageNo : 1, page_size: pageSize }),
    chooseSort: (sortBy) => go({ ...search, sort_by: sortBy, page_no: 1 }),
    refresh: () => setRound((n) => n + 1),
    chooseViews: (views, filters) =>
      go(withFilters(shape, search, { ...search.filters, ...filters }), {
        ...firstGroupPage,
        views: { ...extras.views, ...views },
      }),
    chooseGroupPage: (pageNo, pageSize) =>
      go(search, {
        ...extras,
        page_no_group: pageSize === extras.page_size_group ? pageNo : 1,
        page_size_group: pageSize,
      }),
  };
}
