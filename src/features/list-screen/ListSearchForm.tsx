/**
 * The filter bar of an admin list screen: the screen's filter fields, the primary search button
 * (which Enter triggers anywhere on the screen) and the clear button, plus any actions of the
 * screen (add, column chooser) at the end.
 */
import {
  Button,
  Dropdown,
  Field,
  Input,
  makeStyles,
  Option,
  Select,
  tokens,
} from "@fluentui/react-components";
import { SearchRegular } from "@fluentui/react-icons";
import { useLingui } from "@lingui/react";
import { type ReactNode, useEffect, useRef } from "react";
import { pressesSearch } from "./enterSearches.ts";
import type { FilterSpec } from "./listSearch.ts";
import { listScreenText as t } from "./text.ts";
import type { ListControls } from "./useListSearch.ts";
import { fromLocalInput, toLocalInput } from "./wallTime.ts";

const useStyles = makeStyles({
  bar: {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "flex-end",
    gap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalS,
  },
  field: { minWidth: "160px", maxWidth: "220px" },
  dateTime: { minWidth: "240px" },
  several: { minWidth: "250px", maxWidth: "360px" },
  spacer: { flex: "1 1 auto" },
});

export function ListSearchForm<Spec extends FilterSpec>(props: {
  controls: ListControls<Spec>;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const formRef = useRef<HTMLFormElement>(null);
  const searchRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const form = formRef.current;
      if (!form || !pressesSearch(event, form)) return;
      event.preventDefault();
      searchRef.current?.click();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <form
      ref={formRef}
      className={styles.bar}
      aria-label={i18n._(t.filters)}
      data-admin-search-form
      onSubmit={(event) => {
        event.preventDefault();
        props.controls.runSearch();
      }}
    >
      {props.children}
      <Button ref={searchRef} type="submit" appearance="primary" icon={<SearchRegular />} data-admin-search>
        {i18n._(t.search)}
      </Button>
      <Button type="button" onClick={props.controls.clear} data-admin-clear>
        {i18n._(t.clear)}
      </Button>
      <span className={styles.spacer} />
      {props.actions}
    </form>
  );
}

/** A free-text filter bound to the draft. */
export function TextFilter<Spec extends FilterSpec>(props: {
  controls: ListControls<Spec>;
  name: keyof Spec & string;
  label: string;
}) {
  const styles = useStyles();
  return (
    <Field label={props.label} className={styles.field}>
      <Input
        name={props.name}
        value={props.controls.draft[props.name]}
        onChange={(_, data) => props.controls.setDraft(props.name, data.value)}
      />
    </Field>
  );
}

/** A filter with a fixed set of values ("all" first). */
export function ChoiceFilter<Spec extends FilterSpec>(props: {
  controls: ListControls<Spec>;
  name: keyof Spec & string;
  label: string;
  choices: readonly { value: string; label: string }[];
}) {
  const styles = useStyles();
  const { i18n } = useLingui();
  return (
    <Field label={props.label} className={styles.field}>
      <Select
        name={props.name}
        value={props.controls.draft[props.name]}
        onChange={(_, data) => props.controls.setDraft(props.name, data.value)}
      >
        <option value="">{i18n._(t.any)}</option>
        {props.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** A date filter (YYYY-MM-DD, the site's days). */
export function DateFilter<Spec extends FilterSpec>(props: {
  controls: ListControls<Spec>;
  name: keyof Spec & string;
  label: string;
}) {
  const styles = useStyles();
  return (
    <Field label={props.label} className={styles.field}>
      <Input
        type="date"
        name={props.name}
        value={props.controls.draft[props.name]}
        onChange={(_, data) => props.controls.setDraft(props.name, data.value)}
      />
    </Field>
  );
}

/** A wall-clock time filter (YYYY-MM-DD HH:mm:ss); `hint` says what an empty one stands for. */
export function DateTimeFilter<Spec extends FilterSpec>(props: {
  controls: ListControls<Spec>;
  name: keyof Spec & string;
  label: string;
  hint?: string;
}) {
  const styles = useStyles();
  return (
    <Field label={props.label} hint={props.hint} className={styles.dateTime}>
      <Input
        type="datetime-local"
        step={1}
        name={props.name}
        value={toLocalInput(props.controls.draft[props.name])}
        onChange={(_, data) => props.controls.setDraft(props.name, fromLocalInput(data.value))}
      />
    </Field>
  );
}

/** A filter taking several of a fixed set of values (none chosen: all). */
export function SeveralFilter<Spec extends FilterSpec>(props: {
  controls: ListControls<Spec>;
  name: keyof Spec & string;
  label: string;
  choices: readonly { value: string; label: string }[];
}) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const chosen = props.controls.draft[props.name].split(",").filter((value) => value !== "");
  const shown = props.choices.filter((choice) => chosen.includes(choice.value));
  return (
    <Field label={props.label} className={styles.several}>
      <Dropdown
        multiselect
        placeholder={i18n._(t.any)}
        value={shown.map((choice) => choice.label).join("、")}
        selectedOptions={chosen}
        onOptionSelect={(_, data) =>
          props.controls.setDraft(
            props.name,
            props.choices
              .filter((choice) => data.selectedOptions.includes(choice.value))
              .map((choice) => choice.value)
              .join(","),
          )
        }
        data-several-filter={props.name}
      >
        {props.choices.map((choice) => (
          <Option key={choice.value} value={choice.value}>
            {choice.label}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}
