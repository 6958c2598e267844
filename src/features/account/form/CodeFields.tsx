/**
 * The image captcha, and the fields a code is sent from: the e-mail or phone it goes to, the
 * captcha, and the code with its send button, which counts down after a code went out.
 */
import { Button, Field, Input, makeStyles, tokens } from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { tr } from "../../../i18n/translate.ts";
import { FieldError } from "../fields.tsx";
import { accountText as t } from "../messages.ts";
import { onLeave } from "../useFormErrors.ts";
import { checkCode } from "../validation.ts";
import { AccountInput } from "./AccountInput.tsx";
import type { AccountFormState } from "./useAccountForm.ts";
import type { CaptchaState } from "./useCaptcha.ts";
import type { CodeFieldName, CodeSender } from "./useCodeSender.ts";

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
});

export function CaptchaInput(props: {
  /**
   * What the captcha lets through: sending a code (the default; the form itself is sent
   * without it, so it is not marked required) or the sign-in itself.
   */
  gates?: "code" | "signIn";
  state: CaptchaState;
  value: string;
  onChange(value: string): void;
  error: MessageDescriptor | undefined;
}) {
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

/** The e-mail or phone the code goes to, checked by the sender's rule when it is left. */
export function ReceiverField(props: {
  form: AccountFormState<"contact">;
  sender: CodeSender;
  name: string;
  /** An e-mail or phone unless said otherwise. */
  label?: MessageDescriptor;
  type?: "email" | "tel";
  autoComplete?: string;
  /** Checked again as it is typed once its message shows. */
  live?: boolean;
  /** Runs when the rule passed as the field was left (whether the receiver is taken, say). */
  onChecked?(value: string): void;
}) {
  const { form, sender } = props;
  return (
    <AccountInput
      form={form}
      field="contact"
      label={props.label ?? t.contact}
      name={props.name}
      type={props.type}
      autoComplete={props.autoComplete ?? "email"}
      value={sender.receiver}
      onChange={sender.setReceiver}
      rule={sender.checkReceiver}
      live={props.live}
      onChecked={props.onChecked}
    />
  );
}

/** The image captcha that lets a code be sent, and the code with its send button. */
export function CodeField(props: {
  form: AccountFormState<CodeFieldName>;
  sender: CodeSender;
  /** Whether the code is checked when it is left, as well as when the form is sent. */
  checkOnLeave?: boolean;
}) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { form, sender } = props;
  return (
    <>
      <CaptchaInput
        state={sender.captcha}
        value={sender.captchaText}
        onChange={sender.setCaptchaText}
        error={form.errors.captcha}
      />
      <Field label={i18n._(t.code)} required {...form.show("code")}>
        <div className={styles.row}>
          <Input
            className={styles.grow}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={sender.code}
            onChange={(_, data) => sender.setCode(data.value)}
            onBlur={
              props.checkOnLeave ? onLeave(() => form.check("code", checkCode(sender.code))) : undefined
            }
          />
          <Button disabled={sender.left > 0 || sender.sending} onClick={() => void sender.send()}>
            {sender.left > 0 ? tr(i18n, t.resendIn, { seconds: sender.left }) : i18n._(t.sendCode)}
          </Button>
        </div>
      </Field>
    </>
  );
}
