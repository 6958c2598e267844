/**
 * Sending a verification code (`POST /v1/user/phone_code`): the contact and the image captcha are
 * checked first; whatever the answer, the captcha is used up, so its field empties and a new image
 * loads. Too frequent (430/507) and sending failures (508) are toasted by the API client.
 */
import { useLingui } from "@lingui/react";
import type { CodeScene } from "../../../contract/accounts.ts";
import { sendCode } from "../../api/accounts.ts";
import { useServices } from "../../app/shell/services.ts";
import { accountText as t } from "./messages.ts";
import type { CaptchaState } from "./useCaptcha.ts";
import type { FormErrors } from "./useFormErrors.ts";
import { checkCaptcha, checkContact } from "./validation.ts";

export type CodeSenderOptions<K extends string> = {
  scene: CodeScene;
  contact: string;
  captchaText: string;
  setCaptchaText(value: string): void;
  captcha: CaptchaState;
  form: FormErrors<K | "contact" | "captcha">;
  /** Codes that say something about the contact (unknown, taken, wrong). */
  contactCodes: readonly number[];
};

/** Answers the send action of the code field: it resolves true when a code went out. */
export function useCodeSender<K extends string>(options: CodeSenderOptions<K>): () => Promise<boolean> {
  const { i18n } = useLingui();
  const { api, events } = useServices();
  const { scene, contact, captchaText, setCaptchaText, captcha, form, contactCodes } = options;
  return async () => {
    const contactOk = form.check("contact", checkContact(contact));
    const captchaOk = form.check("captcha", checkCaptcha(captchaText));
    const identifier = captcha.captcha?.identifier;
    if (!contactOk || !captchaOk || !identifier) return false;
    try {
      await sendCode(api, { receiver: contact.trim(), scene, captcha: captchaText.trim(), identifier });
      events.emit("success", i18n._(t.codeSent));
      return true;
    } catch (error) {
      const fields: Partial<Record<number, "contact" | "captcha">> = { 505: "captcha", 506: "captcha" };
      for (const code of contactCodes) fields[code] = "contact";
      form.showCode(error, fields);
      return false;
    } finally {
      setCaptchaText("");
      captcha.reload();
    }
  };
}
