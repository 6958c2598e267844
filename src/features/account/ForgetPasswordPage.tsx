/** `/forget-password`: a new password set with a code sent to the account's e-mail or phone. */
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { resetPassword } from "../../api/accounts.ts";
import { useServices } from "../../app/shell/services.ts";
import { AccountCard, AccountForm } from "./AccountCard.tsx";
import { InlineLink } from "./fields.tsx";
import { CodeField, ReceiverField } from "./form/CodeFields.tsx";
import { NewPasswordFields, useNewPassword } from "./form/PasswordFields.tsx";
import { useAccountForm } from "./form/useAccountForm.ts";
import { CODE_REFUSALS, useCodeSender } from "./form/useCodeSender.ts";
import { accountText as t } from "./messages.ts";
import { SuccessView } from "./SuccessView.tsx";

export function ForgetPasswordPage() {
  const { i18n } = useLingui();
  const [done, setDone] = useState(false);
  return (
    <AccountCard title={i18n._(t.forgetTitle)}>
      {done ? <SuccessView title={t.resetSuccess} /> : <ResetForm onDone={() => setDone(true)} />}
    </AccountCard>
  );
}

function ResetForm(props: { onDone(): void }) {
  const { api } = useServices();
  const form = useAccountForm<"contact" | "captcha" | "code" | "password" | "repeat">();
  const sender = useCodeSender(form, {
    scene: "reset_password",
    receiverCodes: [606, 1009, 1010, 1012, 1013],
  });
  const newPassword = useNewPassword();

  const submit = () =>
    form.submit({
      checks: { ...sender.checks(), ...newPassword.checks() },
      call: async () => {
        await resetPassword(api, {
          email_or_phone: sender.receiver.trim(),
          code: sender.code.trim(),
          password: newPassword.password,
        });
        props.onDone();
      },
      fields: { ...CODE_REFUSALS, 606: "contact", 1012: "contact", 1013: "contact" },
    });

  return (
    <>
      <AccountForm
        name="forget-password"
        onSubmit={() => void submit()}
        state={form}
        submitText={t.resetPassword}
      >
        <ReceiverField form={form} sender={sender} name="email_or_phone" />
        <CodeField form={form} sender={sender} />
        <NewPasswordFields form={form} value={newPassword} label={t.newPassword} />
      </AccountForm>
      <InlineLink to="/login" text={t.backToLogin} />
    </>
  );
}
