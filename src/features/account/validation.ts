/**
 * The account forms' rules (spec section 5) as pure functions: each answers the message to show
 * under the field, or null when the value is acceptable. The server applies the same rules.
 */
import type { MessageDescriptor } from "@lingui/core";
import { isEmail, isPhone, USERNAME_MAX, USERNAME_MIN } from "../../../contract/accounts.ts";
import { fieldErrors as e } from "./messages.ts";

export type Check = MessageDescriptor | null;

/** Sign-in name: a username, or an e-mail or phone, judged by what it looks like. */
export function checkAccount(value: string): Check {
  const v = value.trim();
  if (v === "") return e.accountRequired;
  if (v.includes("@")) return isEmail(v) ? null : e.emailInvalid;
  if (/^\d{11}$/.test(v)) return isPhone(v) ? null : e.phoneInvalid;
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
  const kinds = [/[A-Za-z]/, /\d/, /[^A-Za-z\d]/].filter((re) => re.test(value)).length;
  return value.length >= 6 && value.length <= 128 && kinds >= 2 ? null : e.passwordRule;
}

export function checkRepeat(password: string, repeat: string): Check {
  if (repeat === "") return e.passwordRequired;
  return repeat === password ? null : e.notSame;
}

export function checkUsername(value: string): Check {
  const v = value.trim();
  if (v === "") return e.usernameRequired;
  const length = [...v].length;
  if (length < USERNAME_MIN || length > USERNAME_MAX) return e.usernameLength;
  if (v.includes("@") || /^\d{11}$/.test(v)) return e.usernameLikeContact;
  if (!/^[\p{Script=Han}A-Za-z0-9_.-]+$/u.test(v)) return e.usernameChars;
  return null;
}

export function checkNickname(value: string): Check {
  const v = value.trim();
  if (v === "") return e.nicknameRequired;
  return [...v].length > 50 ? e.nicknameLength : null;
}

export const checkCaptcha = (value: string): Check => (value.trim() === "" ? e.captchaRequired : null);

export function checkCode(value: string): Check {
  const v = value.trim();
  if (v === "") return e.codeRequired;
  return /^\d{6}$/.test(v) ? null : e.codeFormat;
}

export const checkAgreement = (agreed: boolean): Check => (agreed ? null : e.agreementRequired);

/** The first failing check of a form, keyed by field, or an empty object when all pass. */
export function collectErrors<K extends string>(
  checks: Record<K, Check>,
): Partial<Record<K, MessageDescriptor>> {
  const errors: Partial<Record<K, MessageDescriptor>> = {};
  for (const key of Object.keys(checks) as K[]) {
    const found = checks[key];
    if (found) errors[key] = found;
  }
  return errors;
}
