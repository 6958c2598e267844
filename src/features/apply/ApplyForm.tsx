/**
 * The application form: four required texts with their counters, checked while typed and when
 * left (spec section 5). A prefilled form sent unchanged shows the "no edit" tip; a refusal shows
 * the server's msg (or "Invalid"); a sent form goes on after 1 s.
 */
import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Textarea,
} from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState, useSyncExternalStore } from "react";
import { submitApplication } from "../../api/applications.ts";
import { ApiError } from "../../api/errors.ts";
import { useServices } from "../../app/shell/services.ts";
import { tr } from "../../i18n/translate.ts";
import { useStackStyles } from "../../ui/stack.ts";
import { FieldError } from "../account/fields.tsx";
import { onLeave, useFormErrors } from "../account/useFormErrors.ts";
import { APPLY_REDIRECT_DELAY_MS, afterSubmitTarget } from "./applyFlow.ts";
import { applyText as t } from "./messages.ts";
import {
  APPLY_FIELDS,
  type ApplyField,
  type ApplyValues,
  applyRules,
  checkApplication,
  checkApplyField,
  counted,
  EMPTY_APPLICATION,
  formOf,
  isUnedited,
} from "./validation.ts";

const useStyles = makeStyles({
  actions: { display: "flex", justifyContent: "flex-end" },
});

const fieldText: Record<
  ApplyField,
  { label: MessageDescriptor; placeholder: MessageDescriptor; name: string }
> = {
  realName: { label: t.realName, placeholder: t.realNamePlaceholder, name: "real_name" },
  company: { label: t.company, placeholder: t.companyPlaceholder, name: "company" },
  intro: { label: t.selfIntro, placeholder: t.selfIntroPlaceholder, name: "intro" },
  purpose: { label: t.purpose, placeholder: t.purposePlaceholder, name: "purpose" },
};

/** What shows above the button after a try: the "no edit" tip, a refusal, or the sent notice. */
type Outcome =
  | { kind: "noEdit" }
  | { kind: "refused"; text: string | null }
  | { kind: "offline" }
  | { kind: "sent"; target: string };

export function ApplyForm(props: { prefilled: ApplyValues | null; redirect: string | undefined }) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { api, auth } = useServices();
  const navigate = useNavigate();
  const signIn = useSyncExternalStore(auth.subscribe, auth.state);
  const [values, setValues] = useState<ApplyValues>(props.prefilled ?? EMPTY_APPLICATION);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useFormErrors<ApplyField>();
  const show = (d: MessageDescriptor) => i18n._(d);

  const sentTo = outcome?.kind === "sent" ? outcome.target : null;
  useEffect(() => {
    if (sentTo === null) return;
    const timer = window.setTimeout(() => void navigate({ href: sentTo }), APPLY_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [sentTo, navigate]);

  const change = (field: ApplyField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.check(field, checkApplyField(field, value));
    if (outcome?.kind === "noEdit" || outcome?.kind === "refused") setOutcome(null);
  };

  const submit = async () => {
    if (sending || outcome?.kind === "sent") return;
    if (!form.checkAll(checkApplication(values))) return;
    if (isUnedited(values, props.prefilled)) {
      setOutcome({ kind: "noEdit" });
      return;
    }
    setSending(true);
    setOutcome(null);
    try {
      await submitApplication(api, formOf(values));
      const roles = signIn.signedIn ? signIn.roles : [];
      setOutcome({ kind: "sent", target: afterSubmitTarget(props.redirect, roles) });
    } catch (error) {
      if (error instanceof ApiError && error.code !== null) {
        setOutcome({ kind: "refused", text: error.serverMsg || null });
      } else setOutcome({ kind: "offline" });
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className={stack.m}
      noValidate
      data-apply-form={props.prefilled ? "prefilled" : "empty"}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {APPLY_FIELDS.map((field) => {
        const text = fieldText[field];
        const rule = applyRules[field];
        const common = {
          name: text.name,
          value: values[field],
          placeholder: i18n._(text.placeholder),
          onBlur: onLeave(() => form.check(field, checkApplyField(field, values[field]))),
          "data-apply-field": field,
        };
        return (
          <Field
            key={field}
            label={i18n._(text.label)}
            required
            hint={tr(i18n, t.counter, { count: counted(values[field]), max: rule.max })}
            {...FieldError(form.errors[field], show)}
          >
            {rule.kind === "single-line" ? (
              <Input {...common} onChange={(_, data) => change(field, data.value)} />
            ) : (
              <Textarea
                {...common}
                rows={5}
                resize="vertical"
                onChange={(_, data) => change(field, data.value)}
              />
            )}
          </Field>
        );
      })}
      {outcome && outcome.kind !== "sent" && (
        <MessageBar
          intent={outcome.kind === "noEdit" ? "warning" : "error"}
          role="alert"
          data-apply-alert={outcome.kind}
        >
          <MessageBarBody>
            {outcome.kind === "noEdit"
              ? i18n._(t.noEditTip)
              : outcome.kind === "offline"
                ? i18n._(t.failedNetwork)
                : (outcome.text ?? i18n._(t.invalid))}
          </MessageBarBody>
        </MessageBar>
      )}
      {outcome?.kind === "sent" && (
        <MessageBar intent="success" role="status" data-apply-alert="sent">
          <MessageBarBody>{i18n._(t.submitted)}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions}>
        <Button
          type="submit"
          appearance="primary"
          disabled={sending || outcome?.kind === "sent"}
          data-apply-submit
        >
          {i18n._(t.submit)}
        </Button>
      </div>
    </form>
  );
}
