/**
 * A required one-line field of an account form, its message under it. Its rule runs when the field
 * is left (unless `checkOnLeave` is false) and, with `live`, again as it is typed once its message
 * shows; the form's submission runs it as well.
 */
import { Field, Input } from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { onLeave } from "../useFormErrors.ts";
import type { Check } from "../validation.ts";
import type { AccountFormState } from "./useAccountForm.ts";

export function AccountInput<K extends string>(props: {
  form: AccountFormState<K>;
  field: K;
  label: MessageDescriptor;
  name: string;
  type?: "password" | "email" | "tel" | undefined;
  autoComplete: string;
  maxLength?: number;
  value: string;
  onChange(value: string): void;
  rule?(value: string): Check;
  checkOnLeave?: boolean;
  live?: boolean;
  /** Runs when the rule passed as the field was left (whether the name is taken, say). */
  onChecked?(value: string): void;
}) {
  const { i18n } = useLingui();
  const { form, field, rule } = props;
  const check = (value: string) => (rule ? form.check(field, rule(value)) : true);
  return (
    <Field label={i18n._(props.label)} required {...form.show(field)}>
      <Input
        name={props.name}
        type={props.type}
        autoComplete={props.autoComplete}
        maxLength={props.maxLength}
        value={props.value}
        onChange={(_, data) => {
          props.onChange(data.value);
          if (props.live && form.errors[field]) check(data.value);
        }}
        onBlur={
          props.checkOnLeave === false
            ? undefined
            : onLeave(() => {
                if (check(props.value)) props.onChecked?.(props.value);
              })
        }
      />
    </Field>
  );
}
