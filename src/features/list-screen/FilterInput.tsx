/**
 * One field of a list screen's search form, bound to the draft. The list's shape says how it is
 * typed: free text or a row id in a text box, a site date in a date box, a wall-clock time in a
 * date-and-time box, one of a set of values in a select ("all" first), several of them in a
 * multiple-choice dropdown (none chosen: all).
 */
import { Dropdown, Field, Input, makeStyles, Option, Select } from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { type FilterKind, type FilterSpec, isSeveral } from "./listSearch.ts";
import { listScreenText as t } from "./text.ts";
import type { ListControls } from "./useListSearch.ts";
import { fromLocalInput, toLocalInput } from "./wallTime.ts";

type ValuesOf<Kind> = Kind extends readonly string[]
  ? Kind[number]
  : Kind extends { readonly several: readonly string[] }
    ? Kind["several"][number]
    : never;

/** The names of a choice filter's values; none for the other kinds. */
type ChoiceTexts<Kind> = [ValuesOf<Kind>] extends [never]
  ? { choices?: never }
  : { choices: Readonly<Record<ValuesOf<Kind>, MessageDescriptor>> };

/** A field of the form: which filter, its label, and what an empty one stands for. */
export type FilterField<Spec extends FilterSpec> = {
  [Name in keyof Spec & string]: {
    name: Name;
    label: MessageDescriptor;
    hint?: MessageDescriptor;
  } & ChoiceTexts<Spec[Name]>;
}[keyof Spec & string];

const useStyles = makeStyles({
  field: { minWidth: "160px", maxWidth: "220px" },
  dateTime: { minWidth: "240px" },
  several: { minWidth: "250px", maxWidth: "360px" },
});

const choicesOf = (kind: FilterKind): readonly string[] =>
  isSeveral(kind) ? kind.several : typeof kind === "string" ? [] : kind;

export function FilterInput<Spec extends FilterSpec>(props: {
  controls: ListControls<Spec>;
  field: FilterField<Spec>;
}) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { controls, field } = props;
  const name: keyof Spec & string = field.name;
  const kind: FilterKind = controls.shape.filters[name] ?? "text";
  const value = controls.draft[name];
  const set = (next: string) => controls.setDraft(name, next);
  const texts: Readonly<Record<string, MessageDescriptor>> = field.choices ?? {};
  const choices = choicesOf(kind).map((choice) => {
    const text = texts[choice];
    return { value: choice, label: text ? i18n._(text) : choice };
  });
  const shared = { label: i18n._(field.label), hint: field.hint && i18n._(field.hint) };

  if (kind === "datetime")
    return (
      <Field {...shared} className={styles.dateTime}>
        <Input
          type="datetime-local"
          step={1}
          name={name}
          value={toLocalInput(value)}
          onChange={(_, data) => set(fromLocalInput(data.value))}
        />
      </Field>
    );
  if (isSeveral(kind)) {
    const chosen = value.split(",").filter((item) => item !== "");
    return (
      <Field {...shared} className={styles.several}>
        <Dropdown
          multiselect
          placeholder={i18n._(t.any)}
          value={choices
            .filter((choice) => chosen.includes(choice.value))
            .map((choice) => choice.label)
            .join("、")}
          selectedOptions={chosen}
          onOptionSelect={(_, data) =>
            set(
              choices
                .filter((choice) => data.selectedOptions.includes(choice.value))
                .map((choice) => choice.value)
                .join(","),
            )
          }
          data-several-filter={name}
        >
          {choices.map((choice) => (
            <Option key={choice.value} value={choice.value}>
              {choice.label}
            </Option>
          ))}
        </Dropdown>
      </Field>
    );
  }
  if (typeof kind !== "string")
    return (
      <Field {...shared} className={styles.field}>
        <Select name={name} value={value} onChange={(_, data) => set(data.value)}>
          <option value="">{i18n._(t.any)}</option>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </Select>
      </Field>
    );
  return (
    <Field {...shared} className={styles.field}>
      <Input
        type={kind === "date" ? "date" : "text"}
        name={name}
        value={value}
        onChange={(_, data) => set(data.value)}
      />
    </Field>
  );
}
