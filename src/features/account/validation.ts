/**
 * The account forms' rules (spec section 5) as pure functions: each answers the message to show
 * under the field, or null when the value is acceptable. The server applies the same rules.
 */
import type { MessageDescriptor } from "@lingui/core";
import {
  CODE_PATTERN,
  ELEVEN_DIGITS,
  isEmail,
  isNickname,
  isPassword,
  isPhone,
  isUsername,
  USERNAME_MAX,
  USERNAME_MIN,
} from "../../../contract/account-rules.ts";
import { isCleanText } from "../../../contract/text-rules.ts";
import { fieldErrors as e } from "./messages.ts";

export type Check = MessageDescriptor | null;

/** Shown under a name holding control characters or bidirectional formatting (contract/text-rules.ts). */
export const nicknameCharsError: MessageDescriptor = /*i18n*/ {
  id: "account.error.nicknameChars",
  message: "昵称不能包含控制字符或文字方向控制符",
};

/** Sign-in name: a username, or an e-mail or phone, judged by what it looks like. */
export function checkAccount(value: string): Check {
  const v = value.trim();
  if (v === "") return e.accountRequired;
  if (v.includes("@")) return isEmail(v) ? null : e.emailInvalid;
  if (ELEVEN_DIGITS.test(v)) return isPhone(v) ? null : e.phoneInvalid;
  return null;
}

export function checkContact(value: string): Check {
  const v = value.trim();
  if (v === "") return e.contactRequired;
  if (isEmail(v) || isPhone(v)) return null;
  if (v.includes("@")) return e.emailInvalid;
  if (/^\d+$/.test(v)) return e.phoneInvalid;
  return e.contactInvalid;
}

export const checkPasswordPresent = (value: string): Check => (value === "" ? e.passwordRequired : null);

/** At least 6 characters mixing at least two of letters, digits and symbols. */
export function checkNewPassword(value: string): Check {
  if (value === "") return e.passwordRequired;
  return isPassword(value) ? null : e.passwordRule;
}

export function checkRepeat(password: string, repeat: string): Check {
  if (repeat === "") return e.passwordRequired;
  return repeat === password ? null : e.notSame;
}

/**
 * The repeat checked while it is typed: quiet until it is as long as the password (or a message
 * already shows), so a half-typed repeat is not called wrong.
 */
export function checkRepeatTyping(password: string, repeat: string, shown: boolean): Check {
  if (!shown && (repeat === "" || repeat.length < password.length)) return null;
  return checkRepeat(password, repeat);
}

export function checkUsername(value: string): Check {
  const v = value.trim();
  if (v === "") return e.usernameRequired;
  const length = [...v].length;
  if (length < USERNAME_MIN || length > USERNAME_MAX) return e.usernameLength;
  if (v.includes("@") || ELEVEN_DIGITS.test(v)) return e.usernameLikeContact;
  return isUsername(v) ? null : e.usernameChars;
}

export function checkNickname(value: string): Check {
  const v = value.trim();
  if (v === "") return e.nicknameRequired;
  if (!isNickname(v)) return e.nicknameLength;
  return isCleanText(v, "single-line") ? null : nicknameCharsError;
}

export const checkCaptcha = (value: string): Check => (value.trim() === "" ? e.captchaRequired : null);

export function checkCode(value: string): Check {
  const v = value.trim();
  if (v === "") return e.codeRequired;
  return CODE_PATTERN.test(v) ? null : e.codeFormat;
}

export const checkAgreement = (agreed: boolean): Check => (agreed ? null : e.agreementRequired);
