/**
 * A verification code (`POST /v1/user/phone_code`): the e-mail or phone it goes to, the image
 * captcha that lets it be sent, the code typed back, and the wait before another may be asked for.
 * Whatever the server answers, the captcha is used up, so its field empties and a new image loads.
 * Too frequent (430/507) and sending failures (508) are toasted by the API client.
 */
import { useLingui } from "@lingui/react";
import { useEffect, useState } from "react";
import { CODE_RESEND_MS } from "../../../../contract/account-rules.ts";
import type { CodeScene } from "../../../../contract/accounts.ts";
import { sendCode } from "../../../api/accounts.ts";
import { useServices } from "../../../app/shell/services.ts";
import { accountText as t } from "../messages.ts";
import type { FormErrors } from "../useFormErrors.ts";
import { type Check, checkCaptcha, checkCode, checkContact } from "../validation.ts";
import { type CaptchaState, useCaptcha } from "./useCaptcha.ts";

/** The fields of a form that a code is sent from. */
export type CodeFieldName = "contact" | "captcha" | "code";

/** The code's own refusals, shown under it: wrong (1005) or expired (1008). */
export const CODE_REFUSALS = { 1005: "code", 1008: "code" } as const;

export type CodeSenderOptions = {
  scene: CodeScene;
  /** Codes that say something about the receiver (unknown, taken, wrong). */
  receiverCodes: readonly number[];
  /** The receiver's rule when any e-mail or phone will not do (a new one to bind). */
  checkReceiver?: (value: string) => Check;
};

export type CodeSender = {
  receiver: string;
  setReceiver(value: string): void;
  checkReceiver(value: string): Check;
  captcha: CaptchaState;
  captchaText: string;
  setCaptchaText(value: string): void;
  code: string;
  setCode(value: string): void;
  /** Seconds before another code may be asked for; 0 when it may. */
  left: number;
  sending: boolean;
  /** Checks the receiver and the captcha, then sends; the wait starts when a code went out. */
  send(): Promise<void>;
  /** The rules of the receiver and the code, for the form's submission. */
  checks(): { contact: Check; code: Check };
};

export function useCodeSender(form: FormErrors<CodeFieldName>, options: CodeSenderOptions): CodeSender {
  const { i18n } = useLingui();
  const { api, events } = useServices();
  const { scene, receiverCodes, checkReceiver = checkContact } = options;
  const [receiver, setReceiver] = useState("");
  const [captchaText, setCaptchaText] = useState("");
  const [code, setCode] = useState("");
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const captcha = useCaptcha(true);

  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);

  const send = async () => {
    const receiverOk = form.check("contact", checkReceiver(receiver));
    const captchaOk = form.check("captcha", checkCaptcha(captchaText));
    const identifier = captcha.captcha?.identifier;
    if (!receiverOk || !captchaOk || !identifier) return;
    setSending(true);
    try {
      await sendCode(api, { receiver: receiver.trim(), scene, captcha: captchaText.trim(), identifier });
      events.emit("success", i18n._(t.codeSent));
      setLeft(CODE_RESEND_MS / 1000);
    } catch (error) {
      const fields: Partial<Record<number, CodeFieldName>> = { 505: "captcha", 506: "captcha" };
      for (const refusal of receiverCodes) fields[refusal] = "contact";
      form.showCode(error, fields);
    } finally {
      setSending(false);
      setCaptchaText("");
      captcha.reload();
    }
  };

  return {
    receiver,
    setReceiver,
    checkReceiver,
    captcha,
    captchaText,
    setCaptchaText,
    code,
    setCode,
    left,
    sending,
    send,
    checks: () => ({ contact: checkReceiver(receiver), code: checkCode(code) }),
  };
}
