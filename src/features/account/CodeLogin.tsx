/**
 * The code tab of `/login`: a code sent to the e-mail or phone of an account. Sending it needs the
 * image captcha, so the captcha is always shown here.
 */
import { Button, Field, Input } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { codeLogin } from "../../api/accounts.ts";
import { useServices } from "../../app/shell/services.ts";
import { AccountForm } from "./AccountCard.tsx";
import { useCompleteLogin } from "./completeLogin.ts";
import { AgreementCheck, CaptchaInput, CodeInput, FieldError, FormAlert } from "./fields.tsx";
import { accountText as t } from "./messages.ts";
import type { Agreement } from "./useAgreement.ts";
import { useCaptcha } from "./useCaptcha.ts";
import { useCodeSender } from "./useCodeSender.ts";
import { onLeave, useFormErrors } from "./useFormErrors.ts";
import { checkCode, checkContact } from "./validation.ts";

type CodeLoginField = "contact" | "captcha" | "code";

export function CodeLogin(props: { agreement: Agreement }) {
  const { i18n } = useLingui();
  const { api } = useServices();
  const complete = useCompleteLogin();
  const { agreement } = props;
  const [contact, setContact] = useState("");
  const [captchaText, setCaptchaText] = useState("");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const captcha = useCaptcha(true);
  const form = useFormErrors<CodeLoginField>();
  const send = useCodeSender({
    scene: "login",
    contact,
    captchaText,
    setCaptchaText,
    captcha,
    form,
    contactCodes: [606, 1009, 1010],
  });

  const submit = async () => {
    const agreed = agreement.require();
    const ok = form.checkAll({ contact: checkContact(contact), code: checkCode(code) });
    if (!ok || !agreed) return;
    setBusy(true);
    try {
      complete(await codeLogin(api, contact.trim(), code.trim()), "code");
    } catch (error) {
      form.showCode(error, { 1005: "code", 1008: "code", 606: "contact" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountForm name="code-login" onSubmit={() => void submit()}>
      <Field label={i18n._(t.contact)} required {...FieldError(form.errors.contact, (d) => i18n._(d))}>
        <Input
          name="receiver"
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
      <CodeInput
        value={code}
        onChange={setCode}
        onSend={send}
        error={form.errors.code}
        onBlur={onLeave(() => form.check("code", checkCode(code)))}
      />
      <AgreementCheck checked={agreement.agreed} onChange={agreement.set} error={agreement.error} />
      <FormAlert failure={form.failure} />
      <Button appearance="primary" type="submit" disabled={busy}>
        {i18n._(t.login)}
      </Button>
    </AccountForm>
  );
}
