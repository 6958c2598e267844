/**
 * The catalogue search form: a keyword box with an advanced toggle; the advanced filters sutra
 * name, custom group (when the reader has groups), dynasty, category and author; clear.
 */
import { Button, Field, Input, makeStyles, Select, tokens } from "@fluentui/react-components";
import { FilterRegular } from "@fluentui/react-icons";
import { useLingui } from "@lingui/react";
import { type FormEvent, type ReactNode, useState } from "react";
import { type Script, tripitakaName } from "../../../contract/names.ts";
import type { ConfigItem } from "../../api/catalogue.ts";
import { catalogue } from "../../i18n/messages.ts";
import { ReadingStatus } from "../../offline/reading/ReadingStatus.tsx";
import { useStackStyles } from "../../ui/stack.ts";
import { GroupFilter } from "./GroupTools.tsx";
import { drawerText as d } from "./messages.ts";
import { clearFilters, type Filters, hasFilters, type SutraQuery, withFilters } from "./sutraQuery.ts";
import { useConfigLists } from "./useConfigLists.ts";
import type { SutraGroups } from "./useSutraGroups.ts";

const useStyles = makeStyles({
  row: { display: "flex", gap: tokens.spacingHorizontalS, alignItems: "flex-end", flexWrap: "wrap" },
  keyword: { width: "260px" },
  filter: { minWidth: "150px", maxWidth: "220px" },
  spacer: { flex: "1 1 auto" },
});

function ConfigSelect(props: {
  name: string;
  label: string;
  items: ConfigItem[];
  value: number | null;
  script: Script;
  onChange(id: number | null): void;
}) {
  const styles = useStyles();
  const { i18n } = useLingui();
  return (
    <Field label={props.label} className={styles.filter}>
      <Select
        name={props.name}
        value={props.value === null ? "" : String(props.value)}
        onChange={(_, data) => props.onChange(data.value === "" ? null : Number(data.value))}
      >
        <option value="">{i18n._(d.any)}</option>
        {props.items.map((item) => (
          <option key={item.id} value={item.id}>
            {/* Config labels are "traditional|simplified", like tripitaka names. */}
            {tripitakaName(item.name, props.script)}
          </option>
        ))}
      </Select>
    </Field>
  );
}

export function SutraFilters(props: {
  tripitakaUid: string;
  query: SutraQuery;
  onChange(query: SutraQuery): void;
  groups: SutraGroups;
  script: Script;
  /** Tools at the end of the keyword row (add to group, column chooser). */
  tools?: ReactNode;
}) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { query, onChange } = props;
  const [keyword, setKeyword] = useState(query.keyword);
  const [sutraName, setSutraName] = useState(query.sutraName);
  const lists = useConfigLists(props.tripitakaUid, query.advanced);
  const config = lists.data ?? lists.latest;

  // A list choice applies at once, together with whatever is typed in the text boxes.
  const apply = (filters: Partial<Filters> = {}) =>
    onChange(withFilters(query, { keyword: keyword.trim(), sutraName: sutraName.trim(), ...filters }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply();
  };
  const clear = () => {
    setKeyword("");
    setSutraName("");
    onChange(clearFilters(query));
  };

  return (
    <form className={stack.s} onSubmit={submit} data-sutra-filters>
      <div className={styles.row}>
        <Input
          className={styles.keyword}
          name="keyword"
          value={keyword}
          maxLength={500}
          placeholder={i18n._(catalogue.keyword)}
          aria-label={i18n._(catalogue.keyword)}
          onChange={(_, data) => setKeyword(data.value)}
        />
        <Button type="submit" appearance="primary">
          {i18n._(catalogue.search)}
        </Button>
        <Button
          icon={<FilterRegular />}
          aria-expanded={query.advanced}
          data-advanced-toggle
          onClick={() => onChange({ ...query, advanced: !query.advanced })}
        >
          {i18n._(query.advanced ? d.hideAdvanced : d.advanced)}
        </Button>
        {(hasFilters(query) || keyword !== "" || sutraName !== "") && (
          <Button onClick={clear}>{i18n._(catalogue.clear)}</Button>
        )}
        <span className={styles.spacer} />
        {props.tools}
      </div>
      {query.advanced && (
        <div className={styles.row} data-advanced-filters>
          <Field label={i18n._(d.sutraNameFilter)} className={styles.filter}>
            <Input
              name="sutra_name"
              value={sutraName}
              maxLength={100}
              onChange={(_, data) => setSutraName(data.value)}
            />
          </Field>
          <GroupFilter state={props.groups} value={query.group} onChange={(group) => apply({ group })} />
          <ConfigSelect
            name="dynasty"
            label={i18n._(d.dynasty)}
            items={config?.dynasties ?? []}
            value={query.dynastyId}
            script={props.script}
            onChange={(dynastyId) => apply({ dynastyId })}
          />
          <ConfigSelect
            name="category"
            label={i18n._(d.category)}
            items={config?.categories ?? []}
            value={query.categoryId}
            script={props.script}
            onChange={(categoryId) => apply({ categoryId })}
          />
          <ConfigSelect
            name="author"
            label={i18n._(d.author)}
            items={config?.authors ?? []}
            value={query.authorId}
            script={props.script}
            onChange={(authorId) => apply({ authorId })}
          />
          <ReadingStatus load={lists} />
        </div>
      )}
    </form>
  );
}
