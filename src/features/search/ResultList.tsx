/**
 * The centre column: the hit summary (or, past the limit, only the number shown), the
 * matched-sutras strip, the foldings of fuzzy search switched off, sorting (exact mode with results only), the tile or compact layout, the
 * reels with their snippets and the pager; an empty search says so.
 */
import {
  MessageBar,
  MessageBarBody,
  makeStyles,
  Text,
  ToggleButton,
  tokens,
} from "@fluentui/react-components";
import { ArrowSortDownRegular, ArrowSortUpRegular } from "@fluentui/react-icons";
import { useLingui } from "@lingui/react";
import { startTransition, useEffect, useState } from "react";
import type { Script } from "../../../contract/names.ts";
import type { SearchResult } from "../../../contract/search.ts";
import {
  type Folding,
  SEARCH_FIRST_CARDS,
  SEARCH_PAGE_SIZES,
  SEARCH_RESULT_LIMIT,
  type SearchSort,
  sortedFoldings,
} from "../../../contract/search-options.ts";
import { tr } from "../../i18n/translate.ts";
import { nextSort, parseSort } from "../../ui/columns.ts";
import { Pagination } from "../../ui/Pagination.tsx";
import { PanelTabs } from "../../ui/PanelTabs.tsx";
import { useStackStyles } from "../../ui/stack.ts";
import { CompactResults } from "./CompactResults.tsx";
import { showCount } from "./count.ts";
import { FoldingsOff } from "./FoldingChips.tsx";
import { MatchedSutras } from "./MatchedSutras.tsx";
import { sortText, searchText as t } from "./messages.ts";
import { type Preview, ResultCard } from "./ResultCard.tsx";
import { asSort, type SearchPageSize, type SearchParams } from "./searchParams.ts";
import { effectiveSort } from "./searchRequest.ts";

const LAYOUTS = ["tile", "compact"] as const;
type Layout = (typeof LAYOUTS)[number];
const SORT_KEYS = ["hit", "sutra_uid", "start_year", "end_year"] as const;

const useStyles = makeStyles({
  bar: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalM, flexWrap: "wrap" },
  spacer: { flex: "1 1 auto" },
  sorts: { display: "flex", gap: tokens.spacingHorizontalXS, alignItems: "center" },
});

type Props = {
  tripitakaUid: string;
  params: SearchParams;
  result: SearchResult;
  script: Script;
  preview: Preview | null;
  onPreview(preview: Preview): void;
  onSort(sort: SearchSort): void;
  onPage(pageNo: number, pageSize: SearchPageSize): void;
  /** Searches again with these foldings of fuzzy search switched off. */
  onFoldingsOff(off: Folding[]): void;
};

function SortBar(props: { sort: SearchSort; onSort(sort: SearchSort): void }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const current = parseSort(props.sort);
  return (
    <div className={styles.sorts} data-sort-bar>
      <Text size={200}>{i18n._(t.sort)}</Text>
      {SORT_KEYS.map((key) => {
        const active = current.key === key;
        return (
          <ToggleButton
            key={key}
            size="small"
            checked={active}
            data-sort={key}
            icon={active ? current.descending ? <ArrowSortDownRegular /> : <ArrowSortUpRegular /> : undefined}
            iconPosition="after"
            onClick={() => props.onSort(asSort(nextSort(props.sort, key)))}
          >
            {i18n._(sortText[key])}
          </ToggleButton>
        );
      })}
    </div>
  );
}

const CARDS_PER_SLICE = SEARCH_FIRST_CARDS;

/**
 * How many of a result page's cards to draw: the first screen's worth, then more in slices, each
 * committed in a task of its own, so that no one block of work draws a whole page of cards.
 */
function useShownCards(list: readonly unknown[]): number {
  const [shown, setShown] = useState({ list, count: SEARCH_FIRST_CARDS });
  const count = shown.list === list ? shown.count : SEARCH_FIRST_CARDS;
  useEffect(() => {
    if (count < list.length) startTransition(() => setShown({ list, count: count + CARDS_PER_SLICE }));
  }, [list, count]);
  return count;
}

export function ResultList(props: Props) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const [layout, setLayout] = useState<Layout>("tile");
  const { result, params } = props;
  const empty = result.list.length === 0;
  const sortShown = params.mode === "exact" && !empty;
  const off = params.mode === "fuzzy" ? params.foldings_off : [];
  const switchOff = (folding: Folding) => props.onFoldingsOff(sortedFoldings([...off, folding]));
  const shownCards = useShownCards(result.list);
  const drawing = layout === "tile" && shownCards < result.list.length;

  return (
    <section
      className={stack.s}
      aria-label={i18n._(t.results)}
      aria-busy={drawing || undefined}
      data-results
      data-layout={layout}
    >
      <MatchedSutras tripitakaUid={props.tripitakaUid} keyword={result.keyword} script={props.script} />
      <FoldingsOff
        off={off}
        onSwitchOn={(folding) => props.onFoldingsOff(off.filter((f) => f !== folding))}
      />
      {empty ? (
        <MessageBar intent="info" data-no-result>
          <MessageBarBody>{i18n._(t.noSearchResult)}</MessageBarBody>
        </MessageBar>
      ) : (
        <div className={styles.bar}>
          <Text data-summary>
            {result.limited
              ? tr(i18n, t.limited, { limit: SEARCH_RESULT_LIMIT })
              : tr(i18n, t.summary, {
                  reels: showCount(i18n, result.stats.reels_count),
                  hits: showCount(i18n, result.stats.keyword_count),
                })}
          </Text>
          <span className={styles.spacer} />
          {sortShown && <SortBar sort={effectiveSort(params)} onSort={props.onSort} />}
          <PanelTabs
            aria-label={i18n._(t.layout)}
            tabs={LAYOUTS.map((value) => ({ value, label: i18n._(t[value]), "data-layout-choice": value }))}
            selected={layout}
            onSelect={setLayout}
          />
        </div>
      )}
      {!empty &&
        (layout === "tile" ? (
          result.list
            .slice(0, shownCards)
            .map((item, at) => (
              <ResultCard
                key={item.reel_uid}
                later={at >= SEARCH_FIRST_CARDS}
                item={item}
                script={props.script}
                previewing={props.preview?.item.reel_uid === item.reel_uid ? props.preview.snippet : null}
                onPreview={(snippet) => props.onPreview({ item, snippet })}
                onFoldingOff={switchOff}
              />
            ))
        ) : (
          <CompactResults
            items={result.list}
            script={props.script}
            onPreview={props.onPreview}
            onFoldingOff={switchOff}
            sort={sortShown ? effectiveSort(params) : undefined}
            onSort={sortShown ? props.onSort : undefined}
          />
        ))}
      {!empty && (
        <Pagination
          pageNo={params.page_no}
          pageSize={params.page_size}
          total={result.total}
          sizes={SEARCH_PAGE_SIZES}
          onChange={(pageNo, pageSize) => props.onPage(pageNo, pageSize)}
        />
      )}
    </section>
  );
}
