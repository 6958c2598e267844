/**
 * The code tab of `/login`: a code sent to the e-mail or phone of an account. Sending it needs the
 * image captcha, so the captcha is always shown here.
 */
import { codeLogin } from "../../api/accounts.ts";
import { useServices } from "../../app/shell/services.ts";
import { AccountForm } from "./AccountCard.tsx";
import { useCompleteLogin } from "./completeLogin.ts";
import { AgreementCheck } from "./fields.tsx";
import { CodeField, ReceiverField } from "./form/CodeFields.tsx";
import { useAccountForm } from "./form/useAccountForm.ts";
import { CODE_REFUSALS, type CodeFieldName, useCodeSender } from "./form/useCodeSender.ts";
import { accountText as t } from "./messages.ts";
import type { Agreement } from "./useAgreement.ts";

export function CodeLogin(props: { agreement: Agreement }) {
  const { api } = useServices();
  const complete = useCompleteLogin();
  const { agreement } = props;
  const form = useAccountForm<CodeFieldName>();
  const sender = useCodeSender(form, { scene: "login", receiverCodes: [606, 1009, 1010] });

  const submit = () =>
    form.submit({
      ready: agreement.require(),
      checks: sender.checks(),
      call: async () => complete(await codeLogin(api, sender.receiver.trim(), sender.code.trim()), "code"),
      fields: { ...CODE_REFUSALS, 606: "contact" },
    });

  return (
    <AccountForm name="code-login" onSubmit={() => void submit()} state={form} submitText={t.login}>
      <ReceiverField form={form} sender={sender} name="receiver" />
      <CodeField form={form} sender={sender} checkOnLeave />
      <AgreementCheck checked={agreement.agreed} onChange={agreement.set} error={agreement.error} />
    </AccountForm>
  );
}
