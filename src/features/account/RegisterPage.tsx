/** `/register`: sign-up with a code sent to an e-mail or phone (spec sections 2 and 5). */
import { Button, Field, Input, Text } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useLocation } from "@tanstack/react-router";
import { useState } from "react";
import { checkUserExists, register } from "../../api/accounts.ts";
import { useServices } from "../../app/shell/services.ts";
import { errorCodeMessages } from "../../i18n/errorMessages.ts";
import { AccountCard, AccountForm } from "./AccountCard.tsx";
import { AgreementCheck, CaptchaInput, CodeInput, FieldError, FormAlert, InlineLink } from "./fields.tsx";
import { accountText as t } from "./messages.ts";
import { SuccessView } from "./SuccessView.tsx";
import { useCaptcha } from "./useCaptcha.ts";
import { useCodeSender } from "./useCodeSender.ts";
import { onLeave, useFormErrors } from "./useFormErrors.ts";
import {
  checkAgreement,
  checkCode,
  checkContact,
  checkNewPassword,
  checkNickname,
  checkRepeat,
  checkRepeatTyping,
  checkUsername,
} from "./validation.ts";

type RegisterField =
  | "username"
  | "nickname"
  | "contact"
  | "captcha"
  | "code"
  | "password"
  | "repeat"
  | "agreement";

export function RegisterPage() {
  const { i18n } = useLingui();
  const { api, tracker } = useServices();
  const location = useLocation();
  const [username, setUsername] = useState("");
  const [nickname, setNickname] = useState("");
  const [contact, setContact] = useState("");
  const [captchaText, setCaptchaText] = useState("");
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [checked, setChecked] = useState<{ username: string; contact: string }>({
    username: "",
    contact: "",
  });
  const captcha = useCaptcha(!done);
  const form = useFormErrors<RegisterField>();
  const show = (field: RegisterField) => FieldError(form.errors[field], (d) => i18n._(d));

  /** Whether a changed username or contact is taken, checked on blur (spec section 5). */
  const checkTaken = async (field: "username" | "contact", value: string) => {
    const v = value.trim();
    if (checked[field] === v) return;
    setChecked((c) => ({ ...c, [field]: v }));
    try {
      const exists = await checkUserExists(
        api,
        field === "username" ? { username: v } : { phone_or_email: v },
      );
      if (field === "username" && exists.username_exists)
        form.check("username", errorCodeMessages[1003] ?? null);
      if (field === "contact" && exists.phone_or_email_exists)
        form.check("contact", errorCodeMessages[1004] ?? null);
    } catch {
      // Registration itself answers 1003 or 1004 if this check could not run.
    }
  };

  const send = useCodeSender({
    scene: "register",
    contact,
    captchaText,
    setCaptchaText,
    captcha,
    form,
    contactCodes: [1004, 1009, 1010],
  });

  const submit = async () => {
    const ok = form.checkAll({
      username: checkUsername(username),
      nickname: checkNickname(nickname),
      contact: checkContact(contact),
      code: checkCode(code),
      password: checkNewPassword(password),
      repeat: checkRepeat(password, repeat),
      agreement: checkAgreement(agreed),
    });
    if (!ok) return;
    setBusy(true);
    try {
      await register(api, {
        username: username.trim(),
        nickname: nickname.trim(),
        email_or_phone: contact.trim(),
        code: code.trim(),
        password,
      });
      tracker.track("REGESTER", location.href, {});
      setDone(true);
    } catch (error) {
      form.showCode(error, { 1003: "username", 1004: "contact", 1005: "code", 1008: "code" });
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <AccountCard title={i18n._(t.registerTitle)}>
        <SuccessView title={t.registerSuccess} />
      </AccountCard>
    );
  }

  return (
    <AccountCard title={i18n._(t.registerTitle)}>
      <AccountForm name="register" onSubmit={() => void submit()}>
        <Field label={i18n._(t.username)} required {...show("username")}>
          <Input
            name="username"
            autoComplete="username"
            maxLength={50}
            value={username}
            onChange={(_, d) => setUsername(d.value)}
            onBlur={onLeave(() => {
              if (form.check("username", checkUsername(username))) void checkTaken("username", username);
            })}
          />
        </Field>
        <Field label={i18n._(t.nickname)} required {...show("nickname")}>
          <Input
            name="nickname"
            autoComplete="nickname"
            maxLength={50}
            value={nickname}
            onChange={(_, d) => setNickname(d.value)}
            onBlur={onLeave(() => form.check("nickname", checkNickname(nickname)))}
          />
        </Field>
        <Field label={i18n._(t.contact)} required {...show("contact")}>
          <Input
            name="email_or_phone"
            autoComplete="email"
            value={contact}
            onChange={(_, d) => setContact(d.value)}
            onBlur={onLeave(() => {
              if (form.check("contact", checkContact(contact))) void checkTaken("contact", contact);
            })}
          />
        </Field>
        <CaptchaInput
          state={captcha}
          value={captchaText}
          onChange={setCaptchaText}
          error={form.errors.captcha}
        />
        <CodeInput value={code} onChange={setCode} onSend={send} error={form.errors.code} />
        <Field label={i18n._(t.password)} required {...show("password")}>
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
        <AgreementCheck checked={agreed} onChange={setAgreed} error={form.errors.agreement} />
        <Text size={200}>{i18n._(t.minorNotice)}</Text>
        <FormAlert failure={form.failure} />
        <Button appearance="primary" type="submit" disabled={busy}>
          {i18n._(t.register)}
        </Button>
      </AccountForm>
      <InlineLink to="/login" text={t.toLogin} />
    </AccountCard>
  );
}
