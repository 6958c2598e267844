/**
 * The search form on top of the page: the keyword box (recent inputs and tips), the mode, the
 * custom groups as a scope for a signed-in reader with groups, advanced search (the search range
 * panel, loaded when first opened) and the search settings.
 */
import { Button, makeStyles, Radio, RadioGroup, Select, Switch, tokens } from "@fluentui/react-components";
import { FilterRegular } from "@fluentui/react-icons";
import { useLingui } from "@lingui/react";
import { type FormEvent, useState } from "react";
import type { Script } from "../../../contract/names.ts";
import { SEARCH_MODES, type SearchMode } from "../../../contract/search-options.ts";
import { offlineSearchText } from "../../offline/search/messages.ts";
import { lazyPart, SettingsButton, WhenWanted } from "../../ui/lazyPart.tsx";
import { useStackStyles } from "../../ui/stack.ts";
import type { SutraGroups } from "../catalogue/useSutraGroups.ts";
import { KeywordBox } from "./KeywordBox.tsx";
import { modeText, searchText as t } from "./messages.ts";
import type { SearchParams } from "./searchParams.ts";
import type { SearchSettings } from "./searchSettings.ts";
import type { RecentInputs } from "./useStoredState.ts";

const AdvancedSearch = lazyPart(() => import("./AdvancedSearch.tsx"), "AdvancedSearch");
const SettingsPopover = lazyPart(() => import("./SettingsPopover.tsx"), "SettingsPopover");

const useStyles = makeStyles({
  row: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalM, flexWrap: "wrap" },
  spacer: { flex: "1 1 auto" },
});

type Props = {
  tripitakaUid: string;
  params: SearchParams;
  /** Searches with the typed keyword and `patch` applied, from page 1. */
  onSearch(patch: Partial<SearchParams>): void;
  groups: SutraGroups;
  recent: RecentInputs;
  settings: SearchSettings;
  onSettings(next: SearchSettings): void;
  /** Search downloaded texts only ("本地搜索"). */
  local: { checked: boolean; onChange(local: boolean): void };
  locale: string;
  script: Script;
};

export function SearchForm(props: Props) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { params } = props;
  const [keyword, setKeyword] = useState(params.keyword);
  const [shownKeyword, setShownKeyword] = useState(params.keyword);
  const [advanced, setAdvanced] = useState(false);
  // A keyword arriving through the address (home, search again, a recent input) fills the box.
  if (params.keyword !== shownKeyword) {
    setShownKeyword(params.keyword);
    setKeyword(params.keyword);
  }
  const search = (patch: Partial<SearchParams> = {}) => props.onSearch({ keyword: keyword.trim(), ...patch });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    search();
  };
  const changeSettings = (next: SearchSettings) => {
    props.onSettings(next);
    // A text type in the address follows the new choice; any change starts again from page 1.
    search({ txt_type: params.txt_type === null ? null : (next.textType ?? params.txt_type) });
  };
  const groupsShown = props.groups.signedIn && props.groups.groups.length > 0;
  const scope = params.sutra_groups.length === 1 ? (params.sutra_groups[0] ?? "") : "";

  return (
    <form className={stack.s} onSubmit={submit} data-search-form>
      <div className={styles.row}>
        <KeywordBox
          tripitakaUid={props.tripitakaUid}
          value={keyword}
          onChange={setKeyword}
          onSearch={(chosen) => props.onSearch({ keyword: chosen })}
          recent={props.recent}
          script={props.script}
        />
        <Button type="submit" appearance="primary" data-search-submit>
          {i18n._(t.submit)}
        </Button>
        <RadioGroup
          layout="horizontal"
          name="mode"
          aria-label={i18n._(t.mode)}
          value={params.mode}
          onChange={(_, data) => {
            const mode = SEARCH_MODES.find((m): m is SearchMode => m === data.value);
            if (mode) search({ mode });
          }}
        >
          {SEARCH_MODES.map((mode) => (
            <Radio key={mode} value={mode} label={i18n._(modeText[mode])} data-mode={mode} />
          ))}
        </RadioGroup>
        {groupsShown && (
          <Select
            name="scope"
            aria-label={i18n._(t.scope)}
            value={scope}
            onChange={(_, data) => search({ sutra_groups: data.value ? [data.value] : [] })}
          >
            <option value="">{i18n._(t.scopeAll)}</option>
            {props.groups.groups.map((group) => (
              <option key={group._id} value={group.name}>
                {group.name}
              </option>
            ))}
          </Select>
        )}
        <Button
          icon={<FilterRegular />}
          aria-expanded={advanced}
          data-advanced-search
          onClick={() => setAdvanced((open) => !open)}
        >
          {i18n._(t.advanced)}
        </Button>
        <span className={styles.spacer} />
        <Switch
          label={i18n._(offlineSearchText.localSearch)}
          title={i18n._(offlineSearchText.localSearchHint)}
          checked={props.local.checked}
          onChange={(_, data) => props.local.onChange(data.checked)}
          data-local-search
        />
        <SettingsButton
          text={i18n._(t.settings)}
          data={{ "data-search-settings": true }}
          popover={(button) => (
            <SettingsPopover
              settings={props.settings}
              txtType={params.txt_type}
              locale={props.locale}
              onChange={changeSettings}
              button={button}
            />
          )}
        />
      </div>
      <WhenWanted wanted={advanced}>
        {advanced && (
          <AdvancedSearch
            tripitakaUid={props.tripitakaUid}
            params={params}
            groups={props.groups}
            script={props.script}
            onApply={(patch) => search(patch)}
            onReadings={(in_readings) => search({ in_readings })}
          />
        )}
      </WhenWanted>
    </form>
  );
}
