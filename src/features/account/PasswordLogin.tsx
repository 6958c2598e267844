/**
 * The password tab of `/login`. The image captcha shows when the server asks for it for the typed
 * name (checked when the name field is left) or answers 1505/1506; a wrong captcha keeps the form
 * and shows a fresh image.
 */
import { useState } from "react";
import { isLoginCaptchaShown, passwordLogin } from "../../api/accounts.ts";
import { ApiError } from "../../api/errors.ts";
import { useServices } from "../../app/shell/services.ts";
import { AccountForm } from "./AccountCard.tsx";
import { useCompleteLogin } from "./completeLogin.ts";
import { AgreementCheck } from "./fields.tsx";
import { AccountInput } from "./form/AccountInput.tsx";
import { CaptchaInput } from "./form/CodeFields.tsx";
import { useAccountForm } from "./form/useAccountForm.ts";
import { useCaptcha } from "./form/useCaptcha.ts";
import { accountText as t } from "./messages.ts";
import type { Agreement } from "./useAgreement.ts";
import { checkAccount, checkCaptcha, checkPasswordPresent } from "./validation.ts";

/** Codes that mean the image captcha must be (re)entered. */
const CAPTCHA_CODES: ReadonlySet<number> = new Set([1505, 1506, 505, 506]);

export function PasswordLogin(props: { agreement: Agreement }) {
  const { api } = useServices();
  const complete = useCompleteLogin();
  const { agreement } = props;
  const [account, setAccount] = useState("");
  const [password, setPassword] = useState("");
  const [captchaText, setCaptchaText] = useState("");
  const [captchaShown, setCaptchaShown] = useState(false);
  const captcha = useCaptcha(captchaShown);
  const form = useAccountForm<"account" | "password" | "captcha">();

  const askCaptcha = async (name: string) => {
    if (checkAccount(name) !== null) return;
    try {
      if (await isLoginCaptchaShown(api, name.trim())) setCaptchaShown(true);
    } catch {
      // The sign-in answer says so too (1505) if this question fails.
    }
  };

  const submit = () =>
    form.submit({
      ready: agreement.require(),
      checks: {
        account: checkAccount(account),
        password: checkPasswordPresent(password),
        captcha: captchaShown ? checkCaptcha(captchaText) : null,
      },
      call: async () => {
        const identifier = captchaShown ? captcha.captcha?.identifier : undefined;
        const token = await passwordLogin(api, {
          username: account.trim(),
          password,
          ...(identifier ? { captcha: captchaText.trim(), identifier } : {}),
        });
        complete(token, "password");
      },
      fields: { 1505: "captcha", 1506: "captcha", 511: "password", 606: "account" },
      onError: (error) => {
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
      },
    });

  return (
    <AccountForm name="password-login" onSubmit={() => void submit()} state={form} submitText={t.login}>
      <AccountInput
        form={form}
        field="account"
        label={t.account}
        name="username"
        autoComplete="username"
        value={account}
        onChange={setAccount}
        rule={checkAccount}
        onChecked={(name) => void askCaptcha(name)}
      />
      <AccountInput
        form={form}
        field="password"
        label={t.password}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        rule={checkPasswordPresent}
      />
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
    </AccountForm>
  );
}
