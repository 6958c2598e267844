/**
 * The password tab of `/login`. The image captcha shows when the server asks for it for the typed
 * name (checked when the name field is left) or answers 1505/1506; a wrong captcha keeps the form
 * and shows a fresh image.
 */
import { Button, Field, Input } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { isLoginCaptchaShown, passwordLogin } from "../../api/accounts.ts";
import { ApiError } from "../../api/errors.ts";
import { useServices } from "../../app/shell/services.ts";
import { AccountForm } from "./AccountCard.tsx";
import { useCompleteLogin } from "./completeLogin.ts";
import { AgreementCheck, CaptchaInput, FieldError, FormAlert } from "./fields.tsx";
import { accountText as t } from "./messages.ts";
import type { Agreement } from "./useAgreement.ts";
import { useCaptcha } from "./useCaptcha.ts";
import { onLeave, useFormErrors } from "./useFormErrors.ts";
import { checkAccount, checkCaptcha, checkPasswordPresent } from "./validation.ts";

/** Codes that mean the image captcha must be (re)entered. */
const CAPTCHA_CODES: ReadonlySet<number> = new Set([1505, 1506, 505, 506]);

export function PasswordLogin(props: { agreement: Agreement }) {
  const { i18n } = useLingui();
  const { api } = useServices();
  const complete = useCompleteLogin();
  const { agreement } = props;
  const [account, setAccount] = useState("");
  const [password, setPassword] = useState("");
  const [captchaText, setCaptchaText] = useState("");
  const [captchaShown, setCaptchaShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const captcha = useCaptcha(captchaShown);
  const form = useFormErrors<"account" | "password" | "captcha">();
  const show = (field: "account" | "password" | "captcha") =>
    FieldError(form.errors[field], (d) => i18n._(d));

  const askCaptcha = async (name: string) => {
    if (checkAccount(name) !== null) return;
    try {
      if (await isLoginCaptchaShown(api, name.trim())) setCaptchaShown(true);
    } catch {
      // The sign-in answer says so too (1505) if this question fails.
    }
  };

  const submit = async () => {
    const agreed = agreement.require();
    const ok = form.checkAll({
      account: checkAccount(account),
      password: checkPasswordPresent(password),
      captcha: captchaShown ? checkCaptcha(captchaText) : null,
    });
    if (!ok || !agreed) return;
    setBusy(true);
    try {
      const identifier = captchaShown ? captcha.captcha?.identifier : undefined;
      const token = await passwordLogin(api, {
        username: account.trim(),
        password,
        ...(identifier ? { captcha: captchaText.trim(), identifier } : {}),
      });
      complete(token, "password");
    } catch (error) {
      form.showCode(error, { 1505: "captcha", 1506: "captcha", 511: "password", 606: "account" });
      setCaptchaText("");
      const code = error instanceof ApiError ? error.code : null;
      if (code !== null && CAPTCHA_CODES.has(code)) {
        setCaptchaShown(true);
        captcha.reload();
      } else {
        // Each failure may be the one after which the server wants the captcha.
        if (captchaShown) captcha.reload();
        void askCaptcha(account);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountForm name="password-login" onSubmit={() => void submit()}>
      <Field label={i18n._(t.account)} required {...show("account")}>
        <Input
          name="username"
          autoComplete="username"
          value={account}
          onChange={(_, d) => setAccount(d.value)}
          onBlur={onLeave(() => {
            if (form.check("account", checkAccount(account))) void askCaptcha(account);
          })}
        />
      </Field>
      <Field label={i18n._(t.password)} required {...show("password")}>
        <Input
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(_, d) => setPassword(d.value)}
          onBlur={onLeave(() => form.check("password", checkPasswordPresent(password)))}
        />
      </Field>
      {captchaShown && (
        <CaptchaInput
          gates="signIn"
          state={captcha}
          value={captchaText}
          onChange={setCaptchaText}
          error={form.errors.captcha}
        />
      )}
      <AgreementCheck checked={agreement.agreed} onChange={agreement.set} error={agreement.error} />
      <FormAlert failure={form.failure} />
      <Button appearance="primary" type="submit" disabled={busy}>
        {i18n._(t.login)}
      </Button>
    </AccountForm>
  );
}
