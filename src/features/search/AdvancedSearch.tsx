/**
 * Advanced search: the search range panel (spec section 4), loaded when first opened. The reader
 * narrows the search to chosen sutras, categories, dynasties, authors and (signed in) custom
 * groups before searching; the same choices show in the address and in the filter panel. The
 * option to search the other editions' readings too searches again as soon as it changes.
 */
import {
  Button,
  Checkbox,
  Combobox,
  Dropdown,
  Field,
  makeStyles,
  Option,
  shorthands,
  tokens,
} from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useMemo, useState } from "react";
import { type Script, sutraName, tripitakaName } from "../../../contract/names.ts";
import type { ConfigItem } from "../../api/catalogue.ts";
import { tr } from "../../i18n/translate.ts";
import { useConfigLists } from "../catalogue/useConfigLists.ts";
import type { SutraGroups } from "../catalogue/useSutraGroups.ts";
import { groupText, readingsText, searchText as t } from "./messages.ts";
import type { SearchParams } from "./searchParams.ts";
import { matchSutras } from "./sutraMatch.ts";
import { useSutraIndex } from "./useSutraIndex.ts";

const SUTRA_OPTIONS_SHOWN = 50;

const useStyles = makeStyles({
  panel: {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "flex-end",
    gap: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground2,
    borderRadius: tokens.borderRadiusMedium,
    ...shorthands.padding(tokens.spacingVerticalM, tokens.spacingHorizontalM),
  },
  field: { minWidth: "180px", maxWidth: "260px" },
  actions: { display: "flex", gap: tokens.spacingHorizontalS },
});

export type Scope = Pick<
  SearchParams,
  "sutra_uids" | "category_ids" | "dynasty_ids" | "author_names" | "sutra_groups"
>;

const scopeOf = (params: SearchParams): Scope => ({
  sutra_uids: params.sutra_uids,
  category_ids: params.category_ids,
  dynasty_ids: params.dynasty_ids,
  author_names: params.author_names,
  sutra_groups: params.sutra_groups,
});

const EMPTY_SCOPE: Scope = {
  sutra_uids: [],
  category_ids: [],
  dynasty_ids: [],
  author_names: [],
  sutra_groups: [],
};

/** An author is filtered by name, in the traditional form the catalogue keeps. */
export const authorFilterName = (item: ConfigItem): string => tripitakaName(item.name, "trad");

function MultiPick(props: {
  name: string;
  label: string;
  options: { value: string; text: string }[];
  selected: string[];
  onChange(selected: string[]): void;
}) {
  const styles = useStyles();
  return (
    <Field label={props.label} className={styles.field}>
      <Dropdown
        multiselect
        name={props.name}
        selectedOptions={props.selected}
        value={props.options
          .filter((option) => props.selected.includes(option.value))
          .map((option) => option.text)
          .join("、")}
        onOptionSelect={(_, data) => props.onChange(data.selectedOptions)}
      >
        {props.options.map((option) => (
          <Option key={option.value} value={option.value} text={option.text}>
            {option.text}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}

export function AdvancedSearch(props: {
  tripitakaUid: string;
  params: SearchParams;
  groups: SutraGroups;
  script: Script;
  onApply(scope: Scope): void;
  onReadings(inReadings: boolean): void;
}) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const applied = scopeOf(props.params);
  const appliedKey = JSON.stringify(applied);
  const [scope, setScope] = useState<Scope>(applied);
  const [shownKey, setShownKey] = useState(appliedKey);
  // A scope applied elsewhere (the filter panel, the address) replaces unsent choices here.
  if (appliedKey !== shownKey) {
    setShownKey(appliedKey);
    setScope(applied);
  }
  const [filter, setFilter] = useState("");
  const [listOpen, setListOpen] = useState(false);
  const lists = useConfigLists(props.tripitakaUid, true);
  const config = lists.data ?? lists.latest;
  const sutras = useSutraIndex(props.tripitakaUid);
  const sutraOptions = useMemo(() => {
    const found = filter.trim() === "" ? sutras : matchSutras(sutras, filter);
    const chosen = sutras.filter((sutra) => scope.sutra_uids.includes(sutra.uid));
    return [...new Set([...chosen, ...found.slice(0, SUTRA_OPTIONS_SHOWN)])];
  }, [sutras, filter, scope.sutra_uids]);
  const configOptions = (items: ConfigItem[] | undefined, value: (item: ConfigItem) => string) =>
    (items ?? []).map((item) => ({ value: value(item), text: tripitakaName(item.name, props.script) }));
  const set = (patch: Partial<Scope>) => setScope((current) => ({ ...current, ...patch }));

  return (
    <div className={styles.panel} data-search-range>
      <Field label={i18n._(t.sutras)} className={styles.field}>
        <Combobox
          multiselect
          freeform
          name="sutra_uids"
          placeholder={
            scope.sutra_uids.length > 0
              ? tr(i18n, t.chosenSutras, { count: scope.sutra_uids.length })
              : i18n._(t.sutrasFilter)
          }
          value={filter}
          selectedOptions={scope.sutra_uids}
          open={listOpen}
          onOpenChange={(_, data) => setListOpen(data.open)}
          // Typing through an input method sends no key the list opens on by itself.
          onChange={(event) => {
            setFilter(event.target.value);
            setListOpen(true);
          }}
          onOptionSelect={(_, data) => {
            set({ sutra_uids: data.selectedOptions });
            setFilter("");
          }}
        >
          {sutraOptions.map((sutra) => (
            <Option key={sutra.uid} value={sutra.uid} text={sutraName(sutra.name, props.script)}>
              {`${sutra.uid} ${sutraName(sutra.name, props.script)}`}
            </Option>
          ))}
        </Combobox>
      </Field>
      <MultiPick
        name="category_ids"
        label={i18n._(groupText.categories)}
        options={configOptions(config?.categories, (item) => String(item.id))}
        selected={scope.category_ids.map(String)}
        onChange={(ids) => set({ category_ids: ids.map(Number) })}
      />
      <MultiPick
        name="dynasty_ids"
        label={i18n._(groupText.dynasties)}
        options={configOptions(config?.dynasties, (item) => String(item.id))}
        selected={scope.dynasty_ids.map(String)}
        onChange={(ids) => set({ dynasty_ids: ids.map(Number) })}
      />
      <MultiPick
        name="author_names"
        label={i18n._(groupText.authors)}
        options={configOptions(config?.authors, authorFilterName)}
        selected={scope.author_names}
        onChange={(author_names) => set({ author_names })}
      />
      {props.groups.signedIn && props.groups.groups.length > 0 && (
        <MultiPick
          name="sutra_groups"
          label={i18n._(groupText.sutra_group_names)}
          options={props.groups.groups.map((group) => ({ value: group.name, text: group.name }))}
          selected={scope.sutra_groups}
          onChange={(sutra_groups) => set({ sutra_groups })}
        />
      )}
      <Checkbox
        label={i18n._(readingsText.option)}
        title={i18n._(readingsText.optionHint)}
        checked={props.params.in_readings}
        onChange={(_, data) => props.onReadings(data.checked === true)}
        data-in-readings
      />
      <div className={styles.actions}>
        <Button appearance="primary" data-range-apply onClick={() => props.onApply(scope)}>
          {i18n._(t.submit)}
        </Button>
        <Button
          data-range-clear
          onClick={() => {
            setScope(EMPTY_SCOPE);
            props.onApply(EMPTY_SCOPE);
          }}
        >
          {i18n._(t.clearScope)}
        </Button>
      </div>
    </div>
  );
}
