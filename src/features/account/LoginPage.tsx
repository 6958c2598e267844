/** `/login`: password sign-in and code sign-in (spec section 2, "Sign-in, sign-up, recovery"). */
import { Button, Field, Input, makeStyles, Tab, TabList, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { codeLogin, isLoginCaptchaShown, passwordLogin, sendCode } from "../../api/accounts.ts";
import { ApiError } from "../../api/errors.ts";
import { useServices } from "../../app/shell/services.ts";
import { AccountCard, AccountForm } from "./AccountCard.tsx";
import { useCompleteLogin } from "./completeLogin.ts";
import { AgreementCheck, CaptchaInput, CodeInput, FieldError, InlineLink } from "./fields.tsx";
import { accountText as t } from "./messages.ts";
import { OAuthButtons } from "./OAuthButtons.tsx";
import { useCaptcha } from "./useCaptcha.ts";
import { onLeave, useFormErrors } from "./useFormErrors.ts";
import {
  checkAccount,
  checkAgreement,
  checkCaptcha,
  checkCode,
  checkContact,
  checkPasswordPresent,
} from "./validation.ts";

const useStyles = makeStyles({
  links: { display: "flex", justifyContent: "space-between", gap: tokens.spacingHorizontalM },
});

/** Codes that mean the image captcha must be (re)entered. */
const CAPTCHA_CODES = new Set([1505, 1506, 505, 506]);

function PasswordLogin() {
  const { i18n } = useLingui();
  const { api } = useServices();
  const complete = useCompleteLogin();
  const [account, setAccount] = useState("");
  const [password, setPassword] = useState("");
  const [captchaText, setCaptchaText] = useState("");
  const [agreed, setAgreed] = useState(false);
  const [captchaShown, setCaptchaShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const captcha = useCaptcha(captchaShown);
  const form = useFormErrors<"account" | "password" | "captcha" | "agreement">();

  const askCaptcha = async (name: string) => {
    if (checkAccount(name) !== null) return;
    try {
      if (await isLoginCaptchaShown(api, name.trim())) setCaptchaShown(true);
    } catch {
      // The sign-in answer says so too (1505) if this question fails.
    }
  };

  const submit = async () => {
    const ok = form.checkAll({
      account: checkAccount(account),
      password: checkPasswordPresent(password),
      captcha: captchaShown ? checkCaptcha(captchaText) : null,
      agreement: checkAgreement(agreed),
    });
    if (!ok) return;
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
      const code = error instanceof ApiError ? error.code : null;
      form.showCode(error, { 1505: "captcha", 1506: "captcha" });
      setCaptchaText("");
      if (code !== null && CAPTCHA_CODES.has(code)) {
        setCaptchaShown(true);
        captcha.reload();
      } else {
        if (captchaShown) captcha.reload();
        void askCaptcha(account);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountForm name="password-login" onSubmit={() => void submit()}>
      <Field label={i18n._(t.account)} required {...FieldError(form.errors.account, (d) => i18n._(d))}>
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
      <Field label={i18n._(t.password)} required {...FieldError(form.errors.password, (d) => i18n._(d))}>
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
          state={captcha}
          value={captchaText}
          onChange={setCaptchaText}
          error={form.errors.captcha}
        />
      )}
      <AgreementCheck checked={agreed} onChange={setAgreed} error={form.errors.agreement} />
      <Button appearance="primary" type="submit" disabled={busy}>
        {i18n._(t.login)}
      </Button>
    </AccountForm>
  );
}

function CodeLogin() {
  const { i18n } = useLingui();
  const { api } = useServices();
  const complete = useCompleteLogin();
  const [contact, setContact] = useState("");
  const [captchaText, setCaptchaText] = useState("");
  const [code, setCode] = useState("");
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const captcha = useCaptcha(true);
  const form = useFormErrors<"contact" | "captcha" | "code" | "agreement">();

  const send = async (): Promise<boolean> => {
    const contactOk = form.check("contact", checkContact(contact));
    const captchaOk = form.check("captcha", checkCaptcha(captchaText));
    const identifier = captcha.captcha?.identifier;
    if (!contactOk || !captchaOk || !identifier) return false;
    try {
      await sendCode(api, {
        receiver: contact.trim(),
        scene: "login",
        captcha: captchaText.trim(),
        identifier,
      });
      return true;
    } catch (error) {
      form.showCode(error, { 606: "contact", 1009: "contact", 1010: "contact" });
      return false;
    } finally {
      setCaptchaText("");
      captcha.reload();
    }
  };

  const submit = async () => {
    const ok = form.checkAll({
      contact: checkContact(contact),
      code: checkCode(code),
      agreement: checkAgreement(agreed),
    });
    if (!ok) return;
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
      <AgreementCheck checked={agreed} onChange={setAgreed} error={form.errors.agreement} />
      <Button appearance="primary" type="submit" disabled={busy}>
        {i18n._(t.login)}
      </Button>
    </AccountForm>
  );
}

export function LoginPage() {
  const styles = useStyles();
  const { i18n } = useLingui();
  const [tab, setTab] = useState<"password" | "code">("password");
  return (
    <AccountCard title={i18n._(t.loginTitle)}>
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value === "code" ? "code" : "password")}>
        <Tab value="password">{i18n._(t.passwordTab)}</Tab>
        <Tab value="code">{i18n._(t.codeTab)}</Tab>
      </TabList>
      {tab === "password" ? <PasswordLogin /> : <CodeLogin />}
      <div className={styles.links}>
        <InlineLink to="/register" text={t.toRegister} />
        <InlineLink to="/forget-password" text={t.forgot} />
      </div>
      <OAuthButtons />
    </AccountCard>
  );
}
