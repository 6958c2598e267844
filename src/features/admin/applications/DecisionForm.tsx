/**
 * The decision on an application: approve or reject, and the reason (with its counter) that a
 * rejection needs. Read-only for an application already decided, showing what was decided.
 */
import { Field, Radio, RadioGroup } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { APPLICATION_DECISIONS, REASON_MAX } from "../../../../contract/application-rules.ts";
import { useStackStyles } from "../../../ui/stack.ts";
import { CountedTextarea } from "../../feedback/CountedTextarea.tsx";
import { type DecisionProblems, type DecisionValues, needsReason, reasonLength } from "./decision.ts";
import { adminApplyText as t } from "./text.ts";

export function DecisionForm(props: {
  values: DecisionValues;
  problems: DecisionProblems | null;
  readOnly: boolean;
  onChange(values: DecisionValues): void;
}) {
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { values, problems, readOnly } = props;
  const statusProblem = problems?.status ?? null;
  return (
    <div className={stack.m} data-decision-form={readOnly ? "read-only" : "open"}>
      <Field
        label={i18n._(t.decision)}
        required={!readOnly}
        validationState={statusProblem ? "error" : "none"}
        validationMessage={statusProblem ? i18n._(statusProblem) : undefined}
      >
        <RadioGroup
          name="status"
          layout="horizontal"
          value={values.status ?? ""}
          disabled={readOnly}
          onChange={(_, data) =>
            props.onChange({
              ...values,
              status: APPLICATION_DECISIONS.find((decision) => decision === data.value) ?? null,
            })
          }
        >
          <Radio value="approved" label={i18n._(t.approve)} data-decision-choice="approved" />
          <Radio value="rejected" label={i18n._(t.reject)} data-decision-choice="rejected" />
        </RadioGroup>
      </Field>
      <CountedTextarea
        label={t.reason}
        required={!readOnly && needsReason(values)}
        name="reason"
        value={values.reason}
        count={reasonLength(values.reason)}
        max={REASON_MAX}
        problem={problems?.reason}
        rows={4}
        placeholder={readOnly ? undefined : t.reasonPlaceholder}
        readOnly={readOnly}
        disabled={!readOnly && values.status === "approved"}
        onChange={(reason) => props.onChange({ ...values, reason })}
      />
    </div>
  );
}
