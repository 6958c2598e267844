/**
 * A list screen's rows under the one-second guard (searchGuard.ts): the search and clear buttons
 * load the new query at once and write it to the address, which then loads nothing more.
 */
import { useEffect, useRef, useState } from "react";
import type { Paged } from "../../../contract/envelope.ts";
import { useLoad } from "../../ui/useLoad.ts";
import {
  emptyFilters,
  type FilterSpec,
  type FilterValues,
  listRequestQuery,
  withFilters,
} from "../list-screen/listSearch.ts";
import type { ListControls } from "../list-screen/useListSearch.ts";
import {
  addressIssue,
  type IssuedQuery,
  issueKey,
  type ListQuery,
  printQuery,
  reloadsOnAddress,
  searchIssue,
} from "./searchGuard.ts";

export function useGuardedSearch<Spec extends FilterSpec, Row>(options: {
  controls: ListControls<Spec>;
  fetchPage(query: ListQuery, signal: AbortSignal): Promise<Paged<Row>>;
  now(): number;
}) {
  const { controls, now } = options;
  const { shape } = controls;
  const printed = printQuery(controls.request);
  const issuedRef = useRef<IssuedQuery>(addressIssue(controls.request, 0));
  const [issued, setIssued] = useState(issuedRef.current);
  const issue = (next: IssuedQuery) => {
    issuedRef.current = next;
    setIssued(next);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `printed` stands for the address's query.
  useEffect(() => {
    const last = issuedRef.current;
    if (reloadsOnAddress(last, printed, now())) issue(addressIssue(controls.request, last.round + 1));
  }, [printed]);

  const search = (filters: FilterValues<Spec>) => {
    const query = listRequestQuery(withFilters(shape, controls.search, filters));
    issue(searchIssue(query, issuedRef.current.round + 1, now()));
  };

  const load = useLoad(issueKey(issued), (signal) => options.fetchPage(issued.query, signal));
  const guarded: ListControls<Spec> = {
    ...controls,
    runSearch() {
      search(controls.draft);
      controls.runSearch();
    },
    clear() {
      search(emptyFilters(shape.filters));
      controls.clear();
    },
  };
  return { load, controls: guarded };
}
