/**
 * A text of limited length in a feedback, reply or decision form: its label, its counter as the
 * hint ("12/500", the trimmed text unless `count` says otherwise) and its problem when it has one.
 */
import { Field, Textarea } from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { charCount } from "../../../contract/feedback.ts";
import { tr } from "../../i18n/translate.ts";
import { feedbackText } from "./messages.ts";

export function CountedTextarea(props: {
  label: MessageDescriptor;
  name: string;
  value: string;
  count?: number;
  max: number;
  required?: boolean;
  problem: MessageDescriptor | null | undefined;
  rows: number;
  placeholder?: MessageDescriptor | undefined;
  readOnly?: boolean;
  disabled?: boolean;
  onChange(value: string): void;
}) {
  const { i18n } = useLingui();
  const { problem } = props;
  const count = props.count ?? charCount(props.value.trim());
  return (
    <Field
      label={i18n._(props.label)}
      required={props.required}
      hint={tr(i18n, feedbackText.counter, { count, max: props.max })}
      validationState={problem ? "error" : "none"}
      validationMessage={problem ? i18n._(problem) : undefined}
    >
      <Textarea
        name={props.name}
        value={props.value}
        rows={props.rows}
        resize="vertical"
        placeholder={props.placeholder && i18n._(props.placeholder)}
        readOnly={props.readOnly}
        disabled={props.disabled}
        onChange={(_, data) => props.onChange(data.value)}
      />
    </Field>
  );
}
