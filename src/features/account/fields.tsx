/** Form pieces the account screens share: a field's message, the agreement, links, the refusal. */
import {
  Checkbox,
  Field,
  Link,
  MessageBar,
  MessageBarBody,
  makeStyles,
  mergeClasses,
  tokens,
} from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useLocation, useNavigate } from "@tanstack/react-router";
import { errorCodeText } from "../../i18n/errorMessages.ts";
import { tr } from "../../i18n/translate.ts";
import { accountText as t } from "./messages.ts";
import type { FormFailure } from "./useFormErrors.ts";

const useStyles = makeStyles({
  agreement: { display: "flex", alignItems: "center", flexWrap: "wrap", fontSize: tokens.fontSizeBase300 },
  /** Words in English are set apart; Chinese runs on without spaces. */
  spaced: { columnGap: "0.3em" },
});

type ErrorProps = { error?: MessageDescriptor | undefined };

export function FieldError(
  error: MessageDescriptor | undefined,
  translate: (d: MessageDescriptor) => string,
) {
  return error ? { validationMessage: translate(error), validationState: "error" as const } : {};
}

export function AgreementCheck(props: { checked: boolean; onChange(checked: boolean): void } & ErrorProps) {
  const styles = useStyles();
  const { i18n } = useLingui();
  return (
    <Field {...FieldError(props.error, (d) => i18n._(d))}>
      <div className={mergeClasses(styles.agreement, i18n.locale === "en" && styles.spaced)}>
        <Checkbox
          name="agreement"
          checked={props.checked}
          onChange={(_, data) => props.onChange(data.checked === true)}
          label={i18n._(t.agreeBefore)}
        />
        <Link as="a" href="/terms" target="_blank">
          {i18n._(t.agreeTerms)}
        </Link>
        <span>{i18n._(t.agreeAnd)}</span>
        <Link as="a" href="/privacy" target="_blank">
          {i18n._(t.agreePrivacy)}
        </Link>
      </div>
    </Field>
  );
}

/** A link between the sign-in, sign-up and recovery screens; it keeps the current query. */
export function InlineLink(props: { to: string; text: MessageDescriptor }) {
  const { i18n } = useLingui();
  const { searchStr } = useLocation();
  const navigate = useNavigate();
  const href = `${props.to}${searchStr}`;
  return (
    <Link
      href={href}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        void navigate({ href });
      }}
    >
      {i18n._(props.text)}
    </Link>
  );
}

/** A refusal no single field explains, shown above the submit button. */
export function FormAlert(props: { failure: FormFailure | null }) {
  const { i18n } = useLingui();
  const { failure } = props;
  if (!failure) return null;
  const text =
    failure.code === null
      ? i18n._(t.failedNetwork)
      : errorCodeText(i18n, failure.code, failure.msg) || tr(i18n, t.failedCode, { code: failure.code });
  return (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>{text}</MessageBarBody>
    </MessageBar>
  );
}
