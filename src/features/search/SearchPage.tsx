/**
 * `/{tripitaka}/search` (spec section 2): the search form on top; below it the filter panel, the
 * result list and the resizable preview panel. The address holds the query; the page reads it,
 * searches, and writes every change back to the address.
 */
import { makeStyles, mergeClasses, Spinner, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import { Suspense, startTransition, useEffect, useState } from "react";
import type { Script } from "../../../contract/names.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import { routeTitles } from "../../app/routes/titles.ts";
import { common } from "../../i18n/messages.ts";
import { useLocalSearchChoice } from "../../offline/search/useLocalSearchChoice.ts";
import { lazyPart } from "../../ui/lazyPart.tsx";
import { ScreenHeading } from "../../ui/ScreenHeading.tsx";
import { LoadStatus } from "../../ui/Status.tsx";
import { useStackStyles } from "../../ui/stack.ts";
import { useSutraGroups } from "../catalogue/useSutraGroups.ts";
import { citationAddress } from "../cite/resolveCitation.ts";
import { FilterPanel } from "./FilterPanel.tsx";
import { selectionOf, withSelection } from "./filterPanel.ts";
import { searchText as t } from "./messages.ts";
import type { Preview } from "./ResultCard.tsx";
import { ResultList } from "./ResultList.tsx";
import { SearchForm } from "./SearchForm.tsx";
import { SearchSource } from "./SearchSource.tsx";
import { SplitView } from "./SplitView.tsx";
import { rememberSearchLook } from "./searchLookCookie.ts";
import { printSearchParams, type SearchParams, withSearch } from "./searchParams.ts";
import { canSearch } from "./searchRequest.ts";
import { textChoice } from "./searchSettings.ts";
import { useSearchData } from "./useSearchData.ts";
import { useRecentInputs, useSearchSettings } from "./useStoredState.ts";

const PreviewPanel = lazyPart(() => import("./PreviewPanel.tsx"), "PreviewPanel");
const ReadingResults = lazyPart(() => import("./ReadingResults.tsx"), "ReadingResults");

const scriptOf = (txtType: TxtType): Script | null =>
  txtType === "sim_txt" ? "sim" : txtType === "std_txt" ? "trad" : null;

const useStyles = makeStyles({
  body: { display: "flex", alignItems: "flex-start", gap: tokens.spacingHorizontalL },
  results: { position: "relative" },
  hint: { color: tokens.colorNeutralForeground3 },
});

type Props = { tripitakaUid: string; params: SearchParams; script: Script };

export function SearchPage({ tripitakaUid, params, script: readingScript }: Props) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const groups = useSutraGroups(tripitakaUid);
  const [settings, setSettings] = useSearchSettings();
  const text = textChoice(params.txt_type, settings, i18n.locale);
  // Names follow the script the results are shown in; the reading script for the other text types.
  const script = scriptOf(text.txtType) ?? readingScript;
  const recent = useRecentInputs();
  const [localChosen, setLocalChosen] = useLocalSearchChoice();
  const { results, stats, ...origin } = useSearchData(tripitakaUid, params, text, groups, localChosen);
  const [preview, setPreview] = useState<Preview | null>(null);
  const searching = canSearch(params);
  const result = results.data ?? (results.loading ? results.latest : undefined);

  const go = (next: SearchParams) =>
    void navigate({
      to: "/$tripitaka/search",
      params: { tripitaka: tripitakaUid },
      search: printSearchParams(next),
    });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the cookie is written again when either choice changes.
  useEffect(() => rememberSearchLook(document, window.localStorage), [settings, localChosen]);

  // Every keyword searched, however it arrived (the form, home, a reader's "search again"), is a recent input.
  // Added as a transition: the page it draws again (every card) is drawn in slices.
  const { add } = recent;
  useEffect(() => {
    if (searching) startTransition(() => add(params.keyword));
  }, [searching, params.keyword, add]);

  // A preview belongs to the search it came from.
  const previewKey = `${params.keyword}|${params.mode}|${text.txtType}`;
  const [previewFor, setPreviewFor] = useState(previewKey);
  if (previewKey !== previewFor) {
    setPreviewFor(previewKey);
    setPreview(null);
  }

  const list = (
    <div className={mergeClasses(stack.s, styles.results)}>
      {!searching && <Text className={styles.hint}>{i18n._(t.enterKeyword)}</Text>}
      {searching && results.loading && (
        <Spinner size="tiny" label={i18n._(common.loading)} labelPosition="after" />
      )}
      {searching && results.error && <LoadStatus load={results} />}
      {searching && <SearchSource {...origin} shown={Boolean(result)} pending={results.loading} />}
      {searching && result && (
        <ResultList
          tripitakaUid={tripitakaUid}
          params={params}
          result={result}
          script={script}
          preview={preview}
          onPreview={setPreview}
          onSort={(sort) => go(withSearch(params, { sort }))}
          onPage={(page_no, page_size) =>
            go(withSearch(params, { page_size, page_no: page_size === params.page_size ? page_no : 1 }))
          }
          onFoldingsOff={(foldings_off) => go(withSearch(params, { foldings_off }))}
        />
      )}
      {searching && result?.readings && (
        <Suspense fallback={<Spinner size="tiny" />}>
          <ReadingResults readings={result.readings} script={script} />
        </Suspense>
      )}
    </div>
  );

  return (
    <div className={stack.l} data-search-page>
      <ScreenHeading
        text={
          params.keyword ? `${i18n._(routeTitles.search)}: ${params.keyword}` : i18n._(routeTitles.search)
        }
      />
      <SearchForm
        tripitakaUid={tripitakaUid}
        params={params}
        onSearch={(patch) => {
          // A pasted reference opens its place instead of searching for its letters.
          const cited = patch.keyword ? citationAddress(patch.keyword) : null;
          if (cited) void navigate({ href: cited });
          else go(withSearch(params, patch));
        }}
        groups={groups}
        recent={recent}
        settings={settings}
        onSettings={setSettings}
        local={{ checked: localChosen, onChange: setLocalChosen }}
        locale={i18n.locale}
        script={script}
      />
      <div className={styles.body}>
        {searching && (
          <FilterPanel
            stats={stats.data}
            statsKey={stats.key}
            mode={params.mode}
            applied={selectionOf(params)}
            onApply={(selection) => go(withSelection(params, selection))}
            signedIn={groups.signedIn}
            script={script}
          />
        )}
        <SplitView
          results={list}
          preview={
            preview && (
              <Suspense fallback={<Spinner size="small" />}>
                <PreviewPanel
                  preview={preview}
                  txtType={text.txtType}
                  keyword={params.keyword}
                  script={script}
                  onClose={() => setPreview(null)}
                />
              </Suspense>
            )
          }
        />
      </div>
    </div>
  );
}
