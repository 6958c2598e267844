/** `/register`: sign-up with a code sent to an e-mail or phone (spec sections 2 and 5). */
import { Text } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useLocation } from "@tanstack/react-router";
import { useState } from "react";
import { checkUserExists, register } from "../../api/accounts.ts";
import { useServices } from "../../app/shell/services.ts";
import { errorCodeMessages } from "../../i18n/errorMessages.ts";
import { AccountCard, AccountForm } from "./AccountCard.tsx";
import { AgreementCheck, InlineLink } from "./fields.tsx";
import { AccountInput } from "./form/AccountInput.tsx";
import { CodeField, ReceiverField } from "./form/CodeFields.tsx";
import { NewPasswordFields, useNewPassword } from "./form/PasswordFields.tsx";
import { type AccountFormState, useAccountForm } from "./form/useAccountForm.ts";
import { CODE_REFUSALS, useCodeSender } from "./form/useCodeSender.ts";
import { accountText as t } from "./messages.ts";
import { SuccessView } from "./SuccessView.tsx";
import { checkAgreement, checkNickname, checkUsername } from "./validation.ts";

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
  const [done, setDone] = useState(false);
  return (
    <AccountCard title={i18n._(t.registerTitle)}>
      {done ? <SuccessView title={t.registerSuccess} /> : <RegisterForm onDone={() => setDone(true)} />}
    </AccountCard>
  );
}

/** Whether a changed username or contact is taken, checked on blur (spec section 5). */
function useTakenCheck(form: AccountFormState<"username" | "contact">) {
  const { api } = useServices();
  const [checked, setChecked] = useState({ username: "", contact: "" });
  return async (field: "username" | "contact", value: string) => {
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
}

function RegisterForm(props: { onDone(): void }) {
  const { i18n } = useLingui();
  const { api, tracker } = useServices();
  const location = useLocation();
  const [username, setUsername] = useState("");
  const [nickname, setNickname] = useState("");
  const [agreed, setAgreed] = useState(false);
  const form = useAccountForm<RegisterField>();
  const sender = useCodeSender(form, { scene: "register", receiverCodes: [1004, 1009, 1010] });
  const newPassword = useNewPassword();
  const checkTaken = useTakenCheck(form);

  const submit = () =>
    form.submit({
      checks: {
        username: checkUsername(username),
        nickname: checkNickname(nickname),
        ...sender.checks(),
        ...newPassword.checks(),
        agreement: checkAgreement(agreed),
      },
      call: async () => {
        await register(api, {
          username: username.trim(),
          nickname: nickname.trim(),
          email_or_phone: sender.receiver.trim(),
          code: sender.code.trim(),
          password: newPassword.password,
        });
        tracker.track("REGESTER", location.href, {});
        props.onDone();
      },
      fields: { ...CODE_REFUSALS, 1003: "username", 1004: "contact" },
    });

  return (
    <>
      <AccountForm name="register" onSubmit={() => void submit()} state={form} submitText={t.register}>
        <AccountInput
          form={form}
          field="username"
          label={t.username}
          name="username"
          autoComplete="username"
          maxLength={50}
          value={username}
          onChange={setUsername}
          rule={checkUsername}
          onChecked={(value) => void checkTaken("username", value)}
        />
        <AccountInput
          form={form}
          field="nickname"
          label={t.nickname}
          name="nickname"
          autoComplete="nickname"
          maxLength={50}
          value={nickname}
          onChange={setNickname}
          rule={checkNickname}
        />
        <ReceiverField
          form={form}
          sender={sender}
          name="email_or_phone"
          onChecked={(value) => void checkTaken("contact", value)}
        />
        <CodeField form={form} sender={sender} />
        <NewPasswordFields form={form} value={newPassword} label={t.password} />
        <AgreementCheck checked={agreed} onChange={setAgreed} error={form.errors.agreement} />
        <Text size={200}>{i18n._(t.minorNotice)}</Text>
      </AccountForm>
      <InlineLink to="/login" text={t.toLogin} />
    </>
  );
}
