/** `/forget-password`: a new password set with a code sent to the account's e-mail or phone. */
import { Button, Field, Input } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { resetPassword } from "../../api/accounts.ts";
import { useServices } from "../../app/shell/services.ts";
import { AccountCard, AccountForm } from "./AccountCard.tsx";
import { CaptchaInput, CodeInput, FieldError, FormAlert, InlineLink } from "./fields.tsx";
import { accountText as t } from "./messages.ts";
import { SuccessView } from "./SuccessView.tsx";
import { useCaptcha } from "./useCaptcha.ts";
import { useCodeSender } from "./useCodeSender.ts";
import { onLeave, useFormErrors } from "./useFormErrors.ts";
import { checkCode, checkContact, checkNewPassword, checkRepeat, checkRepeatTyping } from "./validation.ts";

type ResetField = "contact" | "captcha" | "code" | "password" | "repeat";

export function ForgetPasswordPage() {
  const { i18n } = useLingui();
  const { api } = useServices();
  const [contact, setContact] = useState("");
  const [captchaText, setCaptchaText] = useState("");
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const captcha = useCaptcha(!done);
  const form = useFormErrors<ResetField>();
  const show = (field: ResetField) => FieldError(form.errors[field], (d) => i18n._(d));

  const send = useCodeSender({
    scene: "reset_password",
    contact,
    captchaText,
    setCaptchaText,
    captcha,
    form,
    contactCodes: [606, 1009, 1010, 1012, 1013],
  });

  const submit = async () => {
    const ok = form.checkAll({
      contact: checkContact(contact),
      code: checkCode(code),
      password: checkNewPassword(password),
      repeat: checkRepeat(password, repeat),
    });
    if (!ok) return;
    setBusy(true);
    try {
      await resetPassword(api, { email_or_phone: contact.trim(), code: code.trim(), password });
      setDone(true);
    } catch (error) {
      form.showCode(error, { 1005: "code", 1008: "code", 1012: "contact", 1013: "contact", 606: "contact" });
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <AccountCard title={i18n._(t.forgetTitle)}>
        <SuccessView title={t.resetSuccess} />
      </AccountCard>
    );
  }

  return (
    <AccountCard title={i18n._(t.forgetTitle)}>
      <AccountForm name="forget-password" onSubmit={() => void submit()}>
        <Field label={i18n._(t.contact)} required {...show("contact")}>
          <Input
            name="email_or_phone"
            autoComplete="email"
            value={contact}
            onChange={(_, d) => setContact(d.value)}
            onBlur={onLeave(() => form.check("contact", checkContact(contact)))}
          />
        </Field>
        <CaptchaInput
          state={captcha}
          value={captchaText}
          onChange={setCaptchaText}
          error={form.errors.captcha}
        />
        <CodeInput value={code} onChange={setCode} onSend={send} error={form.errors.code} />
        <Field label={i18n._(t.newPassword)} required {...show("password")}>
          <Input
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(_, d) => {
              setPassword(d.value);
              if (repeat !== "") form.check("repeat", checkRepeatTyping(d.value, repeat, true));
            }}
            onBlur={onLeave(() => form.check("password", checkNewPassword(password)))}
          />
        </Field>
        <Field label={i18n._(t.repeatPassword)} required {...show("repeat")}>
          <Input
            name="password_repeated"
            type="password"
            autoComplete="new-password"
            value={repeat}
            onChange={(_, d) => {
              setRepeat(d.value);
              form.check("repeat", checkRepeatTyping(password, d.value, form.errors.repeat !== undefined));
            }}
            onBlur={onLeave(() => form.check("repeat", checkRepeat(password, repeat)))}
          />
        </Field>
        <FormAlert failure={form.failure} />
        <Button appearance="primary" type="submit" disabled={busy}>
          {i18n._(t.resetPassword)}
        </Button>
      </AccountForm>
      <InlineLink to="/login" text={t.backToLogin} />
    </AccountCard>
  );
}
