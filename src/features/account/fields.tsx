/** Form pieces the account screens share: captcha, code with its resend countdown, agreement. */
import {
  Button,
  Checkbox,
  Field,
  Input,
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
import { useEffect, useState } from "react";
import { CODE_RESEND_MS } from "../../../contract/account-rules.ts";
import { errorCodeText } from "../../i18n/errorMessages.ts";
import { tr } from "../../i18n/translate.ts";
import { accountText as t } from "./messages.ts";
import type { CaptchaState } from "./useCaptcha.ts";
import type { FormFailure } from "./useFormErrors.ts";

const useStyles = makeStyles({
  row: { display: "flex", gap: tokens.spacingHorizontalS, alignItems: "center" },
  grow: { flex: "1 1 auto", minWidth: 0 },
  image: {
    width: "120px",
    height: "40px",
    flex: "none",
    cursor: "pointer",
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
    padding: 0,
  },
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

export function CaptchaInput(
  props: {
    /**
     * What the captcha lets through: sending a code (the default; the form itself is sent
     * without it, so it is not marked required) or the sign-in itself.
     */
    gates?: "code" | "signIn";
    state: CaptchaState;
    value: string;
    onChange(value: string): void;
    onBlur?(event: { relatedTarget: EventTarget | null }): void;
  } & ErrorProps,
) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { captcha, reload } = props.state;
  return (
    <Field
      label={i18n._(t.captcha)}
      {...(props.gates === "signIn" ? { required: true } : { hint: i18n._(t.captchaForCode) })}
      {...FieldError(props.error, (d) => i18n._(d))}
    >
      <div className={styles.row}>
        <Input
          className={styles.grow}
          name="captcha"
          autoComplete="off"
          maxLength={8}
          value={props.value}
          onChange={(_, data) => props.onChange(data.value)}
          onBlur={props.onBlur}
        />
        <button type="button" className={styles.image} onClick={reload} title={i18n._(t.captchaImage)}>
          {captcha && (
            <img
              src={captcha.image_base64}
              alt={i18n._(t.captchaImage)}
              width={118}
              height={38}
              data-captcha-id={captcha.identifier}
            />
          )}
        </button>
      </div>
    </Field>
  );
}

/** The code input and its send button, which counts down 60 s after a successful send. */
export function CodeInput(
  props: {
    value: string;
    onChange(value: string): void;
    onBlur?(event: { relatedTarget: EventTarget | null }): void;
    /** Validates what sending needs and sends; resolves true when a code went out. */
    onSend(): Promise<boolean>;
  } & ErrorProps,
) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);

  const send = async () => {
    setSending(true);
    try {
      if (await props.onSend()) setLeft(CODE_RESEND_MS / 1000);
    } finally {
      setSending(false);
    }
  };

  return (
    <Field label={i18n._(t.code)} required {...FieldError(props.error, (d) => i18n._(d))}>
      <div className={styles.row}>
        <Input
          className={styles.grow}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={props.value}
          onChange={(_, data) => props.onChange(data.value)}
          onBlur={props.onBlur}
        />
        <Button disabled={left > 0 || sending} onClick={() => void send()}>
          {left > 0 ? tr(i18n, t.resendIn, { seconds: left }) : i18n._(t.sendCode)}
        </Button>
      </div>
    </Field>
  );
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
